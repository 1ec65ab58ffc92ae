import { describe, expect, it } from 'vitest';

import { createNode } from './commands.ts';
import { idCounter } from './io.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { generateFlow, sampleFlow } from './testing.ts';
import {
  DEFAULT_NODE_SIZE,
  edgeId,
  TREE_GAPS,
  treeLayout,
  type FlowLayout,
  type LayoutNode,
  type NodeSizes,
  type Size,
} from './tree-layout.ts';

// A deep copy (editor-core's tsconfig has no structuredClone).
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

// Sizes like the canvas's: routes (keys, in/out of hours) small, steps big, the repeat step in between.
const canvasSizes = (node: FlowNode): Size =>
  node.type === 'dial_menu_key' || node.type === 'in_hours' || node.type === 'out_of_hours'
    ? { width: 168, height: 48 }
    : node.type === 'repeat_menu'
      ? { width: 208, height: 60 }
      : { width: 248, height: 76 };

/** Sizes that differ from node to node, from the id: every width and height in a row may differ. */
const jaggedSizes = (node: FlowNode): Size => {
  const k = Number(node.id.replace(/\D/g, '')) || 0;
  return { width: 40 + ((k * 37) % 260), height: 20 + ((k * 53) % 90) };
};

interface Visit {
  node: FlowNode;
  parent: FlowNode | null;
  depth: number;
}

function visits(root: FlowNode): Visit[] {
  const out: Visit[] = [];
  const stack: Visit[] = [{ node: root, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    out.push(visit);
    for (let i = visit.node.children.length - 1; i >= 0; i--)
      stack.push({ node: visit.node.children[i] as FlowNode, parent: visit.node, depth: visit.depth + 1 });
  }
  return out;
}

const centre = (n: LayoutNode) => n.x + n.width / 2;

/** Checks every property the canvas relies on; answers the boxes by id. */
function expectTidy(flow: CallFlow, layout: FlowLayout, sizes: NodeSizes, gaps = TREE_GAPS) {
  const all = visits(flow.data);
  const box = new Map(layout.nodes.map((n) => [n.id, n]));
  const at = (id: string) => box.get(id) as LayoutNode;
  expect(layout.nodes).toHaveLength(all.length);
  expect(box.size).toBe(all.length);

  // Sizes as given.
  for (const { node } of all) {
    const size = typeof sizes === 'function' ? sizes(node) : (sizes[node.id] ?? DEFAULT_NODE_SIZE);
    expect(at(node.id)).toMatchObject(size);
  }

  // Rows: one y per depth, each row below the previous by its tallest node plus the level gap.
  const rows: Array<{ y: number; height: number }> = [];
  for (const { node, depth } of all) {
    const row = (rows[depth] ??= { y: at(node.id).y, height: 0 });
    expect(at(node.id).y).toBe(row.y);
    row.height = Math.max(row.height, at(node.id).height);
  }
  expect(rows[0]?.y).toBe(0);
  for (let d = 1; d < rows.length; d++)
    expect(rows[d]?.y).toBeCloseTo((rows[d - 1]?.y ?? 0) + (rows[d - 1]?.height ?? 0) + gaps.levelGap, 6);

  // Children in order, left to right, with at least the sibling gap; the parent centred over the first and last.
  for (const { node } of all) {
    const kids = node.children.map((c) => at(c.id));
    for (let i = 1; i < kids.length; i++) {
      const [a, b] = [kids[i - 1] as LayoutNode, kids[i] as LayoutNode];
      expect(b.x).toBeGreaterThanOrEqual(a.x + a.width + gaps.siblingGap - 1e-6);
    }
    if (kids.length > 0)
      expect(
        Math.abs(centre(at(node.id)) - (centre(kids[0] as LayoutNode) + centre(kids.at(-1) as LayoutNode)) / 2),
      ).toBeLessThanOrEqual(0.5);
  }

  // No two boxes overlap: within a row, sorted left to right, each starts after the previous ends (rows do not
  // overlap vertically, as checked above).
  const byRow = new Map<number, LayoutNode[]>();
  for (const n of layout.nodes) byRow.set(n.y, [...(byRow.get(n.y) ?? []), n]);
  for (const row of byRow.values()) {
    row.sort((a, b) => a.x - b.x);
    for (let i = 1; i < row.length; i++) {
      const [a, b] = [row[i - 1] as LayoutNode, row[i] as LayoutNode];
      expect(b.x).toBeGreaterThanOrEqual(a.x + a.width + Math.min(gaps.siblingGap, gaps.subtreeGap) - 1e-6);
    }
  }

  // The drawing starts at 0,0 and its size bounds every box.
  expect(Math.min(...layout.nodes.map((n) => n.x))).toBe(0);
  expect(Math.min(...layout.nodes.map((n) => n.y))).toBe(0);
  expect(Math.max(...layout.nodes.map((n) => n.x + n.width))).toBeCloseTo(layout.width, 6);
  expect(Math.max(...layout.nodes.map((n) => n.y + n.height))).toBe(layout.height);

  // One edge per parent-child pair, from the parent's bottom centre to the child's top centre.
  const pairs = all.filter((v) => v.parent).map((v) => edgeId((v.parent as FlowNode).id, v.node.id));
  expect(layout.edges.map((e) => e.id).sort()).toEqual(pairs.sort());
  for (const edge of layout.edges) {
    const [source, target] = [at(edge.source), at(edge.target)];
    expect(edge.id).toBe(edgeId(edge.source, edge.target));
    expect(edge.points[0]).toEqual({ x: centre(source), y: source.y + source.height });
    expect(edge.points.at(-1)).toEqual({ x: centre(target), y: target.y });
    // Only vertical and horizontal segments.
    for (let i = 1; i < edge.points.length; i++) {
      const [p, q] = [edge.points[i - 1] as { x: number; y: number }, edge.points[i] as { x: number; y: number }];
      expect(p.x === q.x || p.y === q.y).toBe(true);
    }
  }
}

/** A chain main_number -> play_audio -> play_audio ... of `length` nodes. */
function chain(length: number): CallFlow {
  const newId = idCounter();
  const root = createNode('main_number', newId);
  let tail = root;
  for (let i = 1; i < length; i++) {
    const next = createNode('play_audio', newId);
    tail.children.push(next);
    tail = next;
  }
  return { id: null, name: 'Chain', enable: false, data: root };
}

describe('treeLayout', () => {
  it('lays out the sample flow as a tidy tree: in_hours left of out_of_hours, each only child straight below', () => {
    const flow = sampleFlow();
    const layout = treeLayout(flow, canvasSizes);
    expectTidy(flow, layout, canvasSizes);
    const at = new Map(layout.nodes.map((n) => [n.id, n]));
    expect((at.get('n3') as LayoutNode).x).toBeLessThan((at.get('n4') as LayoutNode).x);
    expect(centre(at.get('n1') as LayoutNode)).toBe(centre(at.get('n2') as LayoutNode));
    // in_hours and out_of_hours one sibling gap apart, measured between their subtrees' widest boxes.
    expect((at.get('n6') as LayoutNode).x - ((at.get('n5') as LayoutNode).x + 248)).toBe(TREE_GAPS.siblingGap);
    expect(layout.edges.find((e) => e.id === edgeId('n1', 'n2'))?.points).toHaveLength(2);
    expect(layout.edges.find((e) => e.id === edgeId('n2', 'n3'))?.points).toHaveLength(4);
  });

  it.each([
    [1, 1],
    [30, 2],
    [200, 1],
    [200, 7],
    [500, 3],
    [2000, 1],
    [2000, 42],
  ])('keeps every property for a generated flow of %i nodes (seed %i)', (size, seed) => {
    const flow = generateFlow(size, seed);
    expectTidy(flow, treeLayout(flow, canvasSizes), canvasSizes);
  });

  it('respects sizes that vary node to node, by function, by id and by default', () => {
    const flow = generateFlow(300, 5);
    expectTidy(flow, treeLayout(flow, jaggedSizes), jaggedSizes);
    const byId = { n1: { width: 300, height: 80 }, n3: { width: 20, height: 150 } };
    const small = sampleFlow();
    const layout = treeLayout(small, byId);
    expectTidy(small, layout, byId);
    expect(layout.nodes.find((n) => n.id === 'n5')).toMatchObject(DEFAULT_NODE_SIZE);
    // The third row is as tall as its tallest node (n3), so both of the fourth row's nodes start below it.
    expect(layout.nodes.find((n) => n.id === 'n6')?.y).toBe(80 + 64 + 150 + 3 * TREE_GAPS.levelGap);
  });

  it('takes other gaps, and packs subtrees by their contours rather than their bounding boxes', () => {
    const flow = generateFlow(400, 11);
    const gaps = { siblingGap: 10, levelGap: 100, subtreeGap: 30 };
    expectTidy(flow, treeLayout(flow, canvasSizes, gaps), canvasSizes, gaps);

    // A narrow left subtree with a wide bottom row, beside a tall thin one: the thin one tucks in above the wide row.
    const newId = idCounter();
    const root = createNode('main_number', newId);
    const menu = createNode('dial_menu', newId);
    root.children.push(menu);
    const [one, two] = [createNode('dial_menu_key', newId), createNode('dial_menu_key', newId)];
    menu.children.push(one, two);
    const wide = createNode('dial_menu', newId);
    one.children.push(wide);
    for (let k = 0; k < 4; k++) wide.children.push(createNode('dial_menu_key', newId));
    two.children.push(createNode('transfer', newId));
    const flowOf = { id: null, name: 'Contours', enable: false, data: root };
    const layout = treeLayout(flowOf, canvasSizes);
    expectTidy(flowOf, layout, canvasSizes);
    const at = new Map(layout.nodes.map((n) => [n.id, n]));
    // Keys 1 and 2 sit closer than the wide row under key 1 is wide.
    const gap = (at.get(two.id) as LayoutNode).x - ((at.get(one.id) as LayoutNode).x + 168);
    const wideRow = wide.children.map((c) => at.get(c.id) as LayoutNode);
    expect(gap).toBeLessThan((wideRow.at(-1) as LayoutNode).x + 168 - (wideRow[0] as LayoutNode).x);
  });

  it('centres a middle subtree between two moved apart (Buchheim spreads the shift)', () => {
    const newId = idCounter();
    const root = createNode('main_number', newId);
    const menu = createNode('dial_menu', newId);
    root.children.push(menu);
    const keys = Array.from({ length: 4 }, () => createNode('dial_menu_key', newId));
    menu.children.push(...keys);
    // Only the first and last keys have wide subtrees: the middle two are spread evenly between them.
    for (const key of [keys[0], keys[3]] as FlowNode[]) {
      const inner = createNode('dial_menu', newId);
      key.children.push(inner);
      for (let k = 0; k < 6; k++) inner.children.push(createNode('dial_menu_key', newId));
    }
    const flow = { id: null, name: 'Spread', enable: false, data: root };
    const layout = treeLayout(flow, canvasSizes);
    expectTidy(flow, layout, canvasSizes);
    const xs = keys.map((k) => layout.nodes.find((n) => n.id === k.id)?.x as number);
    expect(xs[2]! - xs[1]!).toBeCloseTo(xs[1]! - xs[0]!, 6);
    expect(xs[3]! - xs[2]!).toBeCloseTo(xs[1]! - xs[0]!, 6);
  });

  it('lays out a chain 416 deep without overflowing the stack, all in one column', () => {
    const flow = chain(416);
    const layout = treeLayout(flow, canvasSizes);
    expectTidy(flow, layout, canvasSizes);
    expect(new Set(layout.nodes.map(centre)).size).toBe(1);
    expect(layout.height).toBe(416 * 76 + 415 * TREE_GAPS.levelGap);
  });

  it('is deterministic', () => {
    const flow = generateFlow(1000, 9);
    expect(treeLayout(clone(flow), canvasSizes)).toEqual(treeLayout(flow, canvasSizes));
  });

  it('refuses a node id that appears twice and a size that is not a size', () => {
    const flow = sampleFlow();
    const twice = clone(flow);
    twice.data.children.push(clone(twice.data.children[0] as FlowNode));
    expect(() => treeLayout(twice, {})).toThrow('Node n2 appears twice in the flow');
    expect(() => treeLayout(flow, { n4: { width: Number.NaN, height: 10 } })).toThrow('Node n4 has no usable size');
    expect(() => treeLayout(flow, { n4: { width: 10, height: -1 } })).toThrow('Node n4 has no usable size');
  });
});
