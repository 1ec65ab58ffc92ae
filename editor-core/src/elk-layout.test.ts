import type { ElkNode } from 'elkjs';
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';

import { fromElkGraph, inPort, layeredLayout, outPort, toElkGraph, type ElkLike } from './elk-layout.ts';
import { handleLayeredLayoutRequest } from './layout.ts';
import { sampleFlow } from './testing.ts';
import { edgeId } from './tree-layout.ts';

const elk = new ELK();

describe('toElkGraph', () => {
  it('gives ELK every node breadth-first with its size and a port in the middle of each side, one edge per child', () => {
    const graph = toElkGraph(sampleFlow(), { n1: { width: 300, height: 80 } });
    expect(graph.layoutOptions).toMatchObject({
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.edgeRouting': 'ORTHOGONAL',
    });
    expect(graph.children?.map((n) => n.id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    const main = graph.children?.[0];
    expect(main).toMatchObject({ width: 300, height: 80 });
    expect(main?.ports).toEqual([
      expect.objectContaining({ id: inPort('n1'), x: 0, y: 40 }),
      expect.objectContaining({ id: outPort('n1'), x: 300, y: 40 }),
    ]);
    expect(graph.children?.[1]).toMatchObject({ width: 220, height: 64 });
    expect(graph.edges?.find((e) => e.id === edgeId('n2', 'n4'))).toMatchObject({
      sources: [outPort('n2')],
      targets: [inPort('n4')],
    });
  });

  it('refuses a flow whose node ids repeat', () => {
    const flow = sampleFlow();
    flow.data.children.push(JSON.parse(JSON.stringify(flow.data.children[0])));
    expect(() => toElkGraph(flow, {})).toThrow('Node n2 appears twice in the flow');
  });
});

describe('fromElkGraph', () => {
  it('maps positions and each edge section (start, bend points, end) back, moved to start at 0,0', () => {
    const laidOut: ElkNode = {
      id: 'root',
      children: [
        { id: 'a', x: 10, y: 50, width: 100, height: 40 },
        { id: 'b', x: 170, y: 20, width: 80, height: 30 },
      ],
      edges: [
        {
          id: 'a->b',
          sources: [outPort('a')],
          targets: [inPort('b')],
          sections: [
            {
              id: 's',
              startPoint: { x: 110, y: 70 },
              bendPoints: [
                { x: 140, y: 70 },
                { x: 140, y: 35 },
              ],
              endPoint: { x: 170, y: 35 },
            },
          ],
        },
      ],
    };
    expect(fromElkGraph(laidOut)).toEqual({
      nodes: [
        { id: 'a', x: 0, y: 30, width: 100, height: 40 },
        { id: 'b', x: 160, y: 0, width: 80, height: 30 },
      ],
      edges: [
        {
          id: 'a->b',
          source: 'a',
          target: 'b',
          points: [
            { x: 100, y: 50 },
            { x: 130, y: 50 },
            { x: 130, y: 15 },
            { x: 160, y: 15 },
          ],
        },
      ],
      width: 240,
      height: 70,
    });
  });
});

describe('layeredLayout with elkjs', () => {
  it('lays a flow out left to right, children in order top to bottom, routes from the right middle to the left middle', async () => {
    const layout = await layeredLayout(sampleFlow(), {}, elk);
    const at = new Map(layout.nodes.map((n) => [n.id, n]));
    const n1 = at.get('n1')!;
    const n2 = at.get('n2')!;
    const n3 = at.get('n3')!;
    const n4 = at.get('n4')!;
    // Each depth one column further right.
    expect(n2.x).toBeGreaterThanOrEqual(n1.x + n1.width);
    expect(n3.x).toBeGreaterThanOrEqual(n2.x + n2.width);
    expect(n3.x).toBe(n4.x);
    // The first child above the second.
    expect(n3.y + n3.height).toBeLessThanOrEqual(n4.y);
    expect(Math.min(...layout.nodes.map((n) => n.x))).toBe(0);
    expect(Math.min(...layout.nodes.map((n) => n.y))).toBe(0);
    expect(layout.edges).toHaveLength(5);
    for (const edge of layout.edges) {
      const source = at.get(edge.source)!;
      const target = at.get(edge.target)!;
      expect(edge.id).toBe(edgeId(edge.source, edge.target));
      expect(edge.points[0]).toEqual({ x: source.x + source.width, y: source.y + source.height / 2 });
      expect(edge.points.at(-1)).toEqual({ x: target.x, y: target.y + target.height / 2 });
      // Orthogonal: every segment horizontal or vertical.
      for (let i = 1; i < edge.points.length; i++) {
        const [p, q] = [edge.points[i - 1]!, edge.points[i]!];
        expect(p.x === q.x || p.y === q.y).toBe(true);
      }
    }
    // A route that changes row bends.
    expect(layout.edges.find((e) => e.id === edgeId('n2', 'n3'))!.points.length).toBeGreaterThan(2);
  });

  it('answers a worker request, and an ELK failure as a message', async () => {
    const answer = await handleLayeredLayoutRequest(elk, {
      requestId: 9,
      flow: sampleFlow(),
      sizes: {},
      arrangement: 'layered',
    });
    expect(answer).toMatchObject({ requestId: 9, ok: true });
    const failing: ElkLike = { layout: () => Promise.reject(new Error('ELK gave up')) };
    expect(await handleLayeredLayoutRequest(failing, { requestId: 10, flow: sampleFlow(), sizes: {} })).toEqual({
      requestId: 10,
      ok: false,
      error: 'ELK gave up',
    });
  });
});
