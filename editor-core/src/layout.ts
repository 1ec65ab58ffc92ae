/**
 * Layout: a flow to positioned nodes and edges via elkjs. The ELK instance is injected: in the browser a
 * worker-backed `new ELK({ workerUrl })`, so layout never blocks the canvas; in tests `elkjs/lib/elk.bundled.js`.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs';
import type { CallFlow, FlowNode } from './schema.ts';

/** What layout needs of ELK: its layout call (both the worker-backed and the bundled ELK have it). */
export interface ElkLike {
  layout(graph: ElkNode): Promise<ElkNode>;
}

/** Size of a node as the canvas draws it. */
export interface Size {
  width: number;
  height: number;
}

/** Node sizes: by id, or a function of the node; a node without a size gets DEFAULT_NODE_SIZE. */
export type NodeSizes = Readonly<Record<string, Size>> | ((node: FlowNode) => Size);

/** Size used for a node the caller gave none. */
export const DEFAULT_NODE_SIZE: Size = { width: 220, height: 64 };

/**
 * ELK options: layered, top to bottom, fixed seed. ELK's model-order options would keep keys in their
 * order but made a 2,000-node flow take a minute, so they are left out (see the bench).
 */
export const LAYOUT_OPTIONS: Readonly<Record<string, string>> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.randomSeed': '1',
  'elk.spacing.nodeNode': '40',
  'elk.layered.spacing.nodeNodeBetweenLayers': '60',
  'elk.edgeRouting': 'ORTHOGONAL',
};

/** A positioned node. */
export interface LayoutNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An edge from a node to its child, with its route. */
export interface LayoutEdge {
  id: string;
  source: string;
  target: string;
  points: Array<{ x: number; y: number }>;
}

/** Positions of every node and route of every edge, and the size of the whole drawing. */
export interface FlowLayout {
  nodes: LayoutNode[];
  edges: LayoutEdge[];
  width: number;
  height: number;
}

/** Id of the edge from a node to its child. */
export const edgeId = (source: string, target: string) => `${source}->${target}`;

/** The ELK graph of a flow: one ELK node per flow node, one edge per parent-child pair, in tree order. */
export function toElkGraph(flow: CallFlow, sizes: NodeSizes, options: Readonly<Record<string, string>> = LAYOUT_OPTIONS): ElkNode {
  const sizeOf = (node: FlowNode): Size => (typeof sizes === 'function' ? sizes(node) : (sizes[node.id] ?? DEFAULT_NODE_SIZE));
  const children: ElkNode[] = [];
  const edges: ElkExtendedEdge[] = [];
  const stack: FlowNode[] = [flow.data];
  while (stack.length > 0) {
    const node = stack.pop() as FlowNode;
    const { width, height } = sizeOf(node);
    children.push({ id: node.id, width, height });
    for (const child of node.children) edges.push({ id: edgeId(node.id, child.id), sources: [node.id], targets: [child.id] });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as FlowNode);
  }
  return { id: 'root', layoutOptions: { ...options }, children, edges };
}

/** Reads positions and edge routes back from a laid-out ELK graph. */
export function fromElkGraph(graph: ElkNode): FlowLayout {
  const nodes = (graph.children ?? []).map((n) => ({ id: n.id, x: n.x ?? 0, y: n.y ?? 0, width: n.width ?? 0, height: n.height ?? 0 }));
  const edges = (graph.edges ?? []).map((e) => {
    const section = e.sections?.[0];
    const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [];
    return { id: e.id, source: e.sources[0] ?? '', target: e.targets[0] ?? '', points: points.map((p) => ({ x: p.x, y: p.y })) };
  });
  return { nodes, edges, width: graph.width ?? 0, height: graph.height ?? 0 };
}

/** Lays out a flow with an injected ELK, e.g. `await layoutFlow(flow, { elk: new ELK({ workerUrl }), sizes })`. */
export async function layoutFlow(flow: CallFlow, { elk, sizes, options }: { elk: ElkLike; sizes: NodeSizes; options?: Readonly<Record<string, string>> }): Promise<FlowLayout> {
  return fromElkGraph(await elk.layout(toElkGraph(flow, sizes, options)));
}

/** A message asking a layout worker to lay out a flow (sizes by node id, as they cross a worker boundary). */
export interface LayoutRequest {
  requestId: number;
  flow: CallFlow;
  sizes: Record<string, Size>;
}

/** The worker's answer to a LayoutRequest. */
export type LayoutResponse = { requestId: number; ok: true; layout: FlowLayout } | { requestId: number; ok: false; error: string };

/** Answers a LayoutRequest, for a worker's message handler: `onmessage = async (e) => postMessage(await handleLayoutRequest(elk, e.data))`. */
export async function handleLayoutRequest(elk: ElkLike, request: LayoutRequest): Promise<LayoutResponse> {
  try {
    return { requestId: request.requestId, ok: true, layout: await layoutFlow(request.flow, { elk, sizes: request.sizes }) };
  } catch (error) {
    return { requestId: request.requestId, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
