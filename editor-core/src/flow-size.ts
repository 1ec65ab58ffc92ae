/**
 * The product's size rule for a flow tree, worded once: at most MAX_FLOW_NODES steps, nested at most MAX_FLOW_DEPTH
 * deep. The commands refuse by it, the structure check and import report it, and the server answers with it.
 */
import { MAX_FLOW_DEPTH, MAX_FLOW_NODES } from './constants.ts';
import { displayCount } from './display.ts';

export const FLOW_TOO_LARGE = `A call flow can have at most ${displayCount(MAX_FLOW_NODES)} steps`;
export const FLOW_TOO_DEEP = `A call flow can nest at most ${MAX_FLOW_DEPTH} steps deep`;

/**
 * Depth and node count of a raw tree (anything with `children` arrays), iteratively so a hostile deep tree
 * cannot overflow the stack; stops counting as soon as MAX_FLOW_NODES or MAX_FLOW_DEPTH is passed.
 */
export function measureFlowTree(root: unknown): { depth: number; nodes: number } {
  let depth = 0;
  let nodes = 0;
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length > 0 && nodes <= MAX_FLOW_NODES && depth <= MAX_FLOW_DEPTH) {
    const [node, d] = stack.pop() as [unknown, number];
    nodes++;
    depth = Math.max(depth, d);
    const children = (node as { children?: unknown } | null)?.children;
    if (Array.isArray(children)) for (const child of children) stack.push([child, d + 1]);
  }
  return { depth, nodes };
}

/** Why a raw tree breaks the size rule (too deep first, then too large), or null when it does not. */
export function flowSizeProblem(root: unknown): string | null {
  const { depth, nodes } = measureFlowTree(root);
  if (depth > MAX_FLOW_DEPTH) return FLOW_TOO_DEEP;
  if (nodes > MAX_FLOW_NODES) return FLOW_TOO_LARGE;
  return null;
}
