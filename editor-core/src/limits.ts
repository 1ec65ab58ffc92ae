/** Per-type node limits supplied by the caller (for example from the account's add-ons). */
import { MAX_FLOW_NODES } from './constants.ts';
import { NODE_TYPES, type NodeType } from './node-types.ts';
import type { FlowNode } from './schema.ts';
import { countByType, hasNodeType } from './tree.ts';

/** Most nodes of each type a flow may hold; a type left out has no limit of its own. */
export type NodeLimits = Partial<Record<NodeType, number>>;

const countCache = new WeakMap<FlowNode, Record<NodeType, number>>();

/** Number of nodes of each type in a flow's tree, cached per (immutable) tree. */
export function nodeCounts(root: FlowNode): Readonly<Record<NodeType, number>> {
  let counts = countCache.get(root);
  if (!counts) {
    counts = countByType(root);
    countCache.set(root, counts);
  }
  return counts;
}

/** Records the counts of a tree computed some other way (a change that knows its delta), so nodeCounts need not walk it. */
export function rememberNodeCounts(root: FlowNode, counts: Record<NodeType, number>): void {
  countCache.set(root, counts);
}

/** Counts of a tree's nodes if already known, without walking it. */
export function knownNodeCounts(root: FlowNode): Readonly<Record<NodeType, number>> | undefined {
  return countCache.get(root);
}

/** Total number of nodes in a flow's tree. */
export function totalNodes(root: FlowNode): number {
  const counts = nodeCounts(root);
  return NODE_TYPES.reduce((n, t) => n + counts[t], 0);
}

/** What adding these nodes would exceed first: a type's limit, MAX_FLOW_NODES ('total'), or nothing (null). */
export function exceededLimit(
  root: FlowNode,
  limits: NodeLimits,
  added: Readonly<Partial<Record<NodeType, number>>>,
): { type: NodeType; limit: number } | 'total' | null {
  const counts = nodeCounts(root);
  let addedTotal = 0;
  for (const type of NODE_TYPES) {
    const more = added[type] ?? 0;
    if (more <= 0) continue;
    addedTotal += more;
    const limit = limits[type];
    if (limit !== undefined && counts[type] + more > limit) return { type, limit };
  }
  return addedTotal > 0 && totalNodes(root) + addedTotal > MAX_FLOW_NODES ? 'total' : null;
}

/** Whether adding these nodes keeps the flow within the caller's limits and MAX_FLOW_NODES; types not added are not checked. */
export function withinLimits(
  root: FlowNode,
  limits: NodeLimits,
  added: Readonly<Partial<Record<NodeType, number>>>,
): boolean {
  return exceededLimit(root, limits, added) === null;
}

/** Types at or over their limit, e.g. to grey out palette entries. */
export function typesAtLimit(root: FlowNode, limits: NodeLimits): NodeType[] {
  const counts = nodeCounts(root);
  return NODE_TYPES.filter((t) => limits[t] !== undefined && counts[t] >= (limits[t] as number));
}

/** Types whose count is over the limit (a flow loaded before a limit was lowered). */
export function typesOverLimit(root: FlowNode, limits: NodeLimits): NodeType[] {
  const counts = nodeCounts(root);
  return NODE_TYPES.filter((t) => limits[t] !== undefined && counts[t] > (limits[t] as number));
}

export { hasNodeType };
