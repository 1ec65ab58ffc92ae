/**
 * The second arrangement: ELK's layered algorithm, left to right, for wide flows (a dial menu with many keys
 * reads better as rows than as a very wide tree). ELK is injected (`ElkLike`), so nothing here loads elkjs: the
 * canvas's layout worker imports it on demand, only once a user chooses this arrangement.
 *
 * Each node has one port in the middle of its left side (calls come in) and one in the middle of its right side
 * (calls go on), so a step's routes fan out from one point, like the tidy tree's. ELK's crossing minimisation is
 * switched off: a tree has no crossings to remove, and ELK then keeps each layer in the order the nodes are
 * given (breadth-first, children in their order), so key 1 stays above key 2. This is also far faster than its
 * model-order options (a 2,000-node flow took a minute with those).
 */
import type { ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs';

import type { CallFlow, FlowNode } from './schema.ts';
import {
  DEFAULT_NODE_SIZE,
  edgeId,
  TREE_GAPS,
  type FlowLayout,
  type LayoutEdge,
  type LayoutNode,
  type NodeSizes,
  type Size,
} from './tree-layout.ts';

/** What the layered arrangement needs of ELK: its layout call (elkjs's bundled ELK has it). */
export interface ElkLike {
  layout(graph: ElkNode): Promise<ElkNode>;
}

/** ELK options of the layered arrangement: left to right, orthogonal routes, the tidy tree's gaps, a fixed seed. */
export const LAYERED_OPTIONS: Readonly<Record<string, string>> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.randomSeed': '1',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.padding': '[top=0,left=0,bottom=0,right=0]',
  'elk.spacing.nodeNode': String(TREE_GAPS.siblingGap / 2),
  'elk.layered.spacing.nodeNodeBetweenLayers': String(TREE_GAPS.levelGap),
  'elk.layered.spacing.edgeNodeBetweenLayers': String(TREE_GAPS.levelGap / 4),
  'elk.layered.crossingMinimization.strategy': 'NONE',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.nodePlacement.bk.fixedAlignment': 'BALANCED',
};

/** Ids of a node's ports: where routes come in (left side) and go on (right side). */
export const inPort = (id: string) => `${id}:in`;
export const outPort = (id: string) => `${id}:out`;

/**
 * The ELK graph of a flow: one ELK node per flow node (breadth-first, children in order) with an in and an out
 * port, one edge per parent-child pair, ids the flow's own (edges by editor-core's edgeId).
 */
export function toElkGraph(
  flow: CallFlow,
  sizes: NodeSizes,
  options: Readonly<Record<string, string>> = LAYERED_OPTIONS,
): ElkNode {
  const sizeOf = (node: FlowNode): Size =>
    typeof sizes === 'function' ? sizes(node) : (sizes[node.id] ?? DEFAULT_NODE_SIZE);
  const children: ElkNode[] = [];
  const edges: ElkExtendedEdge[] = [];
  const seen = new Set<string>();
  const queue: FlowNode[] = [flow.data];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] as FlowNode;
    if (seen.has(node.id)) throw new Error(`Node ${node.id} appears twice in the flow`);
    seen.add(node.id);
    const { width, height } = sizeOf(node);
    if (!(width >= 0 && height >= 0 && Number.isFinite(width) && Number.isFinite(height)))
      throw new Error(`Node ${node.id} has no usable size (${width} x ${height})`);
    children.push({
      id: node.id,
      width,
      height,
      layoutOptions: { 'elk.portConstraints': 'FIXED_POS' },
      ports: [
        { id: inPort(node.id), x: 0, y: height / 2, width: 0, height: 0, layoutOptions: { 'elk.port.side': 'WEST' } },
        {
          id: outPort(node.id),
          x: width,
          y: height / 2,
          width: 0,
          height: 0,
          layoutOptions: { 'elk.port.side': 'EAST' },
        },
      ],
    });
    for (const child of node.children) {
      edges.push({ id: edgeId(node.id, child.id), sources: [outPort(node.id)], targets: [inPort(child.id)] });
      queue.push(child);
    }
  }
  return { id: 'root', layoutOptions: { ...options }, children, edges };
}

const nodeIdOfPort = (port: string | undefined) => (port ?? '').replace(/:(in|out)$/, '');

/**
 * Reads a laid-out ELK graph back as a FlowLayout: each node's top-left corner and size, each edge's route from
 * its section (start point, bend points, end point), the drawing moved to start at (0, 0).
 */
export function fromElkGraph(graph: ElkNode): FlowLayout {
  let minX = Infinity;
  let minY = Infinity;
  for (const n of graph.children ?? []) {
    minX = Math.min(minX, n.x ?? 0);
    minY = Math.min(minY, n.y ?? 0);
  }
  if (!Number.isFinite(minX)) minX = minY = 0;
  const nodes: LayoutNode[] = [];
  let width = 0;
  let height = 0;
  for (const n of graph.children ?? []) {
    const node = { id: n.id, x: (n.x ?? 0) - minX, y: (n.y ?? 0) - minY, width: n.width ?? 0, height: n.height ?? 0 };
    width = Math.max(width, node.x + node.width);
    height = Math.max(height, node.y + node.height);
    nodes.push(node);
  }
  const shift = (p: ElkPoint) => ({ x: p.x - minX, y: p.y - minY });
  const edges: LayoutEdge[] = (graph.edges ?? []).map((e) => {
    const section = e.sections?.[0];
    const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(shift) : [];
    return { id: e.id, source: nodeIdOfPort(e.sources[0]), target: nodeIdOfPort(e.targets[0]), points };
  });
  return { nodes, edges, width, height };
}

/** Lays out a flow with ELK's layered algorithm, left to right: `await layeredLayout(flow, sizes, new ELK())`. */
export async function layeredLayout(flow: CallFlow, sizes: NodeSizes, elk: ElkLike): Promise<FlowLayout> {
  return fromElkGraph(await elk.layout(toElkGraph(flow, sizes)));
}
