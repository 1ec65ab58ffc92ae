/** Keyboard movement between the nodes of the canvas: up to the parent, down to a child, left and right among siblings. */
import type { FlowNode, NodePosition } from '@portal/editor-core';
import { nodeIndex } from './graph.ts';

export type NavigationKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

export const NAVIGATION_KEYS: ReadonlySet<string> = new Set<NavigationKey>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** Children in the order the eye reads them: by laid-out x when every child has a position, else tree order. */
export function visualOrder(children: readonly FlowNode[], positions: Readonly<Record<string, NodePosition>>): FlowNode[] {
  if (!children.every((c) => positions[c.id])) return [...children];
  return children
    .map((node, index) => ({ node, index, x: (positions[node.id] as NodePosition).x }))
    .sort((a, b) => a.x - b.x || a.index - b.index)
    .map((c) => c.node);
}

/**
 * The node a key moves to from `id`, or null to stay: ArrowUp the parent, ArrowDown the first child (leftmost),
 * ArrowLeft/ArrowRight the previous/next sibling as laid out, Home the main number, End the last node of the
 * route (following first children).
 */
export function neighbour(root: FlowNode, id: string, key: NavigationKey, positions: Readonly<Record<string, NodePosition>> = {}): string | null {
  const index = nodeIndex(root);
  const entry = index.get(id);
  if (!entry) return root.id;
  switch (key) {
    case 'ArrowUp':
      return entry.parentId;
    case 'ArrowDown':
      return visualOrder(entry.node.children, positions)[0]?.id ?? null;
    case 'ArrowLeft':
    case 'ArrowRight': {
      if (entry.parentId === null) return null;
      const parent = index.get(entry.parentId)?.node;
      if (!parent) return null;
      const siblings = visualOrder(parent.children, positions);
      const at = siblings.findIndex((s) => s.id === id);
      return siblings[at + (key === 'ArrowLeft' ? -1 : 1)]?.id ?? null;
    }
    case 'Home':
      return id === root.id ? null : root.id;
    case 'End': {
      let node = entry.node;
      for (;;) {
        const next = visualOrder(node.children, positions)[0];
        if (!next) break;
        node = next;
      }
      return node.id === id ? null : node.id;
    }
  }
}
