/** SVG paths for the layout's edge routes: the polyline through its points, corners rounded. */
import type { RoutePoints } from './graph.ts';

const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The SVG path through a route's points with each corner rounded (by up to `radius`, less where a segment is
 * short): `routePath([{x:0,y:0},{x:0,y:10},{x:20,y:10}], 4)` is `M0 0L0 6Q0 10 4 10L20 10`.
 */
export function routePath(points: RoutePoints, radius = 6): string {
  const first = points[0];
  if (!first) return '';
  let d = `M${r1(first.x)} ${r1(first.y)}`;
  for (let i = 1; i < points.length; i++) {
    const at = points[i] as { x: number; y: number };
    const next = points[i + 1];
    if (!next) {
      d += `L${r1(at.x)} ${r1(at.y)}`;
      break;
    }
    const prev = points[i - 1] as { x: number; y: number };
    const inLength = Math.hypot(at.x - prev.x, at.y - prev.y);
    const outLength = Math.hypot(next.x - at.x, next.y - at.y);
    const r = Math.min(radius, inLength / 2, outLength / 2);
    if (r <= 0) {
      d += `L${r1(at.x)} ${r1(at.y)}`;
      continue;
    }
    const before = { x: at.x - ((at.x - prev.x) / inLength) * r, y: at.y - ((at.y - prev.y) / inLength) * r };
    const after = { x: at.x + ((next.x - at.x) / outLength) * r, y: at.y + ((next.y - at.y) / outLength) * r };
    d += `L${r1(before.x)} ${r1(before.y)}Q${r1(at.x)} ${r1(at.y)} ${r1(after.x)} ${r1(after.y)}`;
  }
  return d;
}

/** How far a drawn end may be from the route's end (React Flow puts a handle's point up to 1 px off) for the route to still fit. */
const END_TOLERANCE = 2;

/** Whether a route still joins the edge's ends as drawn now (a step dragged away, or placed provisionally, no longer does). */
export function routeFits(
  points: RoutePoints | undefined,
  sourceX: number,
  sourceY: number,
  targetX: number,
  targetY: number,
): points is RoutePoints {
  if (!points || points.length < 2) return false;
  const start = points[0] as { x: number; y: number };
  const end = points[points.length - 1] as { x: number; y: number };
  return (
    Math.abs(start.x - sourceX) <= END_TOLERANCE &&
    Math.abs(start.y - sourceY) <= END_TOLERANCE &&
    Math.abs(end.x - targetX) <= END_TOLERANCE &&
    Math.abs(end.y - targetY) <= END_TOLERANCE
  );
}
