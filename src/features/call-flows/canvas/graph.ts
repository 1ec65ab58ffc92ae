/**
 * The editor tree as React Flow nodes and edges. Ids are the flow's own (node id, editor-core's edgeId), so
 * React Flow keeps its per-node state across edits; unchanged nodes and edges keep their objects, so an edit
 * or a new layout only touches what moved.
 */
import { Position, type Edge, type Node, type NodeHandle, type Viewport } from '@xyflow/react';

import {
  edgeId,
  NODE_SPECS,
  TREE_GAPS,
  type Arrangement,
  type FlowNode,
  type NodePosition,
  type NodeType,
  type Size,
} from '@portal/editor-core';

/** Fixed size per type: no measuring before layout, and the same box for the layout and for React Flow. */
export const NODE_SIZES: Readonly<Record<NodeType, Size>> = {
  main_number: { width: 248, height: 76 },
  business_hours: { width: 248, height: 76 },
  in_hours: { width: 168, height: 48 },
  out_of_hours: { width: 168, height: 48 },
  transfer: { width: 248, height: 76 },
  divert_to_external: { width: 248, height: 76 },
  voicemail: { width: 248, height: 76 },
  play_audio: { width: 248, height: 76 },
  dial_menu: { width: 248, height: 76 },
  dial_menu_key: { width: 168, height: 48 },
  repeat_menu: { width: 208, height: 60 },
};

/** Accent colour per type (the minimap; the nodes use the same ones in canvas.css). */
export const TYPE_COLORS: Readonly<Record<NodeType, string>> = {
  main_number: '#0b5258',
  business_hours: '#4338ca',
  in_hours: '#15803d',
  out_of_hours: '#475569',
  transfer: '#1d4ed8',
  divert_to_external: '#7e22ce',
  voicemail: '#c2410c',
  play_audio: '#0f766e',
  dial_menu: '#be185d',
  dial_menu_key: '#52525b',
  repeat_menu: '#a16207',
};

/** Where a node sits in the tree. */
export interface IndexEntry {
  node: FlowNode;
  parentId: string | null;
  /** Index among its parent's children. */
  index: number;
}

const indexCache = new WeakMap<FlowNode, ReadonlyMap<string, IndexEntry>>();

/** Every node of a tree by id, with its parent; remembered per (immutable) root, so a whole canvas shares one walk per edit. */
export function nodeIndex(root: FlowNode): ReadonlyMap<string, IndexEntry> {
  let index = indexCache.get(root);
  if (!index) {
    const map = new Map<string, IndexEntry>();
    const stack: IndexEntry[] = [{ node: root, parentId: null, index: 0 }];
    while (stack.length > 0) {
      const entry = stack.pop() as IndexEntry;
      map.set(entry.node.id, entry);
      const { children } = entry.node;
      for (let i = children.length - 1; i >= 0; i--)
        stack.push({ node: children[i] as FlowNode, parentId: entry.node.id, index: i });
    }
    index = map;
    indexCache.set(root, index);
  }
  return index;
}

/** Data of a canvas node: only its type (for the minimap); the node component reads the rest from the store. */
export type StepNodeData = { type: NodeType };
export type StepFlowNode = Node<StepNodeData, 'step'>;
/** A route's points, from the parent's handle to the child's. */
export type RoutePoints = ReadonlyArray<{ x: number; y: number }>;
/**
 * Data of a canvas edge: whether a step may be inserted on it (a type exists that fits between), the route the
 * layout gave it (none while a step is placed provisionally) and which way the flow runs.
 */
export type StepEdgeData = { insertable: boolean; points?: RoutePoints; arrangement: Arrangement };
export type StepFlowEdge = Edge<StepEdgeData, 'step'>;

export interface GraphCache {
  nodes: Map<string, StepFlowNode>;
  edges: Map<string, StepFlowEdge>;
}

export interface Graph {
  nodes: StepFlowNode[];
  edges: StepFlowEdge[];
  cache: GraphCache;
  /** Nodes placed provisionally, under their parent, until the next layout. */
  provisional: number;
}

// Handles and size given up front: React Flow draws (and measures) a node it has no handle bounds for, even
// off screen, so without them every moved node would be mounted after each layout.
// Top to bottom in the tidy tree; in from the left and out to the right in the layered arrangement.
const HANDLES: Readonly<Record<Arrangement, ReadonlyMap<string, NodeHandle[]>>> = {
  tree: new Map(
    Object.entries(NODE_SIZES).map(([type, size]) => [
      type,
      [
        { type: 'target', position: Position.Top, x: size.width / 2, y: 0, width: 1, height: 1 },
        { type: 'source', position: Position.Bottom, x: size.width / 2, y: size.height, width: 1, height: 1 },
      ] satisfies NodeHandle[],
    ]),
  ),
  layered: new Map(
    Object.entries(NODE_SIZES).map(([type, size]) => [
      type,
      [
        { type: 'target', position: Position.Left, x: 0, y: size.height / 2, width: 1, height: 1 },
        { type: 'source', position: Position.Right, x: size.width, y: size.height / 2, width: 1, height: 1 },
      ] satisfies NodeHandle[],
    ]),
  ),
};

/** Which way the laid-out flow runs, and the routes of its edges by edge id. */
export interface GraphLayout {
  arrangement: Arrangement;
  routes: ReadonlyMap<string, RoutePoints>;
}

const NO_LAYOUT: GraphLayout = { arrangement: 'tree', routes: new Map() };

function samePoints(a: RoutePoints | undefined, b: RoutePoints | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]?.x !== b[i]?.x || a[i]?.y !== b[i]?.y) return false;
  return true;
}

// The wrapper React Flow draws around a node is no control of ours: our node component carries the role and
// name, so drop React Flow's roledescription (it would sit on an element without a role).
const NODE_DOM_ATTRIBUTES = { 'aria-roledescription': undefined } as const;
// Edges are drawn for the eye; the routes are told by the nodes (and the "+" buttons carry their own names).
const EDGE_DOM_ATTRIBUTES = { 'aria-hidden': true, 'aria-roledescription': undefined } as const;

// Where insertBetween puts the old child when the new step has routes of its own (see editor-core).
const HOST_OF: Partial<Record<NodeType, NodeType>> = { business_hours: 'in_hours', dial_menu: 'dial_menu_key' };

/**
 * Whether some step type could go between a parent and child of these types, read from the structure table:
 * decides only whether an edge shows its "+"; the palette asks editor-core which types it really accepts.
 */
export function canInsertBetweenTypes(parent: NodeType, child: NodeType): boolean {
  if (NODE_SPECS[parent].fixedChildren.includes(child)) return false;
  return NODE_SPECS[parent].children.some(
    (between) => !NODE_SPECS[between].root && NODE_SPECS[HOST_OF[between] ?? between].children.includes(child),
  );
}

/** canInsertBetweenTypes for every pair of types, worked out once: buildGraph asks it for every edge. */
const INSERTABLE = Object.fromEntries(
  (Object.keys(NODE_SIZES) as NodeType[]).map((parent) => [
    parent,
    Object.fromEntries(
      (Object.keys(NODE_SIZES) as NodeType[]).map((child) => [child, canInsertBetweenTypes(parent, child)]),
    ),
  ]),
) as Readonly<Record<NodeType, Readonly<Record<NodeType, boolean>>>>;

/**
 * React Flow nodes and edges for a tree and its layout positions, edges along the layout's routes. A node the
 * layout has not placed yet (just inserted or pasted) goes under its parent (beside it, left to right), so
 * nothing jumps to 0,0 while the next layout computes.
 */
export function buildGraph(
  root: FlowNode,
  positions: Readonly<Record<string, NodePosition>>,
  previous?: GraphCache,
  layout: GraphLayout = NO_LAYOUT,
): Graph {
  const { arrangement, routes } = layout;
  const handles = HANDLES[arrangement];
  const cache: GraphCache = { nodes: new Map(), edges: new Map() };
  const nodes: StepFlowNode[] = [];
  const edges: StepFlowEdge[] = [];
  const placed = new Map<string, { x: number; y: number; width: number; height: number }>();
  let provisional = 0;

  const stack: Array<{ node: FlowNode; parent: FlowNode | null; index: number }> = [
    { node: root, parent: null, index: 0 },
  ];
  while (stack.length > 0) {
    const { node, parent, index } = stack.pop() as (typeof stack)[number];
    const size = NODE_SIZES[node.type];
    let x: number;
    let y: number;
    const known = positions[node.id];
    if (known) {
      x = known.x;
      y = known.y;
    } else {
      provisional++;
      const above = parent ? placed.get(parent.id) : undefined;
      if (above && parent && arrangement === 'layered') {
        const count = parent.children.length;
        x = above.x + above.width + TREE_GAPS.levelGap;
        y =
          above.y +
          above.height / 2 -
          size.height / 2 +
          (index - (count - 1) / 2) * (size.height + TREE_GAPS.siblingGap / 2);
      } else if (above && parent) {
        const count = parent.children.length;
        x =
          above.x + above.width / 2 - size.width / 2 + (index - (count - 1) / 2) * (size.width + TREE_GAPS.siblingGap);
        y = above.y + above.height + TREE_GAPS.levelGap;
      } else {
        x = 0;
        y = 0;
      }
    }
    placed.set(node.id, { x, y, width: size.width, height: size.height });

    const old = previous?.nodes.get(node.id);
    const rfNode: StepFlowNode =
      old &&
      old.position.x === x &&
      old.position.y === y &&
      old.data.type === node.type &&
      old.handles === handles.get(node.type)
        ? old
        : {
            id: node.id,
            type: 'step',
            position: { x, y },
            data: { type: node.type },
            width: size.width,
            height: size.height,
            measured: size,
            handles: handles.get(node.type),
            draggable: false,
            selectable: false,
            connectable: false,
            focusable: false,
            deletable: false,
            domAttributes: NODE_DOM_ATTRIBUTES,
          };
    cache.nodes.set(node.id, rfNode);
    nodes.push(rfNode);

    if (parent) {
      const id = edgeId(parent.id, node.id);
      const insertable = INSERTABLE[parent.type][node.type];
      const oldEdge = previous?.edges.get(id);
      const route = routes.get(id);
      // Unchanged routes keep their edge object, so a new layout only redraws the edges that moved.
      const points = oldEdge?.data && samePoints(oldEdge.data.points, route) ? oldEdge.data.points : route;
      const rfEdge: StepFlowEdge =
        oldEdge?.data &&
        oldEdge.data.insertable === insertable &&
        oldEdge.data.points === points &&
        oldEdge.data.arrangement === arrangement
          ? oldEdge
          : {
              id,
              source: parent.id,
              target: node.id,
              type: 'step',
              data: points ? { insertable, points, arrangement } : { insertable, arrangement },
              selectable: false,
              focusable: false,
              deletable: false,
              domAttributes: EDGE_DOM_ATTRIBUTES,
            };
      cache.edges.set(id, rfEdge);
      edges.push(rfEdge);
    }
    for (let i = node.children.length - 1; i >= 0; i--)
      stack.push({ node: node.children[i] as FlowNode, parent: node, index: i });
  }
  return { nodes, edges, cache, provisional };
}

/** Node sizes by id, for a layout request. */
export function sizesById(root: FlowNode): Record<string, Size> {
  const sizes: Record<string, Size> = {};
  for (const [id, entry] of nodeIndex(root)) sizes[id] = NODE_SIZES[entry.node.type];
  return sizes;
}

const shapeCache = new WeakMap<FlowNode, number>();
const TYPE_CODES = new Map<string, number>(Object.keys(NODE_SIZES).map((type, i) => [type, i + 1]));

function hashString(text: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/**
 * A hash of what the layout depends on (ids, types and the tree's shape; not names or args), remembered per
 * node: an edit rehashes only the nodes on its path. Renames and arg edits keep it, so they need no new layout.
 */
export function shapeHash(node: FlowNode): number {
  const cached = shapeCache.get(node);
  if (cached !== undefined) return cached;
  let h = hashString(node.id, 2166136261);
  h = Math.imul(h ^ (TYPE_CODES.get(node.type) ?? 0), 16777619) >>> 0;
  for (const child of node.children) h = Math.imul(h ^ shapeHash(child), 16777619) >>> 0;
  h = Math.imul(h ^ node.children.length, 16777619) >>> 0;
  shapeCache.set(node, h);
  return h;
}

/** A copy of a tree with only what the layout reads (ids, types, children), to keep the worker message small. */
export function layoutSkeleton(node: FlowNode): FlowNode {
  return { id: node.id, type: node.type, name: '', args: {}, children: node.children.map(layoutSkeleton) };
}

/** A box by its edges, in the flow's coordinates. */
export interface Extent {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** An extent holding nothing yet, which `extendTo` grows: the canvas's one way of finding the box around boxes. */
export const emptyExtent = (): Extent => ({ left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity });

/** Grows an extent to hold a box at x, y (a point without its size); answers it. */
export function extendTo(extent: Extent, x: number, y: number, width = 0, height = 0): Extent {
  extent.left = Math.min(extent.left, x);
  extent.top = Math.min(extent.top, y);
  extent.right = Math.max(extent.right, x + width);
  extent.bottom = Math.max(extent.bottom, y + height);
  return extent;
}

/** Whether an extent holds nothing (nothing was added to it). */
export const isEmptyExtent = (extent: Extent) => !(extent.right >= extent.left);

/**
 * The first view fits the whole flow when it is readable at this zoom or more (on a phone, whose screen is a
 * quarter as wide, when its shape is: a flow cut off at the side hides where its routes go)...
 */
const FIRST_VIEW_MIN_ZOOM = { desktop: 0.5, phone: 0.2 } as const;
/** ...and otherwise opens on the main number at this zoom, at the top of the canvas. */
const FIRST_VIEW_START_ZOOM = 0.8;

/** The viewport that opens a big flow on its start, or null when fitting the whole flow is readable. */
export function firstView(
  root: FlowNode,
  positions: Readonly<Record<string, NodePosition>>,
  width: number,
  height: number,
  screen: 'desktop' | 'phone' = 'desktop',
): Viewport | null {
  const flow = emptyExtent();
  for (const p of Object.values(positions)) extendTo(flow, p.x, p.y, p.width, p.height);
  const start = positions[root.id];
  if (!start || !(width > 0) || !(height > 0)) return null;
  const fitZoom = Math.min(width / ((flow.right - flow.left) * 1.2), height / ((flow.bottom - flow.top) * 1.2));
  if (fitZoom >= FIRST_VIEW_MIN_ZOOM[screen]) return null;
  const zoom = FIRST_VIEW_START_ZOOM;
  return { x: width / 2 - (start.x + start.width / 2) * zoom, y: 32 - start.y * zoom, zoom };
}
