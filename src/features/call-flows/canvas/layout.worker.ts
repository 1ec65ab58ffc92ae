/**
 * The layout worker: answers editor-core's LayoutRequest off the main thread, with the tidy tree
 * (handleLayoutRequest), or with ELK's layered arrangement when a request asks for it. elkjs (some 1.5 MB) is
 * imported here on demand, the first time a user's flow is arranged that way: the tidy tree never loads it.
 */
import {
  handleLayeredLayoutRequest,
  handleLayoutRequest,
  type ElkLike,
  type LayoutRequest,
  type LayoutResponse,
} from '@portal/editor-core';

import { packResponse, transferablesOf, unpackRequest, type WireRequest, type WireResponse } from './layout-wire.ts';

interface WorkerScope {
  addEventListener: (type: 'message', listener: (event: MessageEvent<WireRequest>) => void) => void;
  postMessage: (message: WireResponse, transfer: Transferable[]) => void;
}
const scope = self as unknown as WorkerScope;

/** Sends an answer packed (layout-wire.ts), its buffers handed over; one that cannot be packed goes as an error. */
function answer(response: LayoutResponse) {
  let wire: WireResponse;
  try {
    wire = packResponse(response);
  } catch (error) {
    wire = { requestId: response.requestId, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(wire, transferablesOf(wire));
}

let elk: Promise<ElkLike> | null = null;

function loadElk(): Promise<ElkLike> {
  // ELK runs in this thread (its in-process "fake worker"). Inside a worker, elk.bundled.js also sets
  // self.onmessage to a handler of its own (which ignores messages without its `cmd`), so ours listens with
  // addEventListener, where ELK cannot replace it.
  elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK());
  // A failed load (a network blip) is tried again by the next request.
  elk.catch(() => {
    elk = null;
  });
  return elk;
}

function onMessage(event: MessageEvent<WireRequest>) {
  let request: LayoutRequest;
  try {
    request = unpackRequest(event.data);
  } catch (error) {
    answer({
      requestId: event.data.requestId,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  if (request.arrangement !== 'layered') {
    answer(handleLayoutRequest(request));
    return;
  }
  loadElk().then(
    (instance) => handleLayeredLayoutRequest(instance, request).then(answer),
    (error: unknown) =>
      answer({
        requestId: request.requestId,
        ok: false,
        error: `The left-to-right arrangement could not be loaded (${error instanceof Error ? error.message : String(error)})`,
      }),
  );
}

scope.addEventListener('message', onMessage);
