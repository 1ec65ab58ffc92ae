import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { edgeId, handleLayoutRequest, layoutFlow, toElkGraph } from './layout.ts';
import { checkStructure } from './structure.ts';
import { generateFlow, sampleFlow } from './testing.ts';
import { subtreeSize } from './tree.ts';

const elk = new ELK();
const sizes = { n1: { width: 300, height: 80 } };

describe('layout', () => {
  it('positions every node with the caller sizes and routes every edge', async () => {
    const layout = await layoutFlow(sampleFlow(), { elk, sizes });
    expect(layout.nodes.map((n) => n.id).sort()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    const byId = new Map(layout.nodes.map((n) => [n.id, n]));
    expect(byId.get('n1')).toMatchObject({ width: 300, height: 80 });
    expect(byId.get('n5')).toMatchObject({ width: 220, height: 64 });
    expect(layout.edges.map((e) => e.id).sort()).toEqual([edgeId('n1', 'n2'), edgeId('n2', 'n3'), edgeId('n2', 'n4'), edgeId('n3', 'n5'), edgeId('n4', 'n6')].sort());
    // Top to bottom: a child sits below its parent; in_hours left of out_of_hours.
    for (const edge of layout.edges) expect(byId.get(edge.target)?.y ?? 0).toBeGreaterThan(byId.get(edge.source)?.y ?? 0);
    expect(byId.get('n3')?.x ?? 0).toBeLessThan(byId.get('n4')?.x ?? 0);
    expect(layout.edges.every((e) => e.points.length >= 2)).toBe(true);
  });

  it('is deterministic', async () => {
    const flow = generateFlow(150, 7);
    expect(checkStructure(flow.data)).toEqual([]);
    const first = await layoutFlow(flow, { elk, sizes: {} });
    const second = await layoutFlow(flow, { elk: new ELK(), sizes: {} });
    expect(second).toEqual(first);
    expect(first.nodes).toHaveLength(subtreeSize(flow.data));
  });

  it('answers worker requests, with errors as messages', async () => {
    const ok = await handleLayoutRequest(elk, { requestId: 3, flow: sampleFlow(), sizes: {} });
    expect(ok.requestId).toBe(3);
    expect(ok.ok && ok.layout.nodes).toHaveLength(6);
    const failing = await handleLayoutRequest({ layout: () => Promise.reject(new Error('worker gone')) }, { requestId: 4, flow: sampleFlow(), sizes: {} });
    expect(failing).toEqual({ requestId: 4, ok: false, error: 'worker gone' });
    expect(toElkGraph(sampleFlow(), () => ({ width: 1, height: 2 })).children?.[0]).toEqual({ id: 'n1', width: 1, height: 2 });
  });
});
