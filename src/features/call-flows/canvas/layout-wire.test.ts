import { describe, expect, it } from 'vitest';

import { handleLayoutRequest, type LayoutRequest, type LayoutResponse } from '@portal/editor-core';
import { generateFlow } from '@portal/editor-core/testing';

import { layoutSkeleton, sizesById } from './graph.ts';
import { packRequest, packResponse, transferablesOf, unpackRequest, unpackResponse } from './layout-wire.ts';

const flow = generateFlow(300, 5);
const request: LayoutRequest = {
  requestId: 7,
  flow: { id: null, name: '', enable: false, data: layoutSkeleton(flow.data) },
  sizes: sizesById(flow.data),
  arrangement: 'layered',
};

describe('the layout worker wire', () => {
  it('carries a request across and back as the same skeleton tree, sizes and arrangement, its numbers in buffers to hand over', () => {
    const wire = packRequest(request);
    expect(wire.ids).toHaveLength(Object.keys(request.sizes).length);
    expect(transferablesOf(wire)).toEqual([wire.parents.buffer, wire.sizes.buffer]);
    // What postMessage does to it (the buffers would be moved rather than copied).
    expect(unpackRequest(structuredClone(wire))).toEqual(request);
  });

  it('carries an answer across as the same layout: every box, edge id and route point', () => {
    const response = handleLayoutRequest({ ...request, arrangement: undefined });
    if (!response.ok) throw new Error(response.error);
    expect(response.layout.edges[0]!.points.length).toBeGreaterThan(0);
    const wire = packResponse(response);
    expect(transferablesOf(wire)).toHaveLength(4);
    expect(unpackResponse(structuredClone(wire))).toEqual(response);
  });

  it('passes a failure through, and refuses to pack an edge that joins no laid-out steps', () => {
    const failed: LayoutResponse = { requestId: 3, ok: false, error: 'The layout failed' };
    expect(unpackResponse(packResponse(failed))).toEqual(failed);
    expect(transferablesOf(packResponse(failed))).toEqual([]);
    const stray: LayoutResponse = {
      requestId: 4,
      ok: true,
      layout: {
        nodes: [{ id: 'a', x: 0, y: 0, width: 1, height: 1 }],
        edges: [{ id: 'a->b', source: 'a', target: 'b', points: [] }],
        width: 1,
        height: 1,
      },
    };
    expect(() => packResponse(stray)).toThrow("The layout's edge a->b joins no laid-out steps");
  });
});
