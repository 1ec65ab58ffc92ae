import { describe, expect, it } from 'vitest';

import { insertBetween, insertNode, moveNode, removeSubtree, renameFlow, renameNode, setArgs } from './commands.ts';
import { createEditorStore, historySteps } from './editor-store.ts';
import { exportFlow } from './io.ts';
import { sampleFlow } from './testing.ts';

function storeWithClock() {
  let time = 0;
  const store = createEditorStore({ flow: sampleFlow(), now: () => time });
  return { store, tick: (ms: number) => (time += ms) };
}
const steps = historySteps;

describe('editor store history', () => {
  it('records one step per command and undoes and redoes it', () => {
    const { store } = storeWithClock();
    const s = () => store.getState();
    expect(s().run(removeSubtree('n5'))).toBe(true);
    expect(s().problems.map((p) => p.code)).toEqual(['route_not_ended']);
    expect(s().run(insertNode('n3', 'voicemail'))).toBe(true);
    expect(steps(store)).toHaveLength(2);
    expect(s().changesMade).toBe(true);
    s().undo();
    s().undo();
    expect(s().flow).toEqual(sampleFlow());
    expect(s().problems).toEqual([]);
    expect(s().canUndo()).toBe(false);
    s().redo();
    expect(s().flow.data.children[0]?.children[0]?.children).toEqual([]);
    s().redo();
    expect(s().flow.data.children[0]?.children[0]?.children[0]?.type).toBe('voicemail');
    expect(s().canRedo()).toBe(false);
  });

  it('a refused command records nothing', () => {
    const { store } = storeWithClock();
    expect(store.getState().run(insertNode('n5', 'voicemail'))).toBe(false);
    expect(steps(store)).toHaveLength(0);
  });

  it('coalesces a typed name into one step, and separates it after a pause', () => {
    const { store, tick } = storeWithClock();
    const s = () => store.getState();
    for (const name of ['S', 'Sa', 'Sal', 'Sale', 'Sales']) {
      s().run(renameNode('n5', name));
      tick(200);
    }
    expect(steps(store)).toHaveLength(1);
    expect(steps(store)[0]?.patches).toHaveLength(2); // name and args.name, not ten
    tick(5000);
    s().run(renameNode('n5', 'Sales team'));
    expect(steps(store)).toHaveLength(2);
    s().run(renameFlow('Main line'));
    expect(steps(store)).toHaveLength(3);
    s().undo();
    s().undo();
    expect(s().flow.data.children[0]?.children[0]?.children[0]?.name).toBe('Sales');
    s().undo();
    expect(s().flow).toEqual(sampleFlow());
  });

  it('makes a gesture (a drag) one step', () => {
    const { store } = storeWithClock();
    const s = () => store.getState();
    s().run(removeSubtree('n6'));
    s().beginGesture();
    s().run(moveNode('n5', 'n4'));
    s().run(moveNode('n5', 'n3'));
    s().run(moveNode('n5', 'n4'));
    s().endGesture();
    expect(steps(store)).toHaveLength(2);
    expect(s().flow.data.children[0]?.children[1]?.children[0]?.id).toBe('n5');
    s().undo();
    expect(s().flow.data.children[0]?.children[0]?.children[0]?.id).toBe('n5');
    expect(s().flow.data.children[0]?.children[1]?.children).toEqual([]);
  });

  it('never records selection or layout positions', () => {
    const { store } = storeWithClock();
    const s = () => store.getState();
    s().setSelection(['n5']);
    s().setPositions({ n1: { x: 0, y: 0, width: 10, height: 10 } });
    expect(steps(store)).toHaveLength(0);
    s().run(setArgs('n5', { queue_size: 3 }));
    s().setSelection([]);
    s().undo();
    expect(s().positions).toEqual({ n1: { x: 0, y: 0, width: 10, height: 10 } });
    expect(s().selection).toEqual([]);
  });

  it('keeps a single-node edit small whatever the flow size', () => {
    const { store } = storeWithClock();
    const s = () => store.getState();
    s().run(setArgs('n5', { target: ['201', '202'] }));
    const small = JSON.stringify(steps(store)[0]).length;
    expect(small).toBeLessThan(300);
    expect(s().run(insertBetween('n4', 'n6', 'play_audio'))).toBe(true);
    expect(JSON.stringify(steps(store).at(-1)).length).toBeLessThan(1024);
  });

  it('loads and imports without recording; a bad import changes nothing', () => {
    const { store } = storeWithClock();
    const s = () => store.getState();
    s().run(renameFlow('Edited'));
    const before = s().flow;
    const bad = s().importJson('{"id":null}');
    expect(bad.ok).toBe(false);
    expect(s().flow).toBe(before);
    expect(steps(store)).toHaveLength(1);
    const good = s().importJson(exportFlow(sampleFlow()));
    expect(good.ok).toBe(true);
    expect(s().flow).toEqual(sampleFlow());
    expect(steps(store)).toHaveLength(0);
    expect(s().run(insertBetween('n4', 'n6', 'play_audio'))).toBe(true);
    expect(s().flow.data.children[0]?.children[1]?.children[0]?.id).toBe('n7');
  });

  it('respects the limits set on the store', () => {
    const { store } = storeWithClock();
    expect(store.getState().can(insertBetween('n4', 'n6', 'play_audio'))).toBe(true);
    store.getState().setLimits({ play_audio: 0 });
    expect(store.getState().can(insertBetween('n4', 'n6', 'play_audio'))).toBe(false);
    expect(store.getState().run(insertBetween('n4', 'n6', 'play_audio'))).toBe(false);
  });

  it("undoes and redoes through zundo's own temporal API as well", () => {
    const { store } = storeWithClock();
    store.getState().run(removeSubtree('n5'));
    store.temporal.getState().undo();
    expect(store.getState().flow).toEqual(sampleFlow());
    expect(store.temporal.getState().futureStates).toHaveLength(1);
    store.temporal.getState().redo();
    expect(store.getState().flow.data.children[0]?.children[0]?.children).toEqual([]);
    expect(historySteps(store)[0]?.label).toBe('Remove transfer and the steps after it');
  });

  it('adopts a save without recording it, clearing the changes flag only when nothing was edited meanwhile', () => {
    const { store } = storeWithClock();
    const s = () => store.getState();
    s().run(renameFlow('Sales'));
    const sent = s().flow;
    s().adopt({ id: '42', enable: true }, sent);
    expect(s().flow).toMatchObject({ id: '42', enable: true, name: 'Sales' });
    expect(s().changesMade).toBe(false);
    expect(steps(store)).toHaveLength(1);
    s().run(renameFlow('Sales line'));
    const sentAgain = { ...s().flow };
    s().run(renameNode('n5', 'Team'));
    s().adopt({ id: '42', enable: false, name: 'Sales line (copy)' }, sentAgain);
    expect(s().flow).toMatchObject({ id: '42', enable: false, name: 'Sales line (copy)' });
    expect(s().changesMade).toBe(true);
    s().undo();
    expect(s().flow.data.children[0]?.children[0]?.children[0]?.name).toBe('Transfer');
    expect(s().flow.id).toBe('42');
  });

  it('restores a draft as unsaved changes, keeping the flow id and enable', () => {
    const store = createEditorStore({ flow: { ...sampleFlow(), id: '7', enable: true } });
    const draft = { ...sampleFlow(), id: null, enable: false, name: 'Draft name' };
    store.getState().restore(draft);
    expect(store.getState().flow).toMatchObject({ id: '7', enable: true, name: 'Draft name' });
    expect(store.getState().changesMade).toBe(true);
    expect(store.getState().canUndo()).toBe(false);
  });
});
