/**
 * Layout: a flow to positioned nodes and edges, and the messages of the canvas's layout worker. A call flow is
 * a tree, so it is laid out as one: `treeLayout` (tree-layout.ts), a tidy tree in linear time, under 1 ms for
 * 200 nodes and 1-2.5 ms for 2,000 in Node (`npm run bench:editor-core`). It replaced elkjs, whose tree
 * algorithm (mrtree) took 50-150 ms per 200-node layout even warm, 350+ ms cold in a fresh worker and
 * 0.5-1.4 s at 2,000 nodes: with it the canvas missed its budgets at 200 nodes (open to first paint about
 * 1.6 s for 1 s, edit to new layout on screen about 160 ms for 100 ms) whatever ELK's options, and met them
 * without it (about 0.7 s and 45 ms, `npm run bench:canvas`). ELK's layered algorithm stays as a second
 * arrangement a user may choose (elk-layout.ts), left to right, for wide flows.
 */
import { layeredLayout, type ElkLike } from './elk-layout.ts';
import type { CallFlow } from './schema.ts';
import { treeLayout, type FlowLayout, type Size } from './tree-layout.ts';

/** How a flow is arranged: the tidy tree, top to bottom (the default), or ELK's layered algorithm, left to right. */
export type Arrangement = 'tree' | 'layered';

/** The arrangements, the default first. */
export const ARRANGEMENTS: readonly Arrangement[] = ['tree', 'layered'];

/** A message asking a layout worker to lay out a flow (sizes by node id, as they cross a worker boundary). */
export interface LayoutRequest {
  requestId: number;
  flow: CallFlow;
  sizes: Record<string, Size>;
  /** The tidy tree when absent. */
  arrangement?: Arrangement;
}

/** The worker's answer to a LayoutRequest. */
export type LayoutResponse =
  { requestId: number; ok: true; layout: FlowLayout } | { requestId: number; ok: false; error: string };

const failure = (requestId: number, error: unknown): LayoutResponse => ({
  requestId,
  ok: false,
  error: error instanceof Error ? error.message : String(error),
});

/** Answers a LayoutRequest with a tree layout, errors as messages: `onmessage = (e) => postMessage(handleLayoutRequest(e.data))`. */
export function handleLayoutRequest(request: LayoutRequest): LayoutResponse {
  try {
    return { requestId: request.requestId, ok: true, layout: treeLayout(request.flow, request.sizes) };
  } catch (error) {
    return failure(request.requestId, error);
  }
}

/** Answers a LayoutRequest with ELK's layered arrangement, errors as messages (the worker loads ELK first). */
export async function handleLayeredLayoutRequest(elk: ElkLike, request: LayoutRequest): Promise<LayoutResponse> {
  try {
    return { requestId: request.requestId, ok: true, layout: await layeredLayout(request.flow, request.sizes, elk) };
  } catch (error) {
    return failure(request.requestId, error);
  }
}
