/**
 * The page's layout worker. A worker takes a moment to start (a thread and its module), so it starts as soon
 * as the canvas code loads (while the page still fetches the flow), a canvas that remounts reuses it, and it
 * is ended a minute after the last canvas has gone.
 */
import type { LayoutRequest, LayoutResponse } from '@portal/editor-core';

import type { LayoutWorker } from './layout-client.ts';
import { packRequest, transferablesOf, unpackResponse, type WireResponse } from './layout-wire.ts';

const IDLE_MS = 60_000;

interface Lease {
  onmessage: ((event: MessageEvent<LayoutResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

// Several canvases may share the worker at once (two versions side by side): each answer goes to every lease, and
// each layout client keeps only the answers to its own requests (their ids are unique across clients).
let shared: { worker: Worker; leases: Set<Lease>; idle: ReturnType<typeof setTimeout> | null } | null = null;

function startWorker(): NonNullable<typeof shared> {
  if (!shared) {
    const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), {
      type: 'module',
      name: 'call-flow-layout',
    });
    const leases = new Set<Lease>();
    // Messages cross packed (layout-wire.ts); each answer is unpacked once, for every lease.
    worker.onmessage = (event: MessageEvent<WireResponse>) => {
      const unpacked = { data: unpackResponse(event.data) } as MessageEvent<LayoutResponse>;
      leases.forEach((lease) => lease.onmessage?.(unpacked));
    };
    worker.onerror = (event: ErrorEvent) => leases.forEach((lease) => lease.onerror?.(event));
    shared = { worker, leases, idle: null };
    scheduleIdle();
  }
  return shared;
}

function scheduleIdle() {
  const current = shared;
  if (!current || current.leases.size > 0) return;
  if (current.idle) clearTimeout(current.idle);
  current.idle = setTimeout(() => {
    if (shared === current && current.leases.size === 0) {
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
  const lease: Lease = { onmessage: null, onerror: null };
  pool.leases.add(lease);
  if (pool.idle) {
    clearTimeout(pool.idle);
    pool.idle = null;
  }
  const { worker } = pool;
  return {
    postMessage: (message: LayoutRequest) => {
      const wire = packRequest(message);
      worker.postMessage(wire, transferablesOf(wire));
    },
    get onmessage() {
      return lease.onmessage;
    },
    set onmessage(handler: ((event: MessageEvent<LayoutResponse>) => void) | null) {
      lease.onmessage = handler;
    },
    get onerror() {
      return lease.onerror;
    },
    set onerror(handler: ((event: ErrorEvent) => void) | null) {
      lease.onerror = handler;
    },
    terminate() {
      if (!pool.leases.delete(lease)) return;
      lease.onmessage = null;
      lease.onerror = null;
      scheduleIdle();
    },
  };
}
