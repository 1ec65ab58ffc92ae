import type { InstallationAddressInput, ProvisioningStatus, UpgradePlanId, UpgradeRequest } from '@portal/contract';

import { userErrorText } from '../../lib/error-text.ts';

/**
 * The upgrade page's state, outside React (the canvas-controller split): the steps 'address',
 * 'plan', 'summary' and 'confirmation' (spec 001 section 2: they start at 'address'), the
 * upgrade call, then the provisioning status polled until it is done. The page is a view of
 * getState(); tests drive it with fake calls and timers.
 */

export type UpgradeStep = 'address' | 'plan' | 'summary' | 'confirmation';
export const UPGRADE_STEPS: readonly UpgradeStep[] = ['address', 'plan', 'summary', 'confirmation'];

/** How often the provisioning status is asked while a job runs. */
export const PROVISIONING_POLL_MS = 1000;
/** After a failed poll, the next waits this long (then longer, up to the cap): a server that is down is not hammered. */
const POLL_RETRY_MS = 2000;
const POLL_RETRY_MAX_MS = 15_000;

export interface UpgradeState {
  step: UpgradeStep;
  address: InstallationAddressInput | null;
  planId: UpgradePlanId | null;
  /** The upgrade call is on its way. */
  submitting: boolean;
  /** Why the upgrade call failed, in words; null otherwise. */
  submitError: string | null;
  /** The provisioning as last reported; null before the upgrade starts. */
  provisioning: ProvisioningStatus | null;
  /** Why the last status poll failed (it is tried again); null when it answered. */
  pollError: string | null;
}

export interface UpgradeCalls {
  startUpgrade: (productId: number, body: UpgradeRequest) => Promise<ProvisioningStatus>;
  provisioningStatus: (productId: number, signal: AbortSignal) => Promise<ProvisioningStatus>;
}

export interface UpgradeControllerOptions {
  productId: number;
  calls: UpgradeCalls;
  /** Called once when the job is provisioned (the page refreshes the trial and the navigation). */
  onProvisioned?: () => void;
  /** Called when the upgrade call fails (analytics: "every failed upgrade start ... is reported"). */
  onStartFailed?: (message: string) => void;
  /** Called when a status poll fails. */
  onPollFailed?: (message: string) => void;
  pollMs?: number;
}

const initialState: UpgradeState = {
  step: 'address',
  address: null,
  planId: null,
  submitting: false,
  submitError: null,
  provisioning: null,
  pollError: null,
};

export const isFinished = (status: ProvisioningStatus | null): boolean =>
  status?.status === 'provisioned' || status?.status === 'failed';

export function createUpgradeController({
  productId,
  calls,
  onProvisioned,
  onStartFailed,
  onPollFailed,
  pollMs = PROVISIONING_POLL_MS,
}: UpgradeControllerOptions) {
  let state: UpgradeState = initialState;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let abort: AbortController | undefined;
  let disposed = false;
  let failedPolls = 0;

  const set = (next: Partial<UpgradeState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  const stopPolling = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    abort?.abort();
    abort = undefined;
  };

  const report = (status: ProvisioningStatus) => {
    const wasDone = state.provisioning?.status === 'provisioned';
    set({ provisioning: status, pollError: null });
    if (status.status === 'provisioned' && !wasDone) onProvisioned?.();
  };

  const schedulePoll = (wait: number) => {
    if (disposed) return;
    timer = setTimeout(() => void poll(), wait);
  };

  async function poll(): Promise<void> {
    timer = undefined;
    abort = new AbortController();
    try {
      const status = await calls.provisioningStatus(productId, abort.signal);
      if (disposed) return;
      failedPolls = 0;
      report(status);
      if (!isFinished(status)) schedulePoll(pollMs);
    } catch (error) {
      if (disposed) return;
      failedPolls += 1;
      const message = userErrorText(error);
      onPollFailed?.(message);
      set({ pollError: message });
      schedulePoll(Math.min(POLL_RETRY_MAX_MS, POLL_RETRY_MS * 2 ** (failedPolls - 1)));
    }
  }

  return {
    getState: (): UpgradeState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The address confirmed (or changed): on to the plan. */
    confirmAddress(address: InstallationAddressInput): void {
      if (state.step !== 'address') return;
      set({ address, step: 'plan' });
    },
    /** The plan chosen: on to the summary. */
    choosePlan(planId: UpgradePlanId): void {
      if (state.step !== 'plan') return;
      set({ planId, step: 'summary' });
    },
    /** One step back (not from the confirmation: the upgrade has started). */
    back(): void {
      if (state.submitting) return;
      if (state.step === 'plan') set({ step: 'address' });
      else if (state.step === 'summary') set({ step: 'plan', submitError: null });
    },
    /** Goes back to a step already done, from the summary ("Change"). */
    edit(step: 'address' | 'plan'): void {
      if (state.step !== 'summary' || state.submitting) return;
      set({ step, submitError: null });
    },

    /** Sends the upgrade; on success the confirmation step shows the provisioning, polled until done. */
    async submit(): Promise<void> {
      const { address, planId } = state;
      if (state.step !== 'summary' || state.submitting || !address || !planId) return;
      set({ submitting: true, submitError: null });
      try {
        const status = await calls.startUpgrade(productId, { plan_id: planId, installation_address: address });
        if (disposed) return;
        set({ submitting: false, step: 'confirmation' });
        report(status);
        if (!isFinished(status)) schedulePoll(pollMs);
      } catch (error) {
        if (disposed) return;
        const message = userErrorText(error);
        onStartFailed?.(message);
        set({ submitting: false, submitError: message });
      }
    },

    /** An upgrade already under way (the page was reloaded mid-provisioning): show it and poll. */
    resume(status: ProvisioningStatus): void {
      if (state.provisioning) return;
      set({ step: 'confirmation' });
      report(status);
      if (!isFinished(status)) schedulePoll(pollMs);
    },

    dispose(): void {
      disposed = true;
      stopPolling();
      listeners.clear();
    },
  };
}

export type UpgradeController = ReturnType<typeof createUpgradeController>;
