import { describe, expect, it } from 'vitest';

import { treeLayout } from '@portal/editor-core';
import { generateFlow } from '@portal/editor-core/testing';

import { positionsFrom } from './canvas-controller.ts';
import { buildGraph, sizesById } from './graph.ts';
import { areaAround, areaServes, nearArea, viewFitting, viewRect } from './view-window.ts';

describe('the area around the view', () => {
  it('reads the flow coordinates a pane shows from React Flow transform', () => {
    expect(viewRect([-200, 100, 0.5], 1000, 800)).toEqual({ x: 400, y: -200, width: 2000, height: 1600 });
  });

  it('is the view and one view more on every side, and serves until the view leaves it or zooms well in', () => {
    const view = { x: 0, y: 0, width: 100, height: 50 };
    const area = areaAround(view);
    expect(area).toEqual({ x: -100, y: -50, width: 300, height: 150 });
    expect(areaServes(area, view)).toBe(true);
    expect(areaServes(area, { ...view, x: 99 })).toBe(true);
    expect(areaServes(area, { ...view, x: 101 })).toBe(false);
    expect(areaServes(area, { ...view, y: -51 })).toBe(false);
    // Zoomed in: the view is a seventh of the area's width.
    expect(areaServes(area, { x: 0, y: 0, width: 300 / 7, height: 20 })).toBe(false);
  });
});

describe('nearArea', () => {
  const flow = generateFlow(2000, 7);
  const positions = positionsFrom(treeLayout(flow, sizesById(flow.data)));
  const graph = buildGraph(flow.data, positions);

  it('keeps every step whose box touches the area, and the ends of every edge it keeps, in order', () => {
    // A screen's worth around the main number.
    const start = positions[flow.data.id]!;
    const area = { x: start.x - 750, y: start.y, width: 1500, height: 1000 };
    const near = nearArea(graph.nodes, graph.edges, area);
    const inArea = graph.nodes.filter(
      (n) =>
        n.position.x <= area.x + area.width &&
        n.position.x + n.width! >= area.x &&
        n.position.y <= area.y + area.height &&
        n.position.y + n.height! >= area.y,
    );
    expect(inArea.length).toBeGreaterThan(0);
    expect(near.nodes.length).toBeLessThan(graph.nodes.length / 4);
    for (const node of inArea) expect(near.nodes).toContain(node);
    const kept = new Set(near.nodes.map((n) => n.id));
    for (const edge of near.edges) expect(kept.has(edge.source) && kept.has(edge.target)).toBe(true);
    // Every edge with an end in the area is kept.
    const touching = graph.edges.filter((e) => inArea.some((n) => n.id === e.source || n.id === e.target));
    for (const edge of touching) expect(near.edges).toContain(edge);
    // The flow's order is kept.
    const order = graph.nodes.map((n) => n.id).filter((id) => kept.has(id));
    expect(near.nodes.map((n) => n.id)).toEqual(order);
  });

  it('keeps an edge that crosses the area though neither end is in it', () => {
    const [parent, child] = [graph.nodes[0]!, graph.nodes[1]!];
    const edge = graph.edges.find((e) => e.source === parent.id && e.target === child.id)!;
    const wide = [
      { ...parent, position: { x: -5000, y: 0 } },
      { ...child, position: { x: 5000, y: 200 } },
    ];
    const near = nearArea(wide, [edge], { x: 0, y: 50, width: 100, height: 100 });
    expect(near.edges).toEqual([edge]);
    expect(near.nodes.map((n) => n.id)).toEqual([parent.id, child.id]);
    expect(nearArea(wide, [edge], { x: 0, y: 1000, width: 100, height: 100 })).toEqual({ nodes: [], edges: [] });
  });

  it('hands over everything before the pane is measured', () => {
    expect(nearArea(graph.nodes, graph.edges, null)).toEqual({ nodes: graph.nodes, edges: graph.edges });
  });
});

describe('viewFitting', () => {
  it('centres the boxes in the pane with the padding, within the zoom limits', () => {
    const boxes = [
      { x: 0, y: 0, width: 100, height: 100 },
      { x: 900, y: 400, width: 100, height: 100 },
    ];
    const view = viewFitting(boxes, 1000, 500, { padding: 0, minZoom: 0.1, maxZoom: 2 })!;
    expect(view.zoom).toBeCloseTo(1);
    expect(view).toMatchObject({ x: 0, y: 0 });
    expect(viewFitting(boxes, 1000, 500, { padding: 0, minZoom: 0.1, maxZoom: 0.5 })!.zoom).toBe(0.5);
    expect(viewFitting(boxes, 100, 50, { padding: 0, minZoom: 0.5, maxZoom: 1 })!.zoom).toBe(0.5);
  });

  it('answers no view for no boxes or an unmeasured pane', () => {
    expect(viewFitting([], 1000, 500, { padding: 0.1, minZoom: 0.1, maxZoom: 1 })).toBeNull();
    expect(
      viewFitting([{ x: 0, y: 0, width: 1, height: 1 }], 0, 0, { padding: 0.1, minZoom: 0.1, maxZoom: 1 }),
    ).toBeNull();
  });
});
