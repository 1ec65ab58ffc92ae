/**
 * Talks to the layout worker: coalesces requests (one in flight, the latest waiting) and drops a result
 * that a newer tree has already made stale.
 */
import type { Arrangement, CallFlow, FlowLayout, LayoutRequest, LayoutResponse, Size } from '@portal/editor-core';

/** What the client needs of a Worker (a fake in tests). */
export interface LayoutWorker {
  postMessage(message: LayoutRequest): void;
  onmessage: ((event: MessageEvent<LayoutResponse>) => void) | null;
  onerror?: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

export interface LayoutClientOptions {
  onLayout: (layout: FlowLayout, info: { requestId: number; ms: number; arrangement: Arrangement }) => void;
  onError: (message: string) => void;
  /**
   * When a request goes out while the worker is idle. By default at once: a worker (the left-to-right
   * arrangement's) lays the flow out while the main thread renders the edit, and the tidy tree, answered in this
   * thread, is drawn with the edit (a send deferred to a timer waited for that render and its garbage collection). A request made while one is in flight waits, the latest replacing
   * the one before, and goes when the answer comes (which is then dropped as stale).
   */
  schedule?: (run: () => void) => void;
  now?: () => number;
}

export interface LayoutClient {
  /** Asks for a layout of this flow (the tidy tree unless told); a request still waiting is replaced. */
  request(flow: CallFlow, sizes: Record<string, Size>, arrangement?: Arrangement): void;
  /** Whether a layout is computing or waiting. */
  busy(): boolean;
  dispose(): void;
}

// Ids unique across clients: a worker may still answer a client that has gone when the next one asks.
let nextId = 1;

export function createLayoutClient(worker: LayoutWorker, options: LayoutClientOptions): LayoutClient {
  const schedule = options.schedule ?? ((run) => run());
  const now = options.now ?? (() => performance.now());
  let inFlight: { requestId: number; sentAt: number; arrangement: Arrangement } | null = null;
  let waiting: { flow: CallFlow; sizes: Record<string, Size>; arrangement: Arrangement } | null = null;
  let scheduled = false;
  let disposed = false;

  const send = () => {
    scheduled = false;
    if (disposed || inFlight || !waiting) return;
    const requestId = nextId++;
    const { flow, sizes, arrangement } = waiting;
    inFlight = { requestId, sentAt: now(), arrangement };
    waiting = null;
    worker.postMessage(arrangement === 'tree' ? { requestId, flow, sizes } : { requestId, flow, sizes, arrangement });
  };

  worker.onmessage = (event) => {
    const response = event.data;
    if (disposed || !inFlight || response.requestId !== inFlight.requestId) return;
    const ms = now() - inFlight.sentAt;
    const { arrangement } = inFlight;
    inFlight = null;
    // A newer tree is waiting: this answer is already stale, lay out the newer one instead.
    if (waiting) {
      send();
      return;
    }
    if (response.ok) options.onLayout(response.layout, { requestId: response.requestId, ms, arrangement });
    else options.onError(response.error);
  };
  worker.onerror = (event) => {
    if (disposed) return;
    inFlight = null;
    options.onError(event.message || 'The layout worker failed');
  };

  return {
    request(flow, sizes, arrangement = 'tree') {
      waiting = { flow, sizes, arrangement };
      if (!scheduled && !inFlight) {
        scheduled = true;
        schedule(send);
      }
    },
    busy: () => inFlight !== null || waiting !== null,
    dispose() {
      disposed = true;
      worker.onmessage = null;
      worker.terminate();
    },
  };
}
