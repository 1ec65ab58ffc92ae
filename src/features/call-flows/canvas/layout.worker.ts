/**
 * The layout worker: answers editor-core's LayoutRequest off the main thread, with the tidy tree
 * (handleLayoutRequest), or with ELK's layered arrangement when a request asks for it. elkjs (some 1.5 MB) is
 * imported here on demand, the first time a user's flow is arranged that way: the tidy tree never loads it.
 */
import { handleLayeredLayoutRequest, handleLayoutRequest, type ElkLike, type LayoutRequest, type LayoutResponse } from '@portal/editor-core';

interface WorkerScope {
  addEventListener: (type: 'message', listener: (event: MessageEvent<LayoutRequest>) => void) => void;
  postMessage: (message: LayoutResponse) => void;
}
const scope = self as unknown as WorkerScope;

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

function onMessage(event: MessageEvent<LayoutRequest>) {
  const request = event.data;
  if (request.arrangement !== 'layered') {
    scope.postMessage(handleLayoutRequest(request));
    return;
  }
  loadElk().then(
    (instance) => handleLayeredLayoutRequest(instance, request).then((response) => scope.postMessage(response)),
    (error: unknown) => scope.postMessage({ requestId: request.requestId, ok: false, error: `The left-to-right arrangement could not be loaded (${error instanceof Error ? error.message : String(error)})` }),
  );
}

scope.addEventListener('message', onMessage);
