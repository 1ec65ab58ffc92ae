/**
 * The part of a large flow React Flow is given: the steps and edges near the view. React Flow keeps every node
 * and edge it is handed in its store and walks them all on each change (its node lookup, its connection lookup
 * of every edge), though it draws only those in view; a 4,900-step flow made each edit pay for thousands. The
 * canvas hands it the steps in an area around the view, three screens wide and tall, which changes only when
 * the view leaves it or zooms well into it, so panning about redraws nothing more than before. Fitting the flow
 * and showing a path work from the layout's own positions, not from React Flow's store.
 */
import { getViewportForBounds, type Rect, type Viewport } from '@xyflow/react';

import { emptyExtent, extendTo, isEmptyExtent, type StepFlowEdge, type StepFlowNode } from './graph.ts';

/** The flow's coordinates the pane shows at this view (React Flow's transform: x, y, zoom). */
export function viewRect(transform: readonly [number, number, number], width: number, height: number): Rect {
  const [x, y, zoom] = transform;
  return { x: -x / zoom, y: -y / zoom, width: width / zoom, height: height / zoom };
}

/** The area handed to React Flow for a view: the view and one more view's width and height on every side. */
export function areaAround(view: Rect): Rect {
  return { x: view.x - view.width, y: view.y - view.height, width: view.width * 3, height: view.height * 3 };
}

/** Whether an area still serves a view: the view is inside it and the area is not far larger (zoomed well in). */
export function areaServes(area: Rect, view: Rect): boolean {
  return (
    view.x >= area.x &&
    view.y >= area.y &&
    view.x + view.width <= area.x + area.width &&
    view.y + view.height <= area.y + area.height &&
    area.width <= view.width * 6
  );
}

const overlaps = (a: Rect, left: number, top: number, right: number, bottom: number) =>
  left <= a.x + a.width && right >= a.x && top <= a.y + a.height && bottom >= a.y;

/** Whether an edge's route (or, without one, the box between its ends) crosses an area. */
function crosses(edge: StepFlowEdge, byId: ReadonlyMap<string, StepFlowNode>, area: Rect): boolean {
  const route = emptyExtent();
  for (const end of [byId.get(edge.source), byId.get(edge.target)]) {
    if (end) extendTo(route, end.position.x, end.position.y, end.width ?? 0, end.height ?? 0);
  }
  for (const point of edge.data?.points ?? []) extendTo(route, point.x, point.y);
  return overlaps(area, route.left, route.top, route.right, route.bottom);
}

/**
 * The nodes and edges that touch an area: a node whose box overlaps it, an edge whose route (or, without one,
 * the box between its ends) crosses it, and both ends of every such edge, which React Flow needs to draw it.
 * Order is kept. Without an area (the pane not measured yet), everything.
 */
export function nearArea(
  nodes: StepFlowNode[],
  edges: StepFlowEdge[],
  area: Rect | null,
): { nodes: StepFlowNode[]; edges: StepFlowEdge[] } {
  if (area === null) return { nodes, edges };
  const byId = new Map<string, StepFlowNode>();
  for (const node of nodes) byId.set(node.id, node);
  const inArea = new Set<string>();
  for (const node of nodes) {
    const { x, y } = node.position;
    if (overlaps(area, x, y, x + (node.width ?? 0), y + (node.height ?? 0))) inArea.add(node.id);
  }
  // Decided on the steps in the area only: an end added for one edge does not bring in that step's other edges.
  const kept = new Set(inArea);
  const keptEdges: StepFlowEdge[] = [];
  for (const edge of edges) {
    if (!inArea.has(edge.source) && !inArea.has(edge.target) && !crosses(edge, byId, area)) continue;
    keptEdges.push(edge);
    kept.add(edge.source);
    kept.add(edge.target);
  }
  return { nodes: nodes.filter((node) => kept.has(node.id)), edges: keptEdges };
}

/** How the canvas fits steps in view: the whole flow (the zoom controls' button, a first view) or a path. */
export interface FitOptions {
  padding: number;
  minZoom: number;
  maxZoom: number;
}

/** The view that fits these boxes in a pane of this size, as React Flow's fitView would; null for none. */
export function viewFitting(
  boxes: Iterable<{ x: number; y: number; width: number; height: number }>,
  width: number,
  height: number,
  { padding, minZoom, maxZoom }: FitOptions,
): Viewport | null {
  const fitted = emptyExtent();
  for (const box of boxes) extendTo(fitted, box.x, box.y, box.width, box.height);
  if (isEmptyExtent(fitted) || !(width > 0) || !(height > 0)) return null;
  return getViewportForBounds(
    { x: fitted.left, y: fitted.top, width: fitted.right - fitted.left, height: fitted.bottom - fitted.top },
    width,
    height,
    minZoom,
    maxZoom,
    padding,
  );
}
