import { describe, expect, it } from 'vitest';

import {
  chain,
  check,
  insertNode,
  moveNode,
  removeNode,
  removeSubtree,
  renameFlow,
  renameNode,
  setArgs,
} from './commands.ts';
import { createEditorStore, historySteps } from './editor-store.ts';
import { apply, sampleFlow } from './testing.ts';
import { findNode } from './tree.ts';

function storeWithClock() {
  let time = 0;
  const store = createEditorStore({ flow: sampleFlow(), now: () => time });
  const s = () => store.getState();
  return {
    store,
    s,
    tick: (ms: number) => (time += ms),
    history: () => ({ past: store.temporal.getState().pastStates, future: store.temporal.getState().futureStates }),
  };
}

describe('chain: several commands, all or none', () => {
  it('runs every command on the flow the one before left, as one undo step', () => {
    const { store, s } = storeWithClock();
    // The second command needs the first's result: key 1 of a menu that only the first inserts.
    const insertMenu = insertNode('n3', 'dial_menu');
    expect(s().run(chain(removeSubtree('n5'), insertMenu, renameNode('n5', 'x')))).toBe(false);
    expect(s().run(chain(removeSubtree('n5'), insertMenu, renameFlow('Menu line')))).toBe(true);
    expect(historySteps(store)).toHaveLength(1);
    const removed = apply(sampleFlow(), removeSubtree('n5'))?.tr.label;
    expect(historySteps(store)[0]?.label).toBe(`${removed}, Insert dial menu, Rename call flow`);
    expect(findNode(s().flow.data, 'n3')?.children.map((c) => c.type)).toEqual(['dial_menu']);
    expect(s().flow.name).toBe('Menu line');
    s().undo();
    expect(s().flow).toEqual(sampleFlow());
    s().redo();
    expect(s().flow.name).toBe('Menu line');
    expect(findNode(s().flow.data, 'n3')?.children.map((c) => c.type)).toEqual(['dial_menu']);
  });

  it('a chain whose second command refuses leaves the flow and the history unchanged, and tells that refusal', () => {
    const { store, s, history } = storeWithClock();
    s().run(renameFlow('Before'));
    const before = {
      flow: s().flow,
      past: [...history().past],
      future: [...history().future],
      changesMade: s().changesMade,
    };
    // Setting the transfer's ring time applies alone; removing the main number never does.
    const refused = chain(setArgs('n5', { ring_time_per_member: 20_000 }), removeNode('n1'));
    expect(s().can(refused)).toBe(false);
    expect(s().check(refused)).toEqual(check(removeNode('n1'), { flow: s().flow }));
    expect(s().run(refused)).toBe(false);
    expect(s().flow).toBe(before.flow);
    expect(history().past).toEqual(before.past);
    expect(history().future).toEqual(before.future);
    expect(historySteps(store)).toHaveLength(1);
  });

  it('answers on a plain flow as the commands run one by one would, and a chain of none changes nothing', () => {
    const one = apply(sampleFlow(), chain(removeSubtree('n5'), insertNode('n3', 'voicemail')));
    let stepwise = apply(sampleFlow(), removeSubtree('n5'))?.flow;
    stepwise = stepwise && apply(stepwise, insertNode('n3', 'voicemail'))?.flow;
    expect(one?.flow).toEqual(stepwise);
    expect(apply(sampleFlow(), chain())?.tr.patches).toEqual([]);
  });

  it('never coalesces with the step before or after it', () => {
    const { store, s } = storeWithClock();
    s().run(renameNode('n5', 'Sales'));
    s().run(chain(renameNode('n5', 'Sales team')));
    s().run(renameNode('n5', 'Sales desk'));
    expect(historySteps(store)).toHaveLength(3);
  });
});

describe('history rules', () => {
  it('a gesture merges its changes into one step, and coalescing never crosses its ends', () => {
    const { store, s } = storeWithClock();
    s().run(renameNode('n5', 'Sales'));
    s().beginGesture();
    s().run(renameNode('n5', 'Sales team'));
    s().run(setArgs('n5', { ring_time_per_member: 20_000 }));
    s().endGesture();
    s().run(renameNode('n5', 'Sales desk'));
    expect(historySteps(store)).toHaveLength(3);
    s().undo();
    s().undo();
    expect(findNode(s().flow.data, 'n5')?.name).toBe('Sales');
  });

  it('a cancelled gesture leaves no undo step, and the flow, selection and redo as they were', () => {
    const { store, s, history, tick } = storeWithClock();
    s().run(renameFlow('One'));
    tick(5000);
    s().run(renameFlow('Two'));
    s().undo();
    s().setSelection(['n5']);
    const before = { flow: s().flow, past: [...history().past], future: [...history().future] };
    s().beginGesture();
    s().run(removeSubtree('n6'));
    s().run(moveNode('n5', 'n4'));
    expect(s().selection).toEqual(['n5']);
    s().cancelGesture();
    expect(s().flow).toEqual(before.flow);
    expect(history().past).toEqual(before.past);
    expect(history().future).toEqual(before.future);
    expect(s().selection).toEqual(['n5']);
    expect(historySteps(store)).toHaveLength(1);
    // What could be redone before the gesture still can be; nothing of the gesture comes back.
    s().redo();
    expect(s().flow.name).toBe('Two');
    expect(findNode(s().flow.data, 'n6')).toBeDefined();
  });

  it('a cancelled gesture on an unchanged flow leaves it unchanged; cancelling with no gesture open does nothing', () => {
    const { store, s } = storeWithClock();
    s().beginGesture();
    s().run(renameNode('n5', 'Sales'));
    s().cancelGesture();
    expect(s().flow).toEqual(sampleFlow());
    expect(s().changesMade).toBe(false);
    expect(s().canUndo()).toBe(false);
    s().run(renameNode('n5', 'Sales'));
    s().cancelGesture();
    expect(historySteps(store)).toHaveLength(1);
    expect(findNode(s().flow.data, 'n5')?.name).toBe('Sales');
  });

  it('an undo ends the open gesture: cancelling after it takes nothing back', () => {
    const { store, s } = storeWithClock();
    s().run(renameFlow('One'));
    s().beginGesture();
    s().run(renameFlow('Two'));
    s().undo();
    s().cancelGesture();
    expect(s().flow.name).toBe('One');
    expect(historySteps(store)).toHaveLength(1);
    expect(s().canRedo()).toBe(true);
  });

  it('nothing merges into a step once something was undone after it', () => {
    const { store, s, tick } = storeWithClock();
    s().run(renameFlow('A'));
    s().run(renameNode('n5', 'S'));
    tick(100);
    s().undo();
    s().run(renameNode('n5', 'Sa'));
    expect(historySteps(store)).toHaveLength(2);
    expect(s().canRedo()).toBe(false);
  });
});
