/**
 * ELK options the canvas lays out with, on top of editor-core's LAYOUT_OPTIONS. A call flow is a tree, and
 * ELK's tree algorithm (mrtree) keeps each node's children in their order (keys 1, 2, 3 from left to right),
 * centres a parent over its children, and is faster than the layered default (about 2-3x at 200 nodes here),
 * whose order-keeping options the editor-core README found too slow.
 */
export const TREE_SPACING = 56;

export const CANVAS_LAYOUT_OPTIONS: Readonly<Record<string, string>> = {
  'elk.algorithm': 'mrtree',
  'elk.direction': 'DOWN',
  'elk.spacing.nodeNode': String(TREE_SPACING),
};
