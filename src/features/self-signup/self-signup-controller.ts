import {
  selfSignupMessages,
  SsuGoogleDetails,
  type NewPasswordPair,
  type NumberRating,
  type PinWithConfirmation,
  type ProvisioningStatus,
  type SignupFeature,
} from '@portal/contract';

import { isApiError } from '../../lib/api-error.ts';
import { userErrorText } from '../../lib/error-text.ts';
import type { SelfSignupCalls } from './api/self-signup-api.ts';
import { clearDraft, readStoredDraft, resumeDraft, saveDraft, type SignupDraft, type SignupSection } from './draft.ts';

/**
 * The self sign-up's state, outside React (the canvas-controller split): the draft (saved on
 * every update), the section shown (needs, number, details, started; back allowed until the
 * customer exists), the calls and their errors, the existing-user dialog (step 'welcome') and
 * the provisioning polled at the end. Pages are views of getState().
 */

export interface DetailsInput {
  first_name: string;
  last_name: string;
  business_name: string;
  email_address: string;
  mobile_number: string;
}

export interface SelfSignupState {
  draft: SignupDraft;
  section: SignupSection;
  busy: boolean;
  /** Why the last call failed: a message, and field messages. */
  error: string | null;
  fieldErrors: Record<string, string>;
  /** The existing-user dialog's step ('welcome'), or null while it is closed. */
  existingUserStep: 'welcome' | null;
  pinSet: boolean;
  /** The portal password is set: the address to sign in with next time. */
  passwordSetFor: string | null;
  provisioning: ProvisioningStatus | null;
}

export interface SelfSignupOptions {
  supplier: 2 | 3;
  calls: SelfSignupCalls;
  now?: () => Date;
  /** Every failed step, with its stage (spec 001 section 7: signup errors tracked by stage). */
  onFailed?: (stage: string, message: string) => void;
  pollMs?: number;
}

/** The field messages of a 400 answer ({field: [message]}), and its detail. */
function errorsOf(error: unknown): { error: string | null; fieldErrors: Record<string, string> } {
  if (
    isApiError(error) &&
    error.status === 400 &&
    error.data &&
    typeof error.data === 'object' &&
    !('detail' in error.data)
  ) {
    const fieldErrors: Record<string, string> = {};
    for (const [field, messages] of Object.entries(error.data as Record<string, unknown>)) {
      if (Array.isArray(messages) && typeof messages[0] === 'string') fieldErrors[field] = messages[0];
    }
    return { error: Object.keys(fieldErrors).length > 0 ? null : userErrorText(error), fieldErrors };
  }
  return { error: userErrorText(error), fieldErrors: {} };
}

export function createSelfSignupController({
  supplier,
  calls,
  now = () => new Date(),
  onFailed,
  pollMs = 1000,
}: SelfSignupOptions) {
  const draft = resumeDraft(readStoredDraft(), supplier, now());
  let state: SelfSignupState = {
    draft,
    section: 'needs',
    busy: false,
    error: null,
    fieldErrors: {},
    existingUserStep: null,
    pinSet: false,
    passwordSetFor: null,
    provisioning: null,
  };
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  /** Google's answers already sent: each state works once (React runs a page's effect twice in development). */
  const googleStates = new Set<string>();

  const set = (next: Partial<SelfSignupState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const update = (changes: Partial<SignupDraft>) => set({ draft: saveDraft({ ...state.draft, ...changes }, now()) });
  /** The server says the chosen number is gone (someone else's phone has it now): the draft drops it, so the number step asks again. */
  const dropNumberIfGone = () => {
    if (state.fieldErrors.chosen_number)
      update({
        chosen_number: null,
        chosen_number_rating: null,
        chosen_number_area: null,
        number: { is_set: false, chosen_number: null },
      });
  };

  async function run<T>(stage: string, call: () => Promise<T>): Promise<T | undefined> {
    set({ busy: true, error: null, fieldErrors: {} });
    try {
      return await call();
    } catch (error) {
      const errors = errorsOf(error);
      set(errors);
      onFailed?.(stage, errors.error ?? Object.values(errors.fieldErrors)[0] ?? 'failed');
      throw error;
    } finally {
      set({ busy: false });
    }
  }
  const quietly = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch {
      // The state holds the error.
    }
  };

  async function poll() {
    const token = state.draft.ssu_details_token;
    if (disposed || !token) return;
    try {
      const status = await calls.provisioningStatus(token);
      set({ provisioning: status });
      if (status.status === 'provisioned' || status.status === 'failed') return;
    } catch (error) {
      onFailed?.('provisioning-status', userErrorText(error));
    }
    if (!disposed) timer = setTimeout(() => void poll(), pollMs);
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Shows a section (the route's page); polling starts on 'started' once the customer exists. */
    show(section: SignupSection) {
      set({ section, error: null, fieldErrors: {} });
      if (section === 'started' && state.draft.product_id !== null && !state.provisioning && timer === undefined)
        void poll();
    },
    setReferral(code: string | null) {
      if (code && /^[A-Z0-9]{8}$/.test(code)) update({ referral_code: code });
    },
    /** needs: what the phone is for (at least one). */
    chooseNeeds(features: SignupFeature[]): boolean {
      if (features.length === 0) {
        set({ fieldErrors: { features_to_use: selfSignupMessages.featuresRequired } });
        return false;
      }
      update({ features_to_use: features, needs: { is_set: true, features_to_use: features } });
      const token = state.draft.ssu_details_token;
      if (token && state.draft.product_id === null)
        void quietly(run('features-to-use', () => calls.featuresToUse(token, features)));
      return true;
    },
    /** number: one of the numbers area's inventory; the server reserves it for the phone once the e-mail is confirmed. */
    chooseNumber(number: { number: string; area: string | null; rating: NumberRating | null }) {
      update({
        chosen_number: number.number,
        chosen_number_rating: number.rating,
        chosen_number_area: number.area,
        number: { is_set: true, chosen_number: number.number },
      });
    },
    /** details: creates the lead (or updates it) and sends the e-mail PIN. */
    async submitDetails(input: DetailsInput): Promise<boolean> {
      const { draft: current } = state;
      try {
        const lead = await run('create-lead', () =>
          calls.createLead({
            ...input,
            ...(current.ssu_details_token && { ssu_details_token: current.ssu_details_token }),
            features_to_use: current.features_to_use,
            chosen_number: current.chosen_number ?? '',
            supplier: current.supplier,
            ...(current.referral_code && { referral_code: current.referral_code }),
          }),
        );
        if (!lead) return false;
        update({
          ...input,
          full_name: `${input.first_name} ${input.last_name}`.trim(),
          ssu_details_token: lead.ssu_details_token,
          customer_details_completed: lead.customer_details_completed,
        });
        return true;
      } catch (error) {
        // A lead the server no longer knows (replaced, or finished elsewhere): start it again.
        if (isApiError(error) && error.status === 404) update({ ssu_details_token: null });
        dropNumberIfGone();
        return false;
      }
    },
    /**
     * details: "Sign up with Google". Checks and keeps the business name and mobile (Google gives the name and
     * e-mail); answers whether the page may leave for Google.
     */
    keepForGoogle(input: Pick<DetailsInput, 'business_name' | 'mobile_number'>): boolean {
      const checked = SsuGoogleDetails.safeParse(input);
      if (!checked.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of checked.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
        set({ fieldErrors, error: null });
        return false;
      }
      update({ business_name: input.business_name.trim(), mobile_number: input.mobile_number.trim() });
      return true;
    },
    /** details, back from Google with its code: the customer is made (no PIN: Google confirmed the address), or the existing-user dialog opens. */
    async signUpWithGoogle(google: { code: string; state: string }): Promise<boolean> {
      if (googleStates.has(google.state)) return false;
      googleStates.add(google.state);
      const { draft: current } = state;
      try {
        const answer = await run('google', () =>
          calls.google({
            ...google,
            business_name: current.business_name,
            mobile_number: current.mobile_number,
            features_to_use: current.features_to_use,
            chosen_number: current.chosen_number ?? '',
            supplier: current.supplier,
            ...(current.referral_code && { referral_code: current.referral_code }),
          }),
        );
        if (!answer) return false;
        const { first_name, last_name, email_address } = answer.user_data;
        update({
          first_name,
          last_name,
          email_address,
          full_name: `${first_name} ${last_name}`.trim(),
          ssu_details_token: answer.ssu_details_token,
          customer_details_completed: answer.customer_details_completed,
          verifyKey: answer.key,
          product_id: answer.product_id,
          account_id: answer.account_id,
          user_verified: true,
          details: { is_set: true },
        });
        return true;
      } catch (error) {
        if (isApiError(error) && error.status === 409) set({ existingUserStep: 'welcome', error: null });
        dropNumberIfGone();
        return false;
      }
    },
    /** details: the e-mailed PIN; the customer is made, or the existing-user dialog opens. */
    async verifyPin(pin: string): Promise<boolean> {
      const token = state.draft.ssu_details_token;
      if (!token) return false;
      try {
        const answer = await run('verify-pin', () => calls.verifyPin(token, pin));
        if (!answer) return false;
        update({
          verifyKey: answer.key,
          product_id: answer.product_id,
          account_id: answer.account_id,
          user_verified: true,
          details: { is_set: true },
        });
        return true;
      } catch (error) {
        if (isApiError(error) && error.status === 409) set({ existingUserStep: 'welcome', error: null });
        dropNumberIfGone();
        return false;
      }
    },
    /** started: the phone's PIN, with the key verify-pin gave. */
    async createPin(body: PinWithConfirmation): Promise<boolean> {
      const key = state.draft.verifyKey;
      if (!key) return false;
      try {
        await run('create-pin', () => calls.createPin(key, body));
        set({ pinSet: true });
        return true;
      } catch {
        return false;
      }
    },
    /** started: the portal password, to sign in with next time, with the key verify-pin gave. */
    async createPassword(body: NewPasswordPair): Promise<boolean> {
      const key = state.draft.verifyKey;
      if (!key) return false;
      try {
        const answer = await run('create-password', () => calls.createPassword(key, body));
        if (!answer) return false;
        set({ passwordSetFor: answer.email });
        return true;
      } catch {
        return false;
      }
    },
    /** The end: the draft is cleared; answers the session key to sign in with. */
    finish(): string | null {
      const key = state.draft.verifyKey;
      clearDraft();
      return key;
    },
    /** The existing-user dialog's "Start again": a fresh draft. */
    reset() {
      clearDraft();
      set({
        draft: saveDraft(resumeDraft(null, supplier, now()), now()),
        existingUserStep: null,
        section: 'needs',
        error: null,
        fieldErrors: {},
      });
    },
    closeExistingUser() {
      set({ existingUserStep: null });
    },
    /** Whether going back is allowed: not once the customer exists. */
    canGoBack: () => state.draft.product_id === null,
    dispose() {
      disposed = true;
      if (timer !== undefined) clearTimeout(timer);
      listeners.clear();
    },
  };
}

export type SelfSignupController = ReturnType<typeof createSelfSignupController>;
