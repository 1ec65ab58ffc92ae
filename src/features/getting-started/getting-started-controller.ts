/**
 * The getting-started flow without React (spec 001 section 4): choose users, set a PIN, confirm
 * the installation address, then done. It holds the step, the choice of users and the
 * "loading" flag, which stays up while a step's call is on its way and clears
 * LOADING_CLEAR_DELAY_MS after it succeeded (spec 000 section 4, "Getting-started loading flag
 * clears 500 ms after success"). A refusal keeps everything entered. The page is a view over it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

import {
  gettingStartedMessages,
  type GettingStartedDetails,
  type GettingStartedPinRequest,
  type InstallationAddress,
  type InstallationAddressInput,
} from '@portal/contract';

/** Spec 000 sections 4 and 9: the getting-started loading flag clears this long after success. */
export const LOADING_CLEAR_DELAY_MS = 500;

export const GETTING_STARTED_STEPS = ['users', 'pin', 'address'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number] | 'done';

export const stepTitles: Record<GettingStartedStep, string> = {
  users: 'Choose users',
  pin: 'Set a PIN',
  address: 'Confirm the installation address',
  done: "You're all set",
};

export interface GettingStartedState {
  step: GettingStartedStep;
  /** The users ticked, in the phone's order. */
  chosen: number[];
  /** The message of the choose-users step ("Choose at least one user"), shown from its first Next. */
  usersError: string | null;
  /** Whether the users saved on the server have their PIN. */
  pinSet: boolean;
  /** The installation address as the server has it. */
  address: InstallationAddress | null;
  /** The address step shows the finder (the address is being changed, or there is none). */
  changingAddress: boolean;
  /** A step's call is on its way, or succeeded less than LOADING_CLEAR_DELAY_MS ago. */
  loading: boolean;
  /** A step's call is on its way: nothing else may start. */
  busy: boolean;
  /** Why the last call of the current step failed, in words; null when it did not. */
  failure: string | null;
}

/** The server side of the steps. */
export interface GettingStartedApi {
  saveUsers(userIds: number[]): Promise<{ user_ids: number[] }>;
  setPin(body: GettingStartedPinRequest): Promise<unknown>;
  saveAddress(address: InstallationAddressInput): Promise<{ installation_address: InstallationAddress }>;
  complete(): Promise<unknown>;
  /** Getting started is complete: the caches follow (the product leaves the list). */
  completed(): void;
  /** The words for a failed call. */
  errorText(error: unknown): string;
}

export interface GettingStartedOptions {
  details: GettingStartedDetails;
  api: GettingStartedApi;
  /** Timers, replaceable in tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface GettingStartedController {
  state: StoreApi<GettingStartedState>;
  toggleUser(userId: number): void;
  /** Next on the choose-users step: saves the choice (at least one user). */
  submitUsers(): Promise<void>;
  /** Next on the PIN step; rejects with the server's refusal, which the PIN form shows on its fields. */
  submitPin(body: GettingStartedPinRequest): Promise<void>;
  /** Next on the PIN step when the chosen users have their PIN already: keeps it. */
  keepPin(): void;
  /** Shows or hides the address finder. */
  changeAddress(changing: boolean): void;
  /** Confirms the address (`address` when changed, else the one held) and completes getting started. */
  confirmAddress(address?: InstallationAddressInput): Promise<void>;
  /** Back to the previous step (not while a call is on its way, nor from done). */
  back(): void;
  /** Stops the timers (the page is left). */
  dispose(): void;
}

/** The step to resume at: the first not done (a product already completed, shown again by staff, starts at the beginning). */
export function resumeStep(details: GettingStartedDetails): GettingStartedStep {
  if (!details.is_show_welcome || details.user_ids.length === 0) return 'users';
  if (!details.pin_set) return 'pin';
  return 'address';
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

export function createGettingStartedController(options: GettingStartedOptions): GettingStartedController {
  const { details, api } = options;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const order = details.users.map((user) => user.id);
  // Until a choice is saved, every user of the phone is ticked: a new phone's users are the seats bought for it.
  const initialChoice = details.user_ids.length > 0 ? details.user_ids : order;
  const state = createStore<GettingStartedState>()(() => ({
    step: resumeStep(details),
    chosen: order.filter((id) => initialChoice.includes(id)),
    usersError: null,
    pinSet: details.pin_set,
    address: details.installation_address,
    changingAddress: details.installation_address === null,
    loading: false,
    busy: false,
    failure: null,
  }));
  let savedUsers = details.user_ids;
  // Not the state: Enter pressed twice comes before the view re-renders with the button busy.
  let sending = false;
  let clearing: unknown;
  let disposed = false;

  const set = (patch: Partial<GettingStartedState>) => {
    if (!disposed) state.setState(patch);
  };
  // Only a call on its way refuses another: the flag's 500 ms after a success is for the eye, and
  // a step submitted meanwhile (Enter pressed at once) goes ahead.
  const start = () => {
    if (sending) return false;
    sending = true;
    if (clearing !== undefined) clearTimer(clearing);
    clearing = undefined;
    set({ loading: true, busy: true, failure: null });
    return true;
  };
  const succeeded = (patch: Partial<GettingStartedState>) => {
    sending = false;
    set({ ...patch, busy: false });
    clearing = setTimer(() => {
      clearing = undefined;
      set({ loading: false });
    }, LOADING_CLEAR_DELAY_MS);
  };
  const failed = (error: unknown, showFailure = true) => {
    sending = false;
    set({ loading: false, busy: false, failure: showFailure ? api.errorText(error) : null });
  };

  return {
    state,

    toggleUser(userId) {
      const { chosen } = state.getState();
      if (sending || !order.includes(userId)) return;
      const next = chosen.includes(userId)
        ? chosen.filter((id) => id !== userId)
        : order.filter((id) => id === userId || chosen.includes(id));
      set({
        chosen: next,
        usersError: next.length === 0 && state.getState().usersError ? gettingStartedMessages.chooseUsers : null,
      });
    },

    async submitUsers() {
      const { chosen } = state.getState();
      if (chosen.length === 0) {
        set({ usersError: gettingStartedMessages.chooseUsers });
        return;
      }
      if (!start()) return;
      try {
        const { user_ids } = await api.saveUsers(chosen);
        // Another choice of users needs the PIN again (the server clears it too).
        const pinSet = state.getState().pinSet && sameIds(user_ids, savedUsers);
        savedUsers = user_ids;
        succeeded({ step: 'pin', pinSet, usersError: null });
      } catch (error) {
        failed(error);
      }
    },

    async submitPin(body) {
      if (!start()) return;
      try {
        await api.setPin(body);
        succeeded({ step: 'address', pinSet: true });
      } catch (error) {
        // The PIN form shows the refusal on its fields.
        failed(error, false);
        throw error;
      }
    },

    keepPin() {
      const { step, pinSet } = state.getState();
      if (step === 'pin' && pinSet && !sending) set({ step: 'address', failure: null });
    },

    changeAddress(changing) {
      if (sending) return;
      set({ changingAddress: changing || state.getState().address === null, failure: null });
    },

    async confirmAddress(address) {
      const held = state.getState().address;
      const toSend =
        address ??
        (held && {
          post_code: held.post_code,
          line_one: held.line_one,
          line_two: held.line_two,
          city: held.city,
          county: held.county,
        });
      if (!toSend || !start()) return;
      try {
        // PATCH .../emergency-contact-details/ confirms it, changed or not.
        const saved = await api.saveAddress(toSend);
        set({ address: saved.installation_address, changingAddress: false });
        await api.complete();
        api.completed();
        succeeded({ step: 'done' });
      } catch (error) {
        failed(error);
      }
    },

    back() {
      const { step } = state.getState();
      if (sending || step === 'done' || step === 'users') return;
      set({ step: step === 'address' ? 'pin' : 'users', failure: null });
    },

    dispose() {
      disposed = true;
      if (clearing !== undefined) clearTimer(clearing);
    },
  };
}
