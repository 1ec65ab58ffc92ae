import { describe, expect, it } from 'vitest';

import { createEditorStore, insertBetween, insertNode, locate, type EditorStore } from '@portal/editor-core';
import { sampleFlow } from '@portal/editor-core/testing';

import { createCanvasController, selectionSpeech } from './canvas-controller.ts';
import { dropVerdict, moveStep, pickUpRefusal } from './moves.ts';
import { createStepDrag, DRAG_THRESHOLD } from './step-drag.ts';

/** The sample flow (n1 main number, n2 business hours, n3 in hours -> n5 transfer, n4 out of hours -> n6 voicemail) with a dial menu in hours: key 1 -> the transfer, and an empty key 2. */
function menuFlow(): { store: EditorStore; menu: string; key1: string; key2: string } {
  // A fixed clock: every change lands within the coalescing window of the one before.
  const store = createEditorStore({ flow: sampleFlow(), now: () => 0 });
  store.getState().run(insertBetween('n3', 'n5', 'dial_menu'));
  const menu = store.getState().selection[0] as string;
  const key1 = locate(store.getState().flow.data, menu)?.node.children[0]?.id as string;
  store.getState().run(insertNode(menu, 'dial_menu_key'));
  const key2 = store.getState().selection[0] as string;
  return { store, menu, key1, key2 };
}

const parentOf = (store: EditorStore, id: string) => locate(store.getState().flow.data, id)?.ancestors.at(-1)?.id;
const steps = (store: EditorStore) => store.temporal.getState().pastStates.length;

describe('moving a step', () => {
  it('moves a step with editor-core, one undo step per move even when the same step moves twice at once', () => {
    const { store, key1, key2 } = menuFlow();
    const before = steps(store);
    expect(moveStep(store, 'n5', key2)).toEqual({
      moved: true,
      message: 'Moved Transfer: Transfer after Dial menu key 2: Key.',
    });
    expect(parentOf(store, 'n5')).toBe(key2);
    expect(store.getState().selection).toEqual(['n5']);
    expect(moveStep(store, 'n5', key1).moved).toBe(true);
    expect(steps(store)).toBe(before + 2);
    store.getState().undo();
    expect(parentOf(store, 'n5')).toBe(key2);
    store.getState().undo();
    expect(parentOf(store, 'n5')).toBe(key1);
  });

  it('a refused move changes nothing and says why in editor-core words', () => {
    const { store, key2 } = menuFlow();
    const flow = store.getState().flow;
    const before = steps(store);
    // The voicemail may not go after a transfer, which ends a route.
    const outcome = moveStep(store, 'n6', 'n5');
    expect(outcome.moved).toBe(false);
    expect(outcome.message).toMatch(
      /^Voicemail: Voicemail cannot go after Transfer: Transfer: .*transfer ends a route/i,
    );
    expect(store.getState().flow).toBe(flow);
    expect(steps(store)).toBe(before);
    // Into its own route, and onto a step that already has its one step after it.
    expect(dropVerdict(store, 'n2', key2)).toBe('A step cannot go inside its own route');
    expect(dropVerdict(store, 'n6', 'n3')).toMatch(/at most 1 step after it/);
    expect(dropVerdict(store, 'n6', key2)).toBe(true);
  });

  it('the main number, in hours and out of hours cannot be picked up; a step already there stays', () => {
    const { store, key1 } = menuFlow();
    expect(pickUpRefusal(store, 'n1')).toBe('The main number cannot be removed.');
    expect(pickUpRefusal(store, 'n3')).toMatch(/belongs to its business hours step/);
    expect(pickUpRefusal(store, 'n5')).toBeNull();
    expect(moveStep(store, 'n5', key1)).toEqual({
      moved: false,
      message: 'Transfer: Transfer is already after Dial menu key 1: Key.',
    });
  });
});

describe('dragging a step', () => {
  it('a short press is a click; a drag shows whether the step may go after the one under it, and the drop moves it', () => {
    const { store, menu, key2 } = menuFlow();
    const { ui } = createCanvasController(store, {
      createWorker: () => ({ onmessage: null, postMessage() {}, terminate() {} }),
    });
    const drag = createStepDrag(store, ui);

    drag.press('n5', 100, 100);
    drag.move(100 + DRAG_THRESHOLD - 2, 100, null);
    expect(ui.getState().drag).toBeNull();
    expect(drag.release('n5')).toBeNull();

    drag.press('n5', 100, 100);
    drag.move(140, 160, 'n6');
    expect(ui.getState().drag).toMatchObject({ id: 'n5', overId: 'n6', x: 140, y: 160 });
    expect(ui.getState().drag?.verdict).toMatch(/voicemail ends a route/i);
    drag.move(150, 170, key2);
    expect(ui.getState().drag?.verdict).toBe(true);
    expect(drag.release(key2)?.moved).toBe(true);
    expect(ui.getState().drag).toBeNull();
    expect(parentOf(store, 'n5')).toBe(key2);

    // A refused drop: nothing changes, and the reason stays on screen.
    const flow = store.getState().flow;
    drag.press('n5', 100, 100);
    drag.move(200, 200, menu);
    const refused = drag.release(menu);
    expect(refused?.moved).toBe(false);
    expect(store.getState().flow).toBe(flow);
    expect(ui.getState().notice).toBe(refused?.message);
    expect(ui.getState().notice).toMatch(/cannot go after Dial menu: Dial menu: A transfer cannot follow a dial menu/);

    // The main number does not come away: the press stays a click. Escape cancels a drag.
    drag.press('n1', 0, 0);
    drag.move(50, 50, 'n6');
    expect(ui.getState().drag).toBeNull();
    drag.press('n5', 0, 0);
    drag.move(50, 50, 'n6');
    drag.cancel();
    expect(ui.getState().drag).toBeNull();
    expect(drag.release('n6')).toBeNull();
    expect(store.getState().flow).toBe(flow);
  });
});

describe('what a screen reader hears on selection', () => {
  it('names the step type, its name and whether it needs attention', () => {
    const { store, key2 } = menuFlow();
    const s = store.getState();
    expect(selectionSpeech(s.flow.data, 'n5', s.problems)).toBe('Selected Transfer: Transfer. Complete.');
    expect(selectionSpeech(s.flow.data, key2, s.problems)).toMatch(
      /^Selected Dial menu key 2: Key\. Needs attention: /,
    );
    expect(selectionSpeech(s.flow.data, undefined, s.problems)).toBe('');
  });

  it('the canvas controller keeps it as the selection changes, and forgets a cut step that an undo took away', () => {
    const { store, key2 } = menuFlow();
    const controller = createCanvasController(store, {
      createWorker: () => ({ onmessage: null, postMessage() {}, terminate() {} }),
    });
    const stop = controller.start();
    store.getState().setSelection(['n6']);
    expect(controller.ui.getState().selectionSpeech).toBe('Selected Voicemail: Voicemail. Complete.');
    controller.ui.setState({ moving: key2 });
    store.getState().undo();
    expect(controller.ui.getState().moving).toBeNull();
    stop();
  });
});
