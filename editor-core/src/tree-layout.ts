/**
 * Tidy-tree layout of a call flow, top to bottom: Walker's algorithm with Buchheim's linear-time improvements
 * (Buchheim, Jünger, Leipert, "Improving Walker's algorithm to run in linear time", 2002), for boxes of any
 * width. Each depth is one row as tall as its tallest node, children keep their order left to right, a parent
 * is centred over its first and last child, and each subtree is pushed against its left neighbours as far as
 * their contours allow, row by row. Iterative throughout, so a deep chain cannot overflow the stack.
 */
import type { CallFlow, FlowNode } from './schema.ts';

/** Size of a node as the canvas draws it. */
export interface Size {
  width: number;
  height: number;
}

/** Node sizes: by id, or a function of the node; a node without a size gets DEFAULT_NODE_SIZE. */
export type NodeSizes = Readonly<Record<string, Size>> | ((node: FlowNode) => Size);

/** Size used for a node the caller gave none. */
export const DEFAULT_NODE_SIZE: Size = { width: 220, height: 64 };

/** A positioned node (x, y its top-left corner). */
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

export interface TreeLayoutOptions {
  /** The root's row at the top, each depth one row further down (the only direction so far). */
  direction?: 'DOWN';
  /** Between neighbouring children of one parent. */
  siblingGap?: number;
  /** Between the bottom of a row (its tallest node) and the top of the next. */
  levelGap?: number;
  /** Between neighbours in a row that are not siblings (cousins and further). */
  subtreeGap?: number;
}

/** The gaps treeLayout uses when given none: the canvas's spacing (one place for it; its provisional placement uses them too). */
export const TREE_GAPS: Readonly<Required<Omit<TreeLayoutOptions, 'direction'>>> = {
  siblingGap: 56,
  levelGap: 56,
  subtreeGap: 56,
};

/**
 * Lays out a flow as a tidy tree, in O(n): `treeLayout(flow, { n1: { width: 248, height: 76 } })`. Nodes come
 * row by row, each row left to right; an edge runs from its parent's bottom centre straight down, or down to the
 * middle of the gap, across and down, to its child's top centre. The drawing starts at (0, 0). Throws when a node
 * id appears twice (which also stops a cycle) or a size is not a finite, non-negative number.
 */
export function treeLayout(flow: CallFlow, sizes: NodeSizes, options: TreeLayoutOptions = {}): FlowLayout {
  const {
    siblingGap = TREE_GAPS.siblingGap,
    levelGap = TREE_GAPS.levelGap,
    subtreeGap = TREE_GAPS.subtreeGap,
  } = options;
  const sizeOf = (node: FlowNode): Size =>
    typeof sizes === 'function' ? sizes(node) : (sizes[node.id] ?? DEFAULT_NODE_SIZE);

  // Breadth-first numbering: a node's children get consecutive numbers, so siblings are index ranges, a left
  // sibling is i - 1, and every node comes after its parent.
  const order: FlowNode[] = [flow.data];
  const parentOf: number[] = [-1];
  const firstChildOf: number[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < order.length; i++) {
    const node = order[i] as FlowNode;
    if (seen.has(node.id)) throw new Error(`Node ${node.id} appears twice in the flow`);
    seen.add(node.id);
    firstChildOf.push(order.length);
    for (const child of node.children) {
      order.push(child);
      parentOf.push(i);
    }
  }
  const n = order.length;
  const width = new Float64Array(n);
  const height = new Float64Array(n);
  const depth = new Int32Array(n);
  const rowHeights: number[] = [];
  for (let i = 0; i < n; i++) {
    const node = order[i] as FlowNode;
    const size = sizeOf(node);
    if (!(size.width >= 0 && size.height >= 0 && Number.isFinite(size.width) && Number.isFinite(size.height))) {
      throw new Error(`Node ${node.id} has no usable size (${size.width} x ${size.height})`);
    }
    width[i] = size.width;
    height[i] = size.height;
    const d = i === 0 ? 0 : (depth[parentOf[i] as number] as number) + 1;
    depth[i] = d;
    rowHeights[d] = Math.max(rowHeights[d] ?? 0, size.height);
  }
  const childCount = (i: number) => (order[i] as FlowNode).children.length;
  const firstChild = (i: number) => firstChildOf[i] as number;
  const lastChild = (i: number) => (firstChildOf[i] as number) + childCount(i) - 1;

  // Walker's fields, by node number: x relative to the parent's x before its mod (prelim), the offset passed on
  // to the subtree (mod), the pending shifts of a parent's children (shift, change), and the contour thread.
  const prelim = new Float64Array(n);
  const mod = new Float64Array(n);
  const shift = new Float64Array(n);
  const change = new Float64Array(n);
  const thread = new Int32Array(n).fill(-1);
  const ancestor = Int32Array.from({ length: n }, (_, i) => i);
  // Centre of a node's children, relative to the node's own subtree (0 for a leaf).
  const midpoint = new Float64Array(n);

  const nextLeft = (v: number) => (childCount(v) > 0 ? firstChild(v) : (thread[v] as number));
  const nextRight = (v: number) => (childCount(v) > 0 ? lastChild(v) : (thread[v] as number));
  // Centre-to-centre distance of two neighbours in a row.
  const separation = (left: number, right: number) =>
    ((width[left] as number) + (width[right] as number)) / 2 +
    (parentOf[left] === parentOf[right] ? siblingGap : subtreeGap);

  const moveSubtree = (wl: number, wr: number, amount: number) => {
    // Siblings are numbered consecutively, so wr - wl is how many subtrees the shift is spread over.
    const share = amount / (wr - wl);
    change[wr] = (change[wr] as number) - share;
    shift[wr] = (shift[wr] as number) + amount;
    change[wl] = (change[wl] as number) + share;
    prelim[wr] = (prelim[wr] as number) + amount;
    mod[wr] = (mod[wr] as number) + amount;
  };

  // Pushes v's subtree right of its left siblings' subtrees, comparing contours row by row; answers the
  // default ancestor for the next sibling.
  const apportion = (v: number, defaultAncestor: number): number => {
    const parent = parentOf[v] as number;
    let vir = v;
    let vor = v;
    let vil = v - 1;
    let vol = firstChild(parent);
    let sir = mod[vir] as number;
    let sor = mod[vor] as number;
    let sil = mod[vil] as number;
    let sol = mod[vol] as number;
    while (nextRight(vil) >= 0 && nextLeft(vir) >= 0) {
      vil = nextRight(vil);
      vir = nextLeft(vir);
      vol = nextLeft(vol);
      vor = nextRight(vor);
      ancestor[vor] = v;
      const overlap = (prelim[vil] as number) + sil - ((prelim[vir] as number) + sir) + separation(vil, vir);
      if (overlap > 0) {
        const a = ancestor[vil] as number;
        moveSubtree(parentOf[a] === parent ? a : defaultAncestor, v, overlap);
        sir += overlap;
        sor += overlap;
      }
      sil += mod[vil] as number;
      sir += mod[vir] as number;
      sol += mod[vol] as number;
      sor += mod[vor] as number;
    }
    if (nextRight(vil) >= 0 && nextRight(vor) < 0) {
      thread[vor] = nextRight(vil);
      mod[vor] = (mod[vor] as number) + sil - sor;
    }
    if (nextLeft(vir) >= 0 && nextLeft(vol) < 0) {
      thread[vol] = nextLeft(vir);
      mod[vol] = (mod[vol] as number) + sir - sol;
      return v;
    }
    return defaultAncestor;
  };

  // First walk, bottom-up (reverse breadth-first order): a node is visited once its children's subtrees are
  // laid out; it places its children one by one against their left siblings, then centres itself over them.
  // Walker's recursion does the same per node; a child's own subtree never depends on its siblings.
  for (let v = n - 1; v >= 0; v--) {
    const count = childCount(v);
    if (count === 0) continue;
    const first = firstChild(v);
    let defaultAncestor = first;
    for (let w = first; w < first + count; w++) {
      if (w === first) {
        prelim[w] = midpoint[w] as number;
      } else {
        prelim[w] = (prelim[w - 1] as number) + separation(w - 1, w);
        if (childCount(w) > 0) mod[w] = (prelim[w] as number) - (midpoint[w] as number);
        defaultAncestor = apportion(w, defaultAncestor);
      }
    }
    // Execute the shifts apportion spread over the children between two moved subtrees.
    let shiftSum = 0;
    let changeSum = 0;
    for (let w = first + count - 1; w >= first; w--) {
      prelim[w] = (prelim[w] as number) + shiftSum;
      mod[w] = (mod[w] as number) + shiftSum;
      changeSum += change[w] as number;
      shiftSum += (shift[w] as number) + changeSum;
    }
    midpoint[v] = ((prelim[first] as number) + (prelim[first + count - 1] as number)) / 2;
  }
  prelim[0] = midpoint[0] as number;

  // Second walk, top-down: a node's centre is its prelim plus the mods of its ancestors.
  const left = new Float64Array(n);
  const modSum = new Float64Array(n);
  let minLeft = Infinity;
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      const p = parentOf[i] as number;
      modSum[i] = (modSum[p] as number) + (mod[p] as number);
    }
    left[i] = (prelim[i] as number) + (modSum[i] as number) - (width[i] as number) / 2;
    minLeft = Math.min(minLeft, left[i] as number);
  }

  const rowTops: number[] = [];
  let bottom = 0;
  for (const [d, rowHeight] of rowHeights.entries()) {
    rowTops[d] = d === 0 ? 0 : bottom + levelGap;
    bottom = (rowTops[d] as number) + rowHeight;
  }

  const nodes: LayoutNode[] = [];
  let right = 0;
  for (let i = 0; i < n; i++) {
    const x = (left[i] as number) - minLeft;
    nodes.push({
      id: (order[i] as FlowNode).id,
      x,
      y: rowTops[depth[i] as number] as number,
      width: width[i] as number,
      height: height[i] as number,
    });
    right = Math.max(right, x + (width[i] as number));
  }

  const edges: LayoutEdge[] = [];
  for (let i = 1; i < n; i++) {
    const parent = nodes[parentOf[i] as number] as LayoutNode;
    const child = nodes[i] as LayoutNode;
    const start = { x: parent.x + parent.width / 2, y: parent.y + parent.height };
    const end = { x: child.x + child.width / 2, y: child.y };
    // Straight down when the child is under its parent's centre (an only child, up to rounding); else turn in the middle of the gap.
    const turnAt = end.y - levelGap / 2;
    const points =
      Math.abs(end.x - start.x) < 1e-6
        ? [start, end]
        : [start, { x: start.x, y: turnAt }, { x: end.x, y: turnAt }, end];
    edges.push({ id: edgeId(parent.id, child.id), source: parent.id, target: child.id, points });
  }

  return { nodes, edges, width: right, height: bottom };
}
