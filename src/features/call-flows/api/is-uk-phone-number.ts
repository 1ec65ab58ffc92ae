import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { callFlowEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** GET /api/v1/tools/is-uk-phone-number/?number=: whether the server takes it for a UK number. */
export function isUkPhoneNumber(number: string, signal?: AbortSignal) {
  return apiCall(callFlowEndpoints.isUkPhoneNumber, { query: { number }, signal }).then((answer) => answer.valid);
}

export function ukPhoneNumberQueryOptions(number: string) {
  return queryOptions({
    queryKey: callFlowKeys.ukNumber(number),
    queryFn: ({ signal }) => isUkPhoneNumber(number, signal),
    // Whether a number is a UK number does not change.
    staleTime: Infinity,
  });
}

/** The check as a function (what the canvas's divert dialog calls), answered from the cache when asked before. */
export function checkUkPhoneNumber(queryClient: QueryClient, number: string): Promise<boolean> {
  return queryClient.fetchQuery(ukPhoneNumberQueryOptions(number.trim()));
}
