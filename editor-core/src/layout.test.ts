import { describe, expect, it } from 'vitest';

import { handleLayoutRequest } from './layout.ts';
import type { CallFlow } from './schema.ts';
import { sampleFlow } from './testing.ts';
import { edgeId, treeLayout } from './tree-layout.ts';

// A deep copy (editor-core's tsconfig has no structuredClone).
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('handleLayoutRequest', () => {
  it('answers a request with the tree layout of its flow and sizes', () => {
    const flow = sampleFlow();
    const sizes = { n1: { width: 300, height: 80 } };
    const answer = handleLayoutRequest({ requestId: 3, flow, sizes });
    expect(answer).toEqual({ requestId: 3, ok: true, layout: treeLayout(flow, sizes) });
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.layout.nodes.map((n) => n.id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    expect(answer.layout.nodes[0]).toMatchObject({ width: 300, height: 80 });
    expect(answer.layout.edges.map((e) => e.id)).toContain(edgeId('n2', 'n4'));
  });

  it('answers errors as messages: a flow whose node ids repeat, a request without a flow', () => {
    const flow = sampleFlow();
    flow.data.children.push(clone(flow.data.children[0]!));
    expect(handleLayoutRequest({ requestId: 4, flow, sizes: {} })).toEqual({
      requestId: 4,
      ok: false,
      error: 'Node n2 appears twice in the flow',
    });
    const malformed = handleLayoutRequest({ requestId: 5, flow: {} as CallFlow, sizes: {} });
    expect(malformed).toMatchObject({ requestId: 5, ok: false });
    expect(!malformed.ok && malformed.error).toEqual(expect.any(String));
  });
});
