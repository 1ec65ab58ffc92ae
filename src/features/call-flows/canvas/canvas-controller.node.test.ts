import { describe, expect, it, vi } from 'vitest';

import {
  createEditorStore,
  insertBetween,
  renameNode,
  type FlowLayout,
  type LayoutRequest,
  type LayoutResponse,
} from '@portal/editor-core';
import { generateFlow, sampleFlow } from '@portal/editor-core/testing';

import { createCanvasController, problemsByNode } from './canvas-controller.ts';
import type { LayoutWorker } from './layout-client.ts';

/** A fake layout worker: each step in a column, shifted down by `shiftY`; asked to answer `at once`, as the page's tidy tree does. */
function worker(options: { atOnce?: boolean; shiftY?: () => number } = {}) {
  const sent: LayoutRequest[] = [];
  const answer = (request: LayoutRequest, edges: FlowLayout['edges'] = []) => {
    const ids: string[] = [];
    const walk = (n: LayoutRequest['flow']['data']) => {
      ids.push(n.id);
      n.children.forEach(walk);
    };
    walk(request.flow.data);
    const shiftY = options.shiftY?.() ?? 0;
    const layout: FlowLayout = {
      nodes: ids.map((id, i) => ({ id, x: i * 10, y: i * 100 + shiftY, width: 248, height: 76 })),
      edges,
      width: 0,
      height: 0,
    };
    w.onmessage?.({
      data: { requestId: request.requestId, ok: true, layout } satisfies LayoutResponse,
    } as MessageEvent<LayoutResponse>);
  };
  const w: LayoutWorker & { sent: LayoutRequest[] } = {
    sent,
    onmessage: null,
    postMessage: (m) => {
      sent.push(m);
      if (options.atOnce) answer(m);
    },
    terminate: () => {},
  };
  return { w, answer };
}

describe('canvas controller', () => {
  it('lays the flow out again in a newly chosen arrangement, with the routes of that layout', () => {
    vi.useFakeTimers();
    const store = createEditorStore({ flow: sampleFlow() });
    const { w, answer } = worker();
    const applied = vi.fn();
    const controller = createCanvasController(store, { createWorker: () => w });
    controller.setLayoutListener(applied);
    const stop = controller.start();
    vi.runAllTimers();
    expect(w.sent[0]?.arrangement).toBeUndefined();
    answer(w.sent[0]!);

    controller.setArrangement('layered');
    controller.setArrangement('layered');
    vi.runAllTimers();
    expect(w.sent).toHaveLength(2);
    expect(w.sent[1]?.arrangement).toBe('layered');
    // The worker is sent only what the layout reads: no names, no args.
    expect(w.sent[1]?.flow.data).toMatchObject({ id: 'n1', name: '', args: {} });
    // The tree stays on screen until the new layout arrives.
    expect(controller.ui.getState()).toMatchObject({ arrangement: 'layered', laidOutAs: 'tree' });
    const points = [
      { x: 258, y: 38 },
      { x: 290, y: 38 },
      { x: 290, y: 138 },
      { x: 320, y: 138 },
    ];
    answer(w.sent[1]!, [{ id: 'n1->n2', source: 'n1', target: 'n2', points }]);
    expect(controller.ui.getState().laidOutAs).toBe('layered');
    expect(controller.ui.getState().edges.find((e) => e.id === 'n1->n2')?.data).toMatchObject({
      points,
      arrangement: 'layered',
    });
    expect(applied).toHaveBeenLastCalledWith(
      expect.objectContaining({ first: false, rearranged: true, anchorShift: null }),
    );

    controller.setArrangement('tree');
    vi.runAllTimers();
    expect(w.sent).toHaveLength(3);
    expect(w.sent[2]?.arrangement).toBeUndefined();
    stop();
    vi.useRealTimers();
  });

  it('lays the tree out in the worker, then builds the graph at those positions', async () => {
    vi.useFakeTimers();
    const store = createEditorStore({ flow: sampleFlow() });
    const { w, answer } = worker();
    const applied = vi.fn();
    const controller = createCanvasController(store, { createWorker: () => w });
    controller.setLayoutListener(applied);
    const stop = controller.start();
    expect(controller.ui.getState()).toMatchObject({ waitingForLayout: true, nodes: [] });
    vi.runAllTimers();
    expect(w.sent).toHaveLength(1);
    // The tidy tree is laid out in the page's thread: it reads the tree itself, no copy.
    expect(w.sent[0]?.flow.data).toBe(store.getState().flow.data);
    answer(w.sent[0]!);
    expect(store.getState().positions.n5).toEqual({ x: 30, y: 300, width: 248, height: 76 });
    expect(controller.ui.getState().waitingForLayout).toBe(false);
    expect(controller.ui.getState().nodes).toHaveLength(6);
    expect(applied).toHaveBeenCalledWith(expect.objectContaining({ first: true, nodeCount: 6 }));

    // A rename changes no shape: no new layout, and untouched nodes keep their objects.
    const before = controller.ui.getState().nodes;
    store.getState().run(renameNode('n5', 'Sales'));
    vi.runAllTimers();
    expect(w.sent).toHaveLength(1);
    expect(controller.ui.getState().nodes).toEqual(before);

    // An insert lays out again; meanwhile the new node sits under its parent.
    store.getState().run(insertBetween('n3', 'n5', 'play_audio'));
    const greeting = store.getState().selection[0] as string;
    const provisional = controller.ui.getState().nodes.find((n) => n.id === greeting);
    expect(provisional?.position.y).toBeGreaterThan(200);
    vi.runAllTimers();
    expect(w.sent).toHaveLength(2);
    answer(w.sent[1]!);
    expect(applied).toHaveBeenLastCalledWith(expect.objectContaining({ first: false, nodeCount: 7 }));
    stop();
    vi.useRealTimers();
  });

  it('draws an edit of the tidy tree once, laid out, when its layout answers at once (no provisional drawing)', () => {
    const flow = generateFlow(1200, 7);
    const store = createEditorStore({ flow });
    const { w } = worker({ atOnce: true });
    const controller = createCanvasController(store, { createWorker: () => w });
    const stop = controller.start();
    const drawn = controller.ui.getState().nodes;
    expect(drawn.length).toBeGreaterThan(0);
    const builds: number[] = [];
    controller.ui.subscribe((state, prev) => {
      if (state.nodes !== prev.nodes) builds.push(state.nodes.length);
    });

    const [parent, child] = [flow.data, flow.data.children[0]!];
    expect(store.getState().run(insertBetween(parent.id, child.id, 'play_audio'))).toBe(true);
    // Laid out in the same task, and the graph built once, with the new step at its laid-out place.
    expect(w.sent).toHaveLength(2);
    expect(builds).toEqual([drawn.length + 1]);
    const greeting = store.getState().selection[0] as string;
    expect(controller.ui.getState().nodes.find((n) => n.id === greeting)?.position).toEqual({
      x: store.getState().positions[greeting]!.x,
      y: store.getState().positions[greeting]!.y,
    });
    expect(controller.ui.getState().layoutBusy).toBe(false);
    stop();
  });

  it('in the left-to-right arrangement a large flow is still drawn at once after an edit (ELK takes seconds)', () => {
    const flow = generateFlow(1200, 8);
    const store = createEditorStore({ flow });
    const { w, answer } = worker();
    const controller = createCanvasController(store, { createWorker: () => w, arrangement: 'layered' });
    const stop = controller.start();
    answer(w.sent[0]!);
    const drawn = controller.ui.getState().nodes;
    store.getState().run(insertBetween(flow.data.id, flow.data.children[0]!.id, 'play_audio'));
    expect(w.sent).toHaveLength(2);
    expect(controller.ui.getState().nodes).toHaveLength(drawn.length + 1);
    stop();
  });

  it('lays out a flow loaded in place of one of the same shape (a restored draft that renamed a step)', () => {
    const store = createEditorStore({ flow: sampleFlow() });
    const { w, answer } = worker();
    const controller = createCanvasController(store, { createWorker: () => w });
    const stop = controller.start();
    answer(w.sent[0]!);
    expect(controller.ui.getState().nodes).toHaveLength(6);
    const renamed = sampleFlow();
    renamed.data.children[0]!.name = 'Opening hours';
    store.getState().load(renamed);
    // The load cleared the positions: a layout is asked for although the shape is the same, and the flow drawn again.
    expect(w.sent).toHaveLength(2);
    answer(w.sent[1]!);
    expect(controller.ui.getState()).toMatchObject({ waitingForLayout: false, layoutBusy: false });
    expect(controller.ui.getState().nodes).toHaveLength(6);
    stop();
  });

  it('keeps the nearest drawn step still when a step added to a large flow is laid out', () => {
    const flow = generateFlow(1200, 9);
    const store = createEditorStore({ flow });
    let shift = 0;
    const { w } = worker({ atOnce: true, shiftY: () => shift });
    const applied = vi.fn();
    const controller = createCanvasController(store, { createWorker: () => w });
    controller.setLayoutListener(applied);
    const stop = controller.start();
    const parent = flow.data;
    shift = 30;
    expect(store.getState().run(insertBetween(parent.id, parent.children[0]!.id, 'play_audio'))).toBe(true);
    // The new step (selected) was not drawn before its layout; its parent was, and the new layout moves everything down by 30.
    expect(applied).toHaveBeenLastCalledWith(expect.objectContaining({ first: false, anchorShift: { dx: 0, dy: 30 } }));
    stop();
  });

  it('keeps the step under the pointer still when a new layout lands, and knows where a new step is drawn before it', () => {
    vi.useFakeTimers();
    const store = createEditorStore({ flow: sampleFlow() });
    const { w, answer } = worker();
    const applied = vi.fn();
    const controller = createCanvasController(store, { createWorker: () => w });
    controller.setLayoutListener(applied);
    const stop = controller.start();
    vi.runAllTimers();
    answer(w.sent[0]!);
    // The pointer is on the voicemail's "+" while a greeting goes in before the transfer: the voicemail moves in the new layout.
    controller.setPointerOver('n6');
    store.getState().run(insertBetween('n3', 'n5', 'play_audio'));
    const greeting = store.getState().selection[0] as string;
    expect(controller.drawnAt(greeting)?.y).toBeGreaterThan(200);
    vi.runAllTimers();
    answer(w.sent[1]!);
    expect(applied).toHaveBeenLastCalledWith(expect.objectContaining({ anchorShift: { dx: 10, dy: 100 } }));
    // Without a step under the pointer, the selected step is the one kept still.
    controller.setPointerOver(null);
    store.getState().run(insertBetween('n7', 'n5', 'play_audio'));
    store.getState().setSelection(['n6']);
    vi.runAllTimers();
    answer(w.sent[2]!);
    expect(applied).toHaveBeenLastCalledWith(expect.objectContaining({ anchorShift: { dx: 10, dy: 100 } }));
    stop();
    vi.useRealTimers();
  });

  it('clears the lit test-call path when the tree changes', () => {
    const store = createEditorStore({ flow: sampleFlow() });
    const { w } = worker();
    const controller = createCanvasController(store, { createWorker: () => w });
    const stop = controller.start();
    controller.ui.setState({ pathNodes: new Set(['n1']), pathEdges: new Set() });
    store.getState().run(renameNode('n5', 'Sales'));
    expect(controller.ui.getState()).toMatchObject({ testOutdated: true });
    expect(controller.ui.getState().pathNodes.size).toBe(0);
    stop();
  });

  it('joins problem messages per node, once per problems list', () => {
    const problems = [
      { nodeId: 'a', code: 'audio_required', message: 'One' },
      { nodeId: 'a', code: 'audio_required', message: 'Two' },
      { nodeId: null, code: 'name_required', message: 'Flow' },
    ] as const;
    const map = problemsByNode(problems as never);
    expect(map.get('a')).toBe('One\nTwo');
    expect(map.size).toBe(1);
    expect(problemsByNode(problems as never)).toBe(map);
  });
});
