/**
 * The layout worker's messages as they cross the thread boundary: numbers in typed arrays handed over (transferred,
 * not copied) and strings in flat lists, instead of a tree of objects and a record of sizes going one way and an
 * object per step, edge and point coming back. On a 4,900-step flow the objects took structured cloning about 7 ms
 * each way for the request and 12 ms for the answer, on the path from an edit to its layout on screen
 * (bench/canvas); packed they take about a millisecond or two. The worker and the page's worker lease are the only
 * places that see these shapes: on either side of them, requests and answers are editor-core's.
 */
import {
  edgeId,
  type Arrangement,
  type FlowLayout,
  type FlowNode,
  type LayoutEdge,
  type LayoutNode,
  type LayoutRequest,
  type LayoutResponse,
} from '@portal/editor-core';

/** A LayoutRequest packed: the tree as ids, types and parent indexes in depth-first order, with each step's size. */
export interface WireRequest {
  requestId: number;
  arrangement?: Arrangement;
  ids: string[];
  types: string[];
  /** The index of each step's parent, -1 for the main number; a parent always comes before its children. */
  parents: Int32Array;
  /** Width and height of each step, in the same order. */
  sizes: Float64Array;
}

/** A LayoutResponse packed: each step's box, and each edge by its ends' indexes with its route's points. */
export type WireResponse =
  | { requestId: number; ok: false; error: string }
  | {
      requestId: number;
      ok: true;
      ids: string[];
      /** x, y, width, height of each step. */
      boxes: Float64Array;
      /** The source's and target's index of each edge. */
      ends: Int32Array;
      /** Where each edge's points start in `points` (one more entry than edges: the end). */
      pointStarts: Int32Array;
      /** x, y of every point of every edge. */
      points: Float64Array;
      width: number;
      height: number;
    };

/** The buffers a packed message hands over (postMessage's transfer list). */
export function transferablesOf(message: WireRequest | WireResponse): ArrayBuffer[] {
  if ('parents' in message) return [message.parents.buffer as ArrayBuffer, message.sizes.buffer as ArrayBuffer];
  if (!message.ok) return [];
  return [
    message.boxes.buffer,
    message.ends.buffer,
    message.pointStarts.buffer,
    message.points.buffer,
  ] as ArrayBuffer[];
}

export function packRequest(request: LayoutRequest): WireRequest {
  const ids: string[] = [];
  const types: string[] = [];
  const parents: number[] = [];
  const stack: Array<{ node: FlowNode; parent: number }> = [{ node: request.flow.data, parent: -1 }];
  while (stack.length > 0) {
    const { node, parent } = stack.pop()!;
    const index = ids.length;
    ids.push(node.id);
    types.push(node.type);
    parents.push(parent);
    // Pushed last to first, so children come out in their order.
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, parent: index });
  }
  const sizes = new Float64Array(ids.length * 2);
  ids.forEach((id, i) => {
    const size = request.sizes[id];
    sizes[i * 2] = size?.width ?? Number.NaN;
    sizes[i * 2 + 1] = size?.height ?? Number.NaN;
  });
  return {
    requestId: request.requestId,
    ...(request.arrangement && { arrangement: request.arrangement }),
    ids,
    types,
    parents: Int32Array.from(parents),
    sizes,
  };
}

/** The request as the layout reads it: a skeleton tree (ids, types, children) and sizes by id. */
export function unpackRequest(wire: WireRequest): LayoutRequest {
  const nodes: FlowNode[] = wire.ids.map((id, i) => ({
    id,
    type: wire.types[i] as FlowNode['type'],
    name: '',
    args: {},
    children: [],
  }));
  const sizes: LayoutRequest['sizes'] = {};
  nodes.forEach((node, i) => {
    const parent = wire.parents[i]!;
    if (parent >= 0) nodes[parent]!.children.push(node);
    const width = wire.sizes[i * 2]!;
    const height = wire.sizes[i * 2 + 1]!;
    if (!Number.isNaN(width) && !Number.isNaN(height)) sizes[node.id] = { width, height };
  });
  const root = nodes[0];
  if (!root) throw new Error('A layout request needs a flow');
  return {
    requestId: wire.requestId,
    flow: { id: null, name: '', enable: false, data: root },
    sizes,
    ...(wire.arrangement && { arrangement: wire.arrangement }),
  };
}

export function packResponse(response: LayoutResponse): WireResponse {
  if (!response.ok) return response;
  const { nodes, edges, width, height } = response.layout;
  const index = new Map<string, number>();
  const boxes = new Float64Array(nodes.length * 4);
  nodes.forEach((node, i) => {
    index.set(node.id, i);
    boxes.set([node.x, node.y, node.width, node.height], i * 4);
  });
  const ends = new Int32Array(edges.length * 2);
  const pointStarts = new Int32Array(edges.length + 1);
  let count = 0;
  edges.forEach((edge, i) => {
    const source = index.get(edge.source);
    const target = index.get(edge.target);
    if (source === undefined || target === undefined || edge.id !== edgeId(edge.source, edge.target))
      throw new Error(`The layout's edge ${edge.id} joins no laid-out steps`);
    ends[i * 2] = source;
    ends[i * 2 + 1] = target;
    pointStarts[i] = count;
    count += edge.points.length;
  });
  pointStarts[edges.length] = count;
  const points = new Float64Array(count * 2);
  let at = 0;
  for (const edge of edges) {
    for (const point of edge.points) {
      points[at++] = point.x;
      points[at++] = point.y;
    }
  }
  return {
    requestId: response.requestId,
    ok: true,
    ids: nodes.map((node) => node.id),
    boxes,
    ends,
    pointStarts,
    points,
    width,
    height,
  };
}

export function unpackResponse(wire: WireResponse): LayoutResponse {
  if (!wire.ok) return wire;
  const { ids, boxes, ends, pointStarts, points } = wire;
  const nodes: LayoutNode[] = ids.map((id, i) => ({
    id,
    x: boxes[i * 4]!,
    y: boxes[i * 4 + 1]!,
    width: boxes[i * 4 + 2]!,
    height: boxes[i * 4 + 3]!,
  }));
  const edges: LayoutEdge[] = [];
  for (let i = 0; i < pointStarts.length - 1; i++) {
    const source = ids[ends[i * 2]!]!;
    const target = ids[ends[i * 2 + 1]!]!;
    const route: LayoutEdge['points'] = [];
    for (let p = pointStarts[i]!; p < pointStarts[i + 1]!; p++)
      route.push({ x: points[p * 2]!, y: points[p * 2 + 1]! });
    edges.push({ id: edgeId(source, target), source, target, points: route });
  }
  const layout: FlowLayout = { nodes, edges, width: wire.width, height: wire.height };
  return { requestId: wire.requestId, ok: true, layout };
}
