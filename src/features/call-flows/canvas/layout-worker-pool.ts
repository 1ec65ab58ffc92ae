/**
 * Where the canvas's layouts are computed. The tidy tree (editor-core's treeLayout, a few milliseconds at 4,900
 * steps) is computed in this thread, at once: sending it to a worker and back cost more than computing it (the
 * copies, the worker's start at open, and waiting for a core on a busy machine: bench/canvas). ELK's layered
 * arrangement takes seconds on a large flow, so it runs in the page's layout worker, started the first time a
 * canvas asks for it; a canvas that remounts reuses it, and it is ended a minute after the last canvas has gone.
 */
import { handleLayoutRequest, type LayoutRequest, type LayoutResponse } from '@portal/editor-core';

import type { LayoutWorker } from './layout-client.ts';
import { packRequest, transferablesOf, unpackResponse, type WireResponse } from './layout-wire.ts';

const IDLE_MS = 60_000;

interface Lease {
  onmessage: ((event: MessageEvent<LayoutResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

// Several canvases may share the worker at once (two versions side by side): each answer goes to every lease, and
// each layout client keeps only the answers to its own requests (their ids are unique across clients).
const leases = new Set<Lease>();
let shared: { worker: Worker; idle: ReturnType<typeof setTimeout> | null } | null = null;

function startWorker(): NonNullable<typeof shared> {
  if (!shared) {
    const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), {
      type: 'module',
      name: 'call-flow-layout',
    });
    // Messages cross packed (layout-wire.ts); each answer is unpacked once, for every lease.
    worker.onmessage = (event: MessageEvent<WireResponse>) => {
      const unpacked = { data: unpackResponse(event.data) } as MessageEvent<LayoutResponse>;
      leases.forEach((lease) => lease.onmessage?.(unpacked));
    };
    worker.onerror = (event: ErrorEvent) => leases.forEach((lease) => lease.onerror?.(event));
    shared = { worker, idle: null };
    scheduleIdle();
  }
  return shared;
}

function scheduleIdle() {
  const current = shared;
  if (!current || leases.size > 0) return;
  if (current.idle) clearTimeout(current.idle);
  current.idle = setTimeout(() => {
    if (shared === current && leases.size === 0) {
      current.worker.terminate();
      shared = null;
    }
  }, IDLE_MS);
}

/**
 * A canvas's layouts: a tidy-tree request is answered before postMessage returns; a layered one goes to the shared
 * worker. terminate() gives the lease back instead of ending the worker.
 */
export function leaseLayoutWorker(): LayoutWorker {
  const lease: Lease = { onmessage: null, onerror: null };
  leases.add(lease);
  if (shared?.idle) {
    clearTimeout(shared.idle);
    shared.idle = null;
  }
  return {
    postMessage: (message: LayoutRequest) => {
      if (message.arrangement !== 'layered') {
        lease.onmessage?.({ data: handleLayoutRequest(message) } as MessageEvent<LayoutResponse>);
        return;
      }
      const wire = packRequest(message);
      startWorker().worker.postMessage(wire, transferablesOf(wire));
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
      if (!leases.delete(lease)) return;
      lease.onmessage = null;
      lease.onerror = null;
      scheduleIdle();
    },
  };
}
