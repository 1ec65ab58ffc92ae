import type { LayoutResponse } from '@portal/editor-core';
import { afterAll, describe, expect, it, vi } from 'vitest';

/** A worker that answers every request at once, with an empty layout. */
class EchoWorker {
  static started = 0;
  onmessage: ((event: MessageEvent<LayoutResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor() {
    EchoWorker.started++;
  }
  postMessage({ requestId }: { requestId: number }) {
    this.onmessage?.({ data: { requestId, ok: true, layout: { positions: {} } } } as unknown as MessageEvent<LayoutResponse>);
  }
  terminate() {}
}

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
    left.postMessage({ requestId: 1 } as never);
    right.postMessage({ requestId: 2 } as never);
    expect(EchoWorker.started).toBe(1);
    expect(heard).toEqual({ left: [1, 2], right: [1, 2] });
    // One canvas goes; the other still hears its answers.
    left.terminate();
    right.postMessage({ requestId: 3 } as never);
    expect(heard).toEqual({ left: [1, 2], right: [1, 2, 3] });
    right.terminate();
  });
});
