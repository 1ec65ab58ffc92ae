import type { SignupProvisioningStatus as ProvisioningStatus } from '@portal/contract';

/** How often the sign-up asks how the new phone's provisioning is going. */
export const PROVISIONING_POLL_MS = 2000;

export interface ProvisioningPollerOptions {
  fetchStatus: (signal: AbortSignal) => Promise<ProvisioningStatus>;
  onStatus: (status: ProvisioningStatus) => void;
  onError: (error: unknown) => void;
  intervalMs?: number;
  /** Timers, replaceable in tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Polls a product's provisioning until it is provisioned or failed (React-free; the page
 * renders what it reports). An error is reported and polling goes on: a blip in the network
 * must not strand the customer; `stop` ends it (the page leaves).
 */
export function createProvisioningPoller(options: ProvisioningPollerOptions) {
  const interval = options.intervalMs ?? PROVISIONING_POLL_MS;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let controller: AbortController | null = null;
  let stopped = false;

  async function tick(): Promise<void> {
    timer = null;
    controller = new AbortController();
    try {
      const status = await options.fetchStatus(controller.signal);
      if (stopped) return;
      options.onStatus(status);
      if (status.provisioned || status.status === 'failed') return;
    } catch (error) {
      if (stopped) return;
      options.onError(error);
    }
    if (!stopped) timer = setTimer(() => void tick(), interval);
  }

  return {
    start(): void {
      stopped = false;
      void tick();
    },
    stop(): void {
      stopped = true;
      controller?.abort();
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
