/**
 * Keyboard movement between the nodes of the canvas, along the arrangement on screen: in the tidy tree (top
 * down) up to the parent, down to a child, left and right among siblings; in the layered arrangement (left to
 * right) left to the parent, right to a child, up and down among siblings.
 */
import type { Arrangement, FlowNode, NodePosition } from '@portal/editor-core';

import { nodeIndex } from './graph.ts';

export type NavigationKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

export const NAVIGATION_KEYS: ReadonlySet<string> = new Set<NavigationKey>([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
]);

/**
 * Children in the order the eye reads them: by laid-out x (y when the arrangement runs left to right) when every
 * child has a position, else tree order.
 */
export function visualOrder(
  children: readonly FlowNode[],
  positions: Readonly<Record<string, NodePosition>>,
  arrangement: Arrangement = 'tree',
): FlowNode[] {
  if (!children.every((c) => positions[c.id])) return [...children];
  const across = (position: NodePosition) => (arrangement === 'layered' ? position.y : position.x);
  return children
    .map((node, index) => ({ node, index, at: across(positions[node.id] as NodePosition) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map((c) => c.node);
}

/** The keys of the tidy tree's directions, as they are in `arrangement`: left to right turns the tree a quarter. */
const TURNED: Record<'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight', NavigationKey> = {
  ArrowLeft: 'ArrowUp',
  ArrowRight: 'ArrowDown',
  ArrowUp: 'ArrowLeft',
  ArrowDown: 'ArrowRight',
};

/**
 * The node a key moves to from `id`, or null to stay. In the tidy tree: ArrowUp the parent, ArrowDown the first
 * child (leftmost), ArrowLeft/ArrowRight the previous/next sibling as laid out. In the layered arrangement (left
 * to right): ArrowLeft the parent, ArrowRight the first child (topmost), ArrowUp/ArrowDown the previous/next
 * sibling. Home the main number, End the last node of the route (following first children), in both.
 */
export function neighbour(
  root: FlowNode,
  id: string,
  pressed: NavigationKey,
  positions: Readonly<Record<string, NodePosition>> = {},
  arrangement: Arrangement = 'tree',
): string | null {
  const key = arrangement === 'layered' && pressed !== 'Home' && pressed !== 'End' ? TURNED[pressed] : pressed;
  const order = (children: readonly FlowNode[]) => visualOrder(children, positions, arrangement);
  const index = nodeIndex(root);
  const entry = index.get(id);
  if (!entry) return root.id;
  switch (key) {
    case 'ArrowUp':
      return entry.parentId;
    case 'ArrowDown':
      return order(entry.node.children)[0]?.id ?? null;
    case 'ArrowLeft':
    case 'ArrowRight': {
      if (entry.parentId === null) return null;
      const parent = index.get(entry.parentId)?.node;
      if (!parent) return null;
      const siblings = order(parent.children);
      const at = siblings.findIndex((s) => s.id === id);
      return siblings[at + (key === 'ArrowLeft' ? -1 : 1)]?.id ?? null;
    }
    case 'Home':
      return id === root.id ? null : root.id;
    case 'End': {
      let node = entry.node;
      for (;;) {
        const next = order(node.children)[0];
        if (!next) break;
        node = next;
      }
      return node.id === id ? null : node.id;
    }
  }
}
