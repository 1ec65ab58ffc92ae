import { useMutation } from '@tanstack/react-query';

import type { NumberRating } from '@portal/contract';

import { track } from '../../../lib/analytics.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { saveDraft, type SignupDraft } from '../draft.ts';
import { selfSignupCalls } from './self-signup-api.ts';

/** A number of the numbers area's chooser, as the online sign-up's number page gets it. */
export interface OnlineChosenNumber {
  number: string;
  area: string | null;
  rating: NumberRating | null;
}

/** The first message of a 400 answer's field (`{field: [message]}`), if the answer has one. */
function fieldMessage(failure: unknown, field: string): unknown[] | undefined {
  return isApiError(failure) &&
    failure.status === 400 &&
    failure.data &&
    typeof failure.data === 'object' &&
    field in failure.data
    ? (failure.data as Record<string, unknown[]>)[field]
    : undefined;
}

/** What the number page says when its number could not be kept: the server's word on the number, else the usual text. */
export function chooseNumberErrorText(failure: unknown): string {
  return (fieldMessage(failure, 'chosen_number')?.[0] as string | undefined) ?? userErrorText(failure);
}

/** What the trial page says under the PIN when it was refused: the server's word on the PIN, else the usual text. */
export function verifyPinErrorText(failure: unknown): string {
  const pin = fieldMessage(failure, 'pin');
  return pin ? String(pin[0]) : userErrorText(failure);
}

/**
 * The online sign-up's number page (spec 000 section 2): PATCH lead-details with the number
 * chosen, then the draft keeps it. A failure is tracked with its stage (spec 001 section 7).
 */
export function useChooseOnlineNumber() {
  return useMutation({
    mutationFn: ({ token, number }: { token: string; number: OnlineChosenNumber; draft: SignupDraft }) =>
      selfSignupCalls.updateLeadDetails(token, { chosen_number: number.number }),
    onSuccess: (_answer, { number, draft }) =>
      saveDraft(
        {
          ...draft,
          chosen_number: number.number,
          chosen_number_rating: number.rating,
          chosen_number_area: number.area,
          number: { is_set: true, chosen_number: number.number },
        },
        new Date(),
      ),
    onError: (failure) => track('Online sign-up - failed', { stage: 'lead-update', message: userErrorText(failure) }),
  });
}

/**
 * The online sign-up's trial page: verify-pin with the PIN e-mailed to the lead; the draft then
 * keeps the session key and the customer made. A failure is tracked with its stage.
 */
export function useVerifyOnlinePin() {
  return useMutation({
    mutationFn: ({ token, pin }: { token: string; pin: string; draft: SignupDraft }) =>
      selfSignupCalls.verifyPin(token, pin),
    onSuccess: (answer, { draft }) =>
      saveDraft(
        {
          ...draft,
          verifyKey: answer.key,
          product_id: answer.product_id,
          account_id: answer.account_id,
          user_verified: true,
          number: { is_set: true, chosen_number: draft.chosen_number },
          details: { is_set: true },
        },
        new Date(),
      ),
    onError: (failure) => track('Online sign-up - failed', { stage: 'verify-pin', message: userErrorText(failure) }),
  });
}
