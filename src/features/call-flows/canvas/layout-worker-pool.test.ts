import { afterAll, describe, expect, it, vi } from 'vitest';

import type { LayoutRequest } from '@portal/editor-core';
import { sampleFlow } from '@portal/editor-core/testing';

import { packResponse, unpackRequest, type WireRequest, type WireResponse } from './layout-wire.ts';

/** A worker that answers every request at once, with its steps in a column (packed, as the real worker's are). */
class EchoWorker {
  static started = 0;
  onmessage: ((event: MessageEvent<WireResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor() {
    EchoWorker.started++;
  }
  postMessage(wire: WireRequest) {
    const nodes = wire.ids.map((id, i) => ({ id, x: 0, y: i * 100, width: 10, height: 10 }));
    this.onmessage?.({
      data: packResponse({
        requestId: unpackRequest(wire).requestId,
        ok: true,
        layout: { nodes, edges: [], width: 10, height: nodes.length * 100 },
      }),
    } as MessageEvent<WireResponse>);
  }
  terminate() {}
}

const request = (requestId: number): LayoutRequest => ({ requestId, flow: sampleFlow(), sizes: {} });

vi.stubGlobal('Worker', EchoWorker);
afterAll(() => vi.unstubAllGlobals());

describe('layout worker pool', () => {
  it('lets two canvases share the one worker at once, each hearing the answers (two versions side by side)', async () => {
    const { leaseLayoutWorker } = await import('./layout-worker-pool.ts');
    const left = leaseLayoutWorker();
    const right = leaseLayoutWorker();
    const heard = { left: [] as number[], right: [] as number[] };
    left.onmessage = (event) => heard.left.push(event.data.requestId);
    right.onmessage = (event) => heard.right.push(event.data.requestId);
    left.postMessage(request(1));
    right.postMessage(request(2));
    expect(EchoWorker.started).toBe(1);
    expect(heard).toEqual({ left: [1, 2], right: [1, 2] });
    // One canvas goes; the other still hears its answers.
    left.terminate();
    right.postMessage(request(3));
    expect(heard).toEqual({ left: [1, 2], right: [1, 2, 3] });
    right.terminate();
  });
});
