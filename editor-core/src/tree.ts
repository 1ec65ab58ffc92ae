/** Reading a flow's tree: walking, finding nodes, counting. */
import { NODE_SPECS, NODE_TYPES, type ArgValues, type NodeType } from './node-types.ts';
import type { FlowNode } from './schema.ts';
import { idsDownTo } from './tree-index.ts';

/** Where a node sits: the node, its ancestors from the root (parent last), and its index among its parent's children. */
export interface NodeLocation {
  node: FlowNode;
  ancestors: FlowNode[];
  /** Child indexes from the root to the node; empty for the root. */
  path: number[];
}

/** Visits every node depth-first, parents before children; return false from visit to skip a node's children. Recursive: trees are at most MAX_FLOW_DEPTH deep (import checks depth before walking). */
export function walk(
  root: FlowNode,
  visit: (node: FlowNode, depth: number, parent: FlowNode | null) => boolean | void,
): void {
  const visitFrom = (node: FlowNode, depth: number, parent: FlowNode | null): void => {
    if (visit(node, depth, parent) === false) return;
    for (const child of node.children) visitFrom(child, depth + 1, node);
  };
  visitFrom(root, 1, null);
}

/**
 * Finds a node by id with its ancestors and path, or null. Reads the tree's index (tree-index.ts) for the node's
 * ancestors' ids, then follows them down from the root: its cost is the node's depth, not the tree's size.
 */
export function locate(root: FlowNode, id: string): NodeLocation | null {
  const way = idsDownTo(root, id);
  if (!way) return null;
  const ancestors: FlowNode[] = [];
  const path: number[] = [];
  let node = root;
  for (const childId of way) {
    const at = node.children.findIndex((child) => child.id === childId);
    if (at < 0) return null;
    ancestors.push(node);
    path.push(at);
    node = node.children[at] as FlowNode;
  }
  return { node, ancestors, path };
}

/** The node at a path of child indexes. */
export function nodeAt(root: FlowNode, path: readonly number[]): FlowNode {
  let node = root;
  for (const index of path) {
    const child = node.children[index];
    if (!child) throw new Error(`No node at path ${path.join('.')}`);
    node = child;
  }
  return node;
}

/** Finds a node by id, or undefined. */
export function findNode(root: FlowNode, id: string): FlowNode | undefined {
  return locate(root, id)?.node;
}

/** Number of nodes in a subtree. */
export function subtreeSize(root: FlowNode): number {
  let n = 0;
  walk(root, () => {
    n++;
  });
  return n;
}

/** Number of nodes of each type in a subtree. */
export function countByType(root: FlowNode): Record<NodeType, number> {
  const counts = Object.fromEntries(NODE_TYPES.map((t) => [t, 0])) as Record<NodeType, number>;
  const count = (node: FlowNode): void => {
    counts[node.type]++;
    for (const child of node.children) count(child);
  };
  count(root);
  return counts;
}

/** Whether a flow holds a node of the given type. */
export function hasNodeType(root: FlowNode, type: NodeType): boolean {
  let found = false;
  walk(root, (node) => {
    if (node.type === type) found = true;
    return !found;
  });
  return found;
}

const depthCache = new WeakMap<FlowNode, number>();

/** Depth of a subtree (a single node is 1), remembered per (immutable) node. */
export function subtreeDepth(root: FlowNode): number {
  let depth = depthCache.get(root);
  if (depth === undefined) {
    depth = 1;
    for (const child of root.children) depth = Math.max(depth, 1 + subtreeDepth(child));
    depthCache.set(root, depth);
  }
  return depth;
}

/** An arg's value, or the node table's default when the arg is missing, e.g. `argValue(node, 'queue_size', 'integer')`. */
export function argValue<K extends keyof ArgValues>(node: FlowNode, name: string, type: K): ArgValues[K] {
  const arg = node.args[name];
  if (arg && arg.type === type) return arg.value as ArgValues[K];
  const spec = NODE_SPECS[node.type].args[name];
  if (spec && spec.type === type) return spec.default() as ArgValues[K];
  throw new Error(`A ${node.type} node has no arg '${name}' of type ${type}`);
}
