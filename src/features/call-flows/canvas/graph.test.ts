import { describe, expect, it } from 'vitest';

import { insertBetween, renameNode, setArgs, type NodePosition } from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import {
  buildGraph,
  canInsertBetweenTypes,
  firstView,
  layoutSkeleton,
  NODE_SIZES,
  nodeIndex,
  shapeHash,
  sizesById,
} from './graph.ts';

const placed = (ids: string[]): Record<string, NodePosition> =>
  Object.fromEntries(ids.map((id, i) => [id, { x: i * 300, y: i * 100, width: 248, height: 76 }]));

describe('buildGraph', () => {
  it('maps every tree node to a canvas node and every parent-child pair to an edge, with the flow ids', () => {
    const flow = sampleFlow();
    const graph = buildGraph(flow.data, placed(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']));
    expect(graph.nodes.map((n) => n.id)).toEqual(['n1', 'n2', 'n3', 'n5', 'n4', 'n6']);
    expect(graph.edges.map((e) => e.id).sort()).toEqual(['n1->n2', 'n2->n3', 'n2->n4', 'n3->n5', 'n4->n6']);
    const transfer = graph.nodes.find((n) => n.id === 'n5');
    expect(transfer).toMatchObject({
      type: 'step',
      data: { type: 'transfer' },
      position: { x: 1200, y: 400 },
      ...NODE_SIZES.transfer,
      draggable: false,
      selectable: false,
    });
    expect(graph.provisional).toBe(0);
  });

  it('keeps the objects of nodes and edges that did not change, so React Flow skips them', () => {
    const flow = sampleFlow();
    const positions = placed(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    const first = buildGraph(flow.data, positions);
    const renamed = apply(flow, renameNode('n5', 'Sales'));
    const second = buildGraph(renamed!.flow.data, positions, first.cache);
    for (let i = 0; i < first.nodes.length; i++) expect(second.nodes[i]).toBe(first.nodes[i]);
    expect(second.edges).toEqual(first.edges);
    second.edges.forEach((edge, i) => expect(edge).toBe(first.edges[i]));

    const moved = buildGraph(flow.data, { ...positions, n6: { x: 9, y: 9, width: 248, height: 76 } }, first.cache);
    expect(moved.nodes.find((n) => n.id === 'n6')).not.toBe(first.nodes.find((n) => n.id === 'n6'));
    expect(moved.nodes.find((n) => n.id === 'n5')).toBe(first.nodes.find((n) => n.id === 'n5'));
  });

  it('places a node the layout has not seen yet under its parent, never at 0,0', () => {
    const flow = sampleFlow();
    const inserted = apply(flow, insertBetween('n3', 'n5', 'play_audio'))!;
    const greeting = inserted.tr.selection?.[0] as string;
    const positions = placed(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    const graph = buildGraph(inserted.flow.data, positions);
    const parent = positions.n3 as NodePosition;
    const node = graph.nodes.find((n) => n.id === greeting);
    expect(graph.provisional).toBe(1);
    expect(node?.position.y).toBeGreaterThan(parent.y + parent.height);
    expect(node?.position.x).toBeCloseTo(parent.x + NODE_SIZES.in_hours.width / 2 - NODE_SIZES.play_audio.width / 2);
    // The moved transfer keeps its old position until the new layout arrives.
    expect(graph.nodes.find((n) => n.id === 'n5')?.position).toEqual({
      x: (positions.n5 as NodePosition).x,
      y: (positions.n5 as NodePosition).y,
    });
    expect(graph.edges.map((e) => e.id)).toContain(`n3->${greeting}`);
    expect(graph.edges.map((e) => e.id)).toContain(`${greeting}->n5`);
  });

  it('gives each edge its route from the layout, keeps its object while the route is the same, and turns the handles left to right', () => {
    const flow = sampleFlow();
    const positions = placed(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    const routes = new Map([
      [
        'n1->n2',
        [
          { x: 248, y: 38 },
          { x: 300, y: 138 },
        ],
      ],
    ]);
    const tree = buildGraph(flow.data, positions, undefined, { arrangement: 'tree', routes });
    const edge = tree.edges.find((e) => e.id === 'n1->n2');
    expect(edge?.data).toEqual({ insertable: true, points: routes.get('n1->n2'), arrangement: 'tree' });
    expect(tree.edges.find((e) => e.id === 'n2->n3')?.data).toEqual({ insertable: false, arrangement: 'tree' });
    expect(tree.nodes[0]?.handles?.map((h) => h.position)).toEqual(['top', 'bottom']);

    const sameRoutes = new Map([
      [
        'n1->n2',
        [
          { x: 248, y: 38 },
          { x: 300, y: 138 },
        ],
      ],
    ]);
    const again = buildGraph(flow.data, positions, tree.cache, { arrangement: 'tree', routes: sameRoutes });
    expect(again.edges.find((e) => e.id === 'n1->n2')).toBe(edge);

    const layered = buildGraph(flow.data, positions, again.cache, { arrangement: 'layered', routes: sameRoutes });
    expect(layered.edges.find((e) => e.id === 'n1->n2')?.data?.arrangement).toBe('layered');
    const main = layered.nodes[0];
    expect(main).not.toBe(tree.nodes[0]);
    expect(main?.handles?.map((h) => [h.position, h.x, h.y])).toEqual([
      ['left', 0, NODE_SIZES.main_number.height / 2],
      ['right', NODE_SIZES.main_number.width, NODE_SIZES.main_number.height / 2],
    ]);
  });

  it('places a new node beside its parent, not under it, when the flow runs left to right', () => {
    const inserted = apply(sampleFlow(), insertBetween('n3', 'n5', 'play_audio'))!;
    const greeting = inserted.tr.selection?.[0] as string;
    const positions = placed(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    const graph = buildGraph(inserted.flow.data, positions, undefined, { arrangement: 'layered', routes: new Map() });
    const parent = positions.n3 as NodePosition;
    expect(graph.nodes.find((n) => n.id === greeting)?.position.x).toBeGreaterThan(
      parent.x + NODE_SIZES.in_hours.width,
    );
  });

  it('offers a "+" only on edges where some step type fits between', () => {
    expect(canInsertBetweenTypes('business_hours', 'in_hours')).toBe(false);
    expect(canInsertBetweenTypes('dial_menu', 'dial_menu_key')).toBe(false);
    expect(canInsertBetweenTypes('in_hours', 'transfer')).toBe(true);
    expect(canInsertBetweenTypes('main_number', 'business_hours')).toBe(true);
    expect(canInsertBetweenTypes('dial_menu_key', 'dial_menu')).toBe(true);
    const graph = buildGraph(sampleFlow().data, placed(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']));
    const insertable = Object.fromEntries(graph.edges.map((e) => [e.id, e.data?.insertable]));
    expect(insertable).toEqual({ 'n1->n2': true, 'n2->n3': false, 'n2->n4': false, 'n3->n5': true, 'n4->n6': true });
  });
});

describe('nodeIndex', () => {
  it('finds every node with its parent and index, once per tree', () => {
    const flow = sampleFlow();
    const index = nodeIndex(flow.data);
    expect(index.get('n4')).toMatchObject({ parentId: 'n2', index: 1 });
    expect(index.get('n1')?.parentId).toBeNull();
    expect(nodeIndex(flow.data)).toBe(index);
  });
});

describe('shapeHash', () => {
  it('ignores names and args, so only structural edits ask for a new layout', () => {
    const flow = sampleFlow();
    const before = shapeHash(flow.data);
    expect(shapeHash(apply(flow, renameNode('n5', 'Sales'))!.flow.data)).toBe(before);
    expect(shapeHash(apply(flow, setArgs('n5', { ring_time_per_member: 9000 }))!.flow.data)).toBe(before);
    expect(shapeHash(apply(flow, insertBetween('n3', 'n5', 'play_audio'))!.flow.data)).not.toBe(before);
  });

  it('sends the worker a skeleton with sizes per node', () => {
    const flow = sampleFlow();
    const skeleton = layoutSkeleton(flow.data);
    expect(skeleton.args).toEqual({});
    expect(skeleton.children[0]?.children.map((c) => c.type)).toEqual(['in_hours', 'out_of_hours']);
    expect(sizesById(flow.data).n3).toEqual(NODE_SIZES.in_hours);
  });
});

describe('firstView', () => {
  it('fits a flow that is readable whole, and opens a wide one on its main number', () => {
    const root = sampleFlow().data;
    const small = placed(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    expect(firstView(root, small, 1400, 900)).toBeNull();
    const wide = { ...small, n6: { x: 40_000, y: 500, width: 248, height: 76 } };
    const view = firstView(root, wide, 1400, 900);
    expect(view?.zoom).toBe(0.8);
    // The main number (at 0,0) sits at the top centre.
    expect(view?.x).toBeCloseTo(700 - 124 * 0.8);
    expect(view?.y).toBe(32);
    expect(firstView(root, {}, 1400, 900)).toBeNull();
  });

  it('on a phone fits a flow that a desktop would open on its main number, so no step is cut off at the side', () => {
    const root = sampleFlow().data;
    // Six steps across 1,448 px: fitted on a 412 px phone at about 0.24, under the desktop's 0.5.
    const flow = { ...placed(['n1', 'n2', 'n3', 'n4', 'n5']), n6: { x: 1000, y: 500, width: 248, height: 76 } };
    expect(firstView(root, flow, 412, 600, 'desktop')?.zoom).toBe(0.8);
    expect(firstView(root, flow, 412, 600, 'phone')).toBeNull();
    // A flow too big to read whole even so still opens on its main number.
    const huge = { ...flow, n6: { x: 40_000, y: 500, width: 248, height: 76 } };
    expect(firstView(root, huge, 412, 600, 'phone')?.zoom).toBe(0.8);
  });
});
