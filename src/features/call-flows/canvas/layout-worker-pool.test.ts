import { afterAll, describe, expect, it, vi } from 'vitest';

import type { LayoutRequest, LayoutResponse } from '@portal/editor-core';
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

const request = (requestId: number, arrangement?: 'layered'): LayoutRequest => ({
  requestId,
  flow: sampleFlow(),
  sizes: {},
  ...(arrangement && { arrangement }),
});

vi.stubGlobal('Worker', EchoWorker);
afterAll(() => vi.unstubAllGlobals());

describe('layout worker pool', () => {
  it('answers the tidy tree in this thread before postMessage returns, starting no worker', async () => {
    const { leaseLayoutWorker } = await import('./layout-worker-pool.ts');
    const lease = leaseLayoutWorker();
    const heard: LayoutResponse[] = [];
    lease.onmessage = (event) => heard.push(event.data);
    lease.postMessage(request(7));
    expect(EchoWorker.started).toBe(0);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ requestId: 7, ok: true });
    // The real tidy tree: the main number above its first step.
    const layout = heard[0]!.ok ? heard[0]!.layout : null;
    const y = (id: string) => layout?.nodes.find((n) => n.id === id)?.y ?? NaN;
    expect(y('n1')).toBeLessThan(y('n2'));
    lease.terminate();
  });

  it('lets two canvases share the one worker for the left-to-right arrangement, each hearing the answers', async () => {
    const { leaseLayoutWorker } = await import('./layout-worker-pool.ts');
    const left = leaseLayoutWorker();
    const right = leaseLayoutWorker();
    const heard = { left: [] as number[], right: [] as number[] };
    left.onmessage = (event) => heard.left.push(event.data.requestId);
    right.onmessage = (event) => heard.right.push(event.data.requestId);
    left.postMessage(request(1, 'layered'));
    right.postMessage(request(2, 'layered'));
    expect(EchoWorker.started).toBe(1);
    expect(heard).toEqual({ left: [1, 2], right: [1, 2] });
    // One canvas goes; the other still hears its answers.
    left.terminate();
    right.postMessage(request(3, 'layered'));
    expect(heard).toEqual({ left: [1, 2], right: [1, 2, 3] });
    right.terminate();
  });
});
