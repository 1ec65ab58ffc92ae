/**
 * The layout worker: lays out flows with ELK off the main thread, answering editor-core's LayoutRequest with
 * its handleLayoutRequest.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { handleLayoutRequest, type ElkLike, type LayoutRequest, type LayoutResponse } from '@portal/editor-core';
import { CANVAS_LAYOUT_OPTIONS } from './layout-options.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<LayoutRequest>) => void) | null;
  postMessage: (message: LayoutResponse) => void;
}
const scope = self as unknown as WorkerScope;

// ELK runs in this thread through its own in-process "fake worker"; loading elk.bundled.js inside a worker
// also installs ELK's worker message handler on self, which ours replaces here.
const elk = new ELK();
const treeElk: ElkLike = { layout: (graph) => elk.layout({ ...graph, layoutOptions: { ...graph.layoutOptions, ...CANVAS_LAYOUT_OPTIONS } }) };
scope.onmessage = (event) => {
  void handleLayoutRequest(treeElk, event.data).then((response) => scope.postMessage(response));
};
