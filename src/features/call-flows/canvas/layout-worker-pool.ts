/**
 * The page's layout worker. A worker takes a moment to start (a thread and its module), so it starts as soon
 * as the canvas code loads (while the page still fetches the flow), a canvas that remounts reuses it, and it
 * is ended a minute after the last canvas has gone.
 */
import type { LayoutRequest, LayoutResponse } from '@portal/editor-core';
import type { LayoutWorker } from './layout-client.ts';

const IDLE_MS = 60_000;

let shared: { worker: Worker; leases: number; idle: ReturnType<typeof setTimeout> | null } | null = null;

function startWorker(): NonNullable<typeof shared> {
  if (!shared) {
    const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'call-flow-layout' });
    shared = { worker, leases: 0, idle: null };
    scheduleIdle();
  }
  return shared;
}

function scheduleIdle() {
  const current = shared;
  if (!current || current.leases > 0) return;
  if (current.idle) clearTimeout(current.idle);
  current.idle = setTimeout(() => {
    if (shared === current && current.leases === 0) {
      current.worker.terminate();
      shared = null;
    }
  }, IDLE_MS);
}

/** Starts the worker ahead of the first canvas (no-op where there are no workers, as in unit tests). */
export function prewarmLayoutWorker(): void {
  if (typeof Worker !== 'undefined') startWorker();
}

/** A lease on the shared worker: terminate() gives it back instead of ending it. */
export function leaseLayoutWorker(): LayoutWorker {
  const pool = startWorker();
  pool.leases++;
  if (pool.idle) {
    clearTimeout(pool.idle);
    pool.idle = null;
  }
  const { worker } = pool;
  let released = false;
  return {
    postMessage: (message: LayoutRequest) => worker.postMessage(message),
    get onmessage() {
      return worker.onmessage as ((event: MessageEvent<LayoutResponse>) => void) | null;
    },
    set onmessage(handler: ((event: MessageEvent<LayoutResponse>) => void) | null) {
      worker.onmessage = handler;
    },
    get onerror() {
      return worker.onerror as ((event: ErrorEvent) => void) | null;
    },
    set onerror(handler: ((event: ErrorEvent) => void) | null) {
      worker.onerror = handler;
    },
    terminate() {
      if (released) return;
      released = true;
      if (worker.onmessage && shared?.worker === worker) worker.onmessage = null;
      pool.leases--;
      scheduleIdle();
    },
  };
}
