import { describe, expect, it } from 'vitest';

import {
  copySubtree,
  insertableTypes,
  insertBetween,
  insertNode,
  moveNode,
  pasteSubtree,
  removeNode,
  removeSubtree,
  renameFlow,
  renameNode,
  replaceNode,
  setArgs,
  setFlowEnabled,
  type Command,
} from './commands.ts';
import { applyFlowPatches } from './patches.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { checkStructure } from './structure.ts';
import { apply, sampleFlow } from './testing.ts';
import { countByType, findNode, hasNodeType, walk } from './tree.ts';

const must = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
};
const run = (flow: CallFlow, ...commands: Command[]) => commands.reduce((f, c) => must(apply(f, c)).flow, flow);
const node = (flow: CallFlow, id: string) => must(findNode(flow.data, id));
const childTypes = (flow: CallFlow, id: string) => node(flow, id).children.map((c) => c.type);
const ids = (flow: CallFlow) => {
  const all: string[] = [];
  walk(flow.data, (n) => {
    all.push(n.id);
  });
  return all;
};
/** A flow whose out_of_hours has a dial menu with keys 1 (transfer) and 2 (voicemail). */
function menuFlow(): CallFlow {
  let flow = run(sampleFlow(), removeSubtree('n6'), insertNode('n4', 'dial_menu'));
  const menu = must(node(flow, 'n4').children[0]).id;
  flow = run(
    flow,
    setArgs(menu, { audio_file: 'menu.mp3' }),
    insertNode(menu, 'dial_menu_key'),
    insertNode(menu, 'dial_menu_key'),
  );
  const [k1, k2] = node(flow, menu).children as [FlowNode, FlowNode];
  return run(flow, insertNode(k1.id, 'transfer', { args: { target: ['201'] } }), insertNode(k2.id, 'voicemail'));
}

describe('commands', () => {
  it('answer without dispatch whether they apply, and change nothing', () => {
    const flow = sampleFlow();
    expect(insertNode('n3', 'transfer')({ flow })).toBe(false); // in_hours already has its one step
    expect(insertNode('n5', 'voicemail')({ flow })).toBe(false); // a transfer ends a route
    expect(insertNode('n1', 'in_hours')({ flow })).toBe(false);
    expect(insertNode('nope', 'transfer')({ flow })).toBe(false);
    expect(removeSubtree('n5')({ flow })).toBe(true);
    expect(flow).toEqual(sampleFlow());
  });

  it('insert a node as a child, with defaults and fresh ids; business_hours comes with in_hours and out_of_hours', () => {
    const flow = run(sampleFlow(), removeSubtree('n5'), insertNode('n3', 'business_hours'));
    const hours = must(node(flow, 'n3').children[0]);
    expect(hours.type).toBe('business_hours');
    expect(hours.children.map((c) => c.type)).toEqual(['in_hours', 'out_of_hours']);
    expect(new Set(ids(flow)).size).toBe(ids(flow).length);
    expect(checkStructure(flow.data)).toEqual([]);
    const transferInHours = run(flow, insertNode(must(hours.children[0]).id, 'transfer'));
    expect(must(node(transferInHours, must(hours.children[0]).id).children[0]).args.target?.value).toEqual(['200']);
  });

  it('give dial menu keys unique among 0-9, * and #', () => {
    let flow = menuFlow();
    const menu = must(node(flow, 'n4').children[0]);
    expect(menu.children.map((k) => k.args.target?.value)).toEqual(['1', '2']);
    expect(insertNode(menu.id, 'dial_menu_key', { args: { target: '1' } })({ flow })).toBe(false);
    flow = run(flow, insertNode(menu.id, 'dial_menu_key', { args: { target: '#' } }));
    expect(node(flow, menu.id).children.map((k) => k.args.target?.value)).toEqual(['1', '2', '#']);
    for (let i = 0; i < 9; i++) flow = run(flow, insertNode(menu.id, 'dial_menu_key'));
    expect(
      node(flow, menu.id)
        .children.map((k) => k.args.target?.value)
        .sort(),
    ).toEqual(['#', '*', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(insertNode(menu.id, 'dial_menu_key')({ flow })).toBe(false);
    const first = must(node(flow, menu.id).children[0]);
    expect(setArgs(first.id, { target: '2' })({ flow })).toBe(false);
    expect(setArgs(first.id, { target: 'A' })({ flow })).toBe(false);
  });

  it('never exceed the per-type limits supplied by the caller', () => {
    const flow = sampleFlow();
    const limits = { transfer: 1, dial_menu: 0 };
    expect(insertNode('n4', 'transfer')({ flow, limits })).toBe(false);
    expect(insertNode('n4', 'dial_menu')({ flow, limits })).toBe(false);
    expect(insertNode('n4', 'voicemail')({ flow: run(flow, removeSubtree('n6')), limits })).toBe(true);
    expect(pasteSubtree(node(flow, 'n5'), 'n4')({ flow: run(flow, removeSubtree('n6')), limits })).toBe(false);
    expect(insertableTypes({ flow: run(flow, removeSubtree('n6')), limits }, 'n4')).toEqual([
      'business_hours',
      'divert_to_external',
      'voicemail',
      'play_audio',
    ]);
    expect(hasNodeType(flow.data, 'transfer')).toBe(true);
    expect(hasNodeType(flow.data, 'dial_menu')).toBe(false);
  });

  it('insert between a node and its child', () => {
    let flow = run(sampleFlow(), insertBetween('n3', 'n5', 'play_audio'));
    const greeting = must(node(flow, 'n3').children[0]);
    expect(greeting.type).toBe('play_audio');
    expect(greeting.children.map((c) => c.id)).toEqual(['n5']);
    flow = run(flow, insertBetween('n3', greeting.id, 'business_hours'));
    const hours = must(node(flow, 'n3').children[0]);
    expect(hours.children.map((c) => c.type)).toEqual(['in_hours', 'out_of_hours']);
    expect(must(hours.children[0]).children.map((c) => c.id)).toEqual([greeting.id]);
    flow = run(flow, insertBetween('n4', 'n6', 'dial_menu'));
    const menu = must(node(flow, 'n4').children[0]);
    expect(menu.children.map((k) => [k.type, k.args.target?.value, k.children.map((c) => c.id)])).toEqual([
      ['dial_menu_key', '1', ['n6']],
    ]);
    expect(insertBetween('n3', hours.id, 'transfer')({ flow })).toBe(false);
    expect(checkStructure(flow.data)).toEqual([]);
  });

  it('remove: a node with one child its parent accepts is spliced out, anything else goes with its subtree', () => {
    const withGreeting = run(sampleFlow(), insertBetween('n3', 'n5', 'play_audio'));
    const greeting = must(node(withGreeting, 'n3').children[0]).id;
    expect(childTypes(run(withGreeting, removeNode(greeting)), 'n3')).toEqual(['transfer']);
    expect(childTypes(run(withGreeting, removeSubtree(greeting)), 'n3')).toEqual([]);
    const removedHours = run(sampleFlow(), removeNode('n2'));
    expect(removedHours.data.children).toEqual([]);
    const menu = menuFlow();
    const menuId = must(node(menu, 'n4').children[0]).id;
    const key = must(node(menu, menuId).children[0]).id;
    expect(childTypes(run(menu, removeNode(key)), menuId)).toEqual(['dial_menu_key']);
    expect(childTypes(run(menu, removeNode(menuId)), 'n4')).toEqual([]);
    expect(removeNode('n1')({ flow: menu })).toBe(false);
    expect(removeNode('n3')({ flow: menu })).toBe(false);
    expect(removeSubtree('n4')({ flow: menu })).toBe(false);
  });

  it('replace a node, keeping id and the children the new type takes', () => {
    let flow = run(sampleFlow(), replaceNode('n5', 'voicemail'));
    expect(node(flow, 'n5').type).toBe('voicemail');
    expect(node(flow, 'n5').args.target?.value).toBe('300');
    flow = run(flow, replaceNode('n5', 'business_hours'));
    expect(childTypes(flow, 'n5')).toEqual(['in_hours', 'out_of_hours']);
    expect(replaceNode('n5', 'transfer')({ flow })).toBe(false);
    const renamed = run(sampleFlow(), renameNode('n5', 'Sales team'), replaceNode('n5', 'divert_to_external'));
    expect(node(renamed, 'n5').name).toBe('Sales team');
    expect(replaceNode('n3', 'transfer')({ flow })).toBe(false);
  });

  it('move a subtree, never into itself, keeping keys unique', () => {
    let flow = menuFlow();
    const menu = must(node(flow, 'n4').children[0]);
    const [k1, k2] = menu.children as [FlowNode, FlowNode];
    flow = run(flow, moveNode(k2.id, menu.id, 0));
    expect(node(flow, menu.id).children.map((k) => k.id)).toEqual([k2.id, k1.id]);
    expect(moveNode(menu.id, k1.id)({ flow })).toBe(false);
    expect(moveNode('n2', 'n3')({ flow })).toBe(false);
    const movedTransfer = must(node(flow, k1.id).children[0]);
    flow = run(flow, removeSubtree('n5'), moveNode(movedTransfer.id, 'n3'));
    expect(childTypes(flow, 'n3')).toEqual(['transfer']);
    expect(childTypes(flow, k1.id)).toEqual([]);
    expect(checkStructure(flow.data)).toEqual([]);
  });

  it('copy and paste a subtree with fresh ids', () => {
    const flow = menuFlow();
    const menu = must(node(flow, 'n4').children[0]);
    const clip = must(copySubtree(flow, menu.id));
    const pasted = run(flow, removeSubtree('n5'), pasteSubtree(clip, 'n3'));
    const copy = must(node(pasted, 'n3').children[0]);
    expect(copy.type).toBe('dial_menu');
    expect(copy.children.map((k) => k.args.target?.value)).toEqual(['1', '2']);
    expect(new Set(ids(pasted)).size).toBe(ids(pasted).length);
    expect(countByType(pasted.data).dial_menu_key).toBe(4);
    const keyClip = must(copySubtree(flow, must(menu.children[0]).id));
    const withKey = run(flow, pasteSubtree(keyClip, menu.id));
    expect(node(withKey, menu.id).children.map((k) => k.args.target?.value)).toEqual(['1', '2', '3']);
    expect(pasteSubtree(keyClip, 'n5')({ flow })).toBe(false);
  });

  it('edit args and names; typing is coalesced by key', () => {
    const flow = sampleFlow();
    const edited = must(apply(flow, setArgs('n5', { queue_size: 4, queuing_enabled: true })));
    expect(node(edited.flow, 'n5').args.queue_size?.value).toBe(4);
    expect(edited.tr.coalesceKey).toBe('args:n5:queue_size,queuing_enabled');
    expect(setArgs('n5', { queue_size: 'four' })({ flow })).toBe(false);
    expect(setArgs('n5', { audio_file: 'x.mp3' })({ flow })).toBe(false);
    const renamed = must(apply(flow, renameNode('n5', 'Sales')));
    expect(node(renamed.flow, 'n5').name).toBe('Sales');
    expect(node(renamed.flow, 'n5').args.name?.value).toBe('Sales');
    expect(renamed.tr.coalesceKey).toBe('name:n5');
    expect(run(flow, renameFlow('Main line')).name).toBe('Main line');
  });

  it('enable a flow only when valid', () => {
    expect(run(sampleFlow(), setFlowEnabled(true)).enable).toBe(true);
    expect(setFlowEnabled(true)({ flow: run(sampleFlow(), removeSubtree('n5')) })).toBe(false);
    expect(setFlowEnabled(true, { otherFlowNames: ['Custom call flow 1'] })({ flow: sampleFlow() })).toBe(false);
  });

  it('hand over patches whose inverse restores the flow exactly', () => {
    const flow = menuFlow();
    const menu = must(node(flow, 'n4').children[0]);
    const commands: Command[] = [
      moveNode(must(menu.children[1]).id, menu.id, 0),
      removeNode(menu.id),
      insertBetween('n3', 'n5', 'business_hours'),
      replaceNode('n5', 'voicemail'),
      setArgs('n2', { calendar: 'uk' }),
      renameNode(menu.id, 'Options'),
    ];
    for (const command of commands) {
      const { flow: after, tr } = must(apply(flow, command));
      expect(applyFlowPatches(flow, tr.patches)).toEqual(after);
      expect(applyFlowPatches(after, tr.inversePatches)).toEqual(flow);
    }
  });
});
