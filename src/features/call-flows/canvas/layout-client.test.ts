import { describe, expect, it } from 'vitest';

import type { CallFlow, FlowLayout, LayoutRequest, LayoutResponse } from '@portal/editor-core';
import { sampleFlow } from '@portal/editor-core/testing';

import { createLayoutClient, type LayoutWorker } from './layout-client.ts';

/** A worker that keeps what it was sent and answers when told. */
function fakeWorker() {
  const sent: LayoutRequest[] = [];
  const worker: LayoutWorker & {
    sent: LayoutRequest[];
    answer: (request: LayoutRequest, ok?: boolean) => void;
    terminated: boolean;
  } = {
    sent,
    terminated: false,
    onmessage: null,
    postMessage: (message) => sent.push(message),
    terminate() {
      this.terminated = true;
    },
    answer(request, ok = true) {
      const layout: FlowLayout = {
        nodes: [{ id: request.flow.data.id, x: 0, y: 0, width: 1, height: 1 }],
        edges: [],
        width: 1,
        height: 1,
      };
      const data: LayoutResponse = ok
        ? { requestId: request.requestId, ok: true, layout }
        : { requestId: request.requestId, ok: false, error: 'boom' };
      this.onmessage?.({ data } as MessageEvent<LayoutResponse>);
    },
  };
  return worker;
}

function setup() {
  const worker = fakeWorker();
  const queue: Array<() => void> = [];
  const layouts: string[] = [];
  const errors: string[] = [];
  const client = createLayoutClient(worker, {
    onLayout: (layout) => layouts.push(layout.nodes[0]?.id ?? ''),
    onError: (message) => errors.push(message),
    schedule: (run) => queue.push(run),
    now: () => 0,
  });
  const flush = () => queue.splice(0).forEach((run) => run());
  return { worker, client, layouts, errors, flush };
}

const flowWithRoot = (id: string): CallFlow => {
  const flow = sampleFlow();
  return { ...flow, data: { ...flow.data, id } };
};

describe('layout client', () => {
  it('coalesces the requests of one task into one message, the latest tree', () => {
    const { worker, client, flush, layouts } = setup();
    client.request(flowWithRoot('a'), {});
    client.request(flowWithRoot('b'), {});
    expect(worker.sent).toHaveLength(0);
    flush();
    expect(worker.sent.map((r) => r.flow.data.id)).toEqual(['b']);
    worker.answer(worker.sent[0]!);
    expect(layouts).toEqual(['b']);
    expect(client.busy()).toBe(false);
  });

  it('drops an answer made stale by a newer tree and lays out the newer one', () => {
    const { worker, client, flush, layouts } = setup();
    client.request(flowWithRoot('a'), {});
    flush();
    client.request(flowWithRoot('b'), {});
    client.request(flowWithRoot('c'), {});
    expect(worker.sent).toHaveLength(1);
    expect(client.busy()).toBe(true);
    worker.answer(worker.sent[0]!);
    expect(layouts).toEqual([]);
    expect(worker.sent.map((r) => r.flow.data.id)).toEqual(['a', 'c']);
    worker.answer(worker.sent[1]!);
    expect(layouts).toEqual(['c']);
  });

  it('ignores answers to requests it did not send, reports errors, and stops on dispose', () => {
    const { worker, client, flush, layouts, errors } = setup();
    client.request(flowWithRoot('a'), {});
    flush();
    worker.answer({ ...worker.sent[0]!, requestId: -1 });
    expect(layouts).toEqual([]);
    worker.answer(worker.sent[0]!, false);
    expect(errors).toEqual(['boom']);
    client.request(flowWithRoot('b'), {});
    client.dispose();
    flush();
    expect(worker.terminated).toBe(true);
    expect(worker.sent).toHaveLength(1);
  });
});
