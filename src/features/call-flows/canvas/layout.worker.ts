/**
 * The layout worker: answers editor-core's LayoutRequest with its handleLayoutRequest (a tidy-tree layout),
 * off the main thread.
 */
import { handleLayoutRequest, type LayoutRequest, type LayoutResponse } from '@portal/editor-core';

interface WorkerScope {
  onmessage: ((event: MessageEvent<LayoutRequest>) => void) | null;
  postMessage: (message: LayoutResponse) => void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => scope.postMessage(handleLayoutRequest(event.data));
