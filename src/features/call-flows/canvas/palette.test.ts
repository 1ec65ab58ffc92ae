import { describe, expect, it } from 'vitest';

import { insertNode, removeSubtree, type CallFlow, type EditorState } from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { candidateTypes, paletteCommand, paletteEntries, type PaletteTarget } from './palette.ts';

// n1 main_number -> n2 business_hours -> (n3 in_hours -> n5 transfer, n4 out_of_hours -> n6 voicemail)
function openRoute(): CallFlow {
  return apply(sampleFlow(), removeSubtree('n5'))!.flow; // in_hours (n3) is now a route end
}

const byType = (state: EditorState, target: PaletteTarget) =>
  Object.fromEntries(paletteEntries(state, target).map((e) => [e.type, e]));

describe('paletteEntries', () => {
  it('enables exactly what editor-core would run, at a route end', () => {
    const state = { flow: openRoute() };
    const entries = paletteEntries(state, { mode: 'append', parentId: 'n3' });
    expect(entries.map((e) => e.type)).toEqual([
      'business_hours',
      'play_audio',
      'dial_menu',
      'transfer',
      'voicemail',
      'divert_to_external',
      'repeat_menu',
    ]);
    for (const entry of entries)
      expect(entry.enabled).toBe(paletteCommand({ mode: 'append', parentId: 'n3' }, entry.type)(state));
    expect(entries.filter((e) => !e.enabled).map((e) => [e.type, e.reason])).toEqual([
      ['repeat_menu', 'Only inside a Dial menu'],
    ]);
    expect(entries.find((e) => e.enabled)?.reason).toBeNull();
  });

  it('greys out a type at its limit, saying so', () => {
    let flow = openRoute();
    flow = apply(flow, insertNode('n3', 'dial_menu'))!.flow;
    flow = apply(flow, removeSubtree('n6'))!.flow;
    const entries = byType({ flow, limits: { dial_menu: 1, business_hours: 0 } }, { mode: 'append', parentId: 'n4' });
    expect(entries.dial_menu).toMatchObject({
      enabled: false,
      reason: 'Limit reached: your plan allows 1 Dial menu step',
    });
    expect(entries.business_hours).toMatchObject({
      enabled: false,
      reason: 'Business hours steps are not included in your plan',
    });
    expect(entries.transfer?.enabled).toBe(true);
  });

  it('between two steps, refuses the types that end a route', () => {
    const entries = byType({ flow: sampleFlow() }, { mode: 'between', parentId: 'n3', childId: 'n5' });
    expect(entries.play_audio?.enabled).toBe(true);
    expect(entries.dial_menu?.enabled).toBe(true);
    expect(entries.transfer).toMatchObject({
      enabled: false,
      reason: 'Transfer ends a route, so no steps can follow it',
    });
  });

  it('offers repeat menu inside a dial menu', () => {
    let flow = openRoute();
    flow = apply(flow, insertNode('n3', 'dial_menu'))!.flow;
    const menu = flow.data.children[0]!.children[0]!.children[0]!.id;
    flow = apply(flow, insertNode(menu, 'dial_menu_key'))!.flow;
    const key = flow.data.children[0]!.children[0]!.children[0]!.children[0]!.id;
    expect(byType({ flow }, { mode: 'append', parentId: key }).repeat_menu?.enabled).toBe(true);
    expect(candidateTypes(flow.data, { mode: 'append', parentId: menu })).toEqual(['dial_menu_key']);
  });

  it('replacing: other route steps, refusing ones that cannot keep the steps after', () => {
    let flow = openRoute();
    flow = apply(flow, insertNode('n3', 'play_audio'))!.flow;
    const greeting = flow.data.children[0]!.children[0]!.children[0]!.id;
    flow = apply(flow, insertNode(greeting, 'transfer'))!.flow;
    const entries = byType({ flow }, { mode: 'replace', nodeId: greeting });
    expect(entries.play_audio).toBeUndefined();
    expect(entries.dial_menu?.enabled).toBe(false);
    expect(entries.voicemail).toMatchObject({
      enabled: false,
      reason: 'Voicemail ends a route: remove the steps after this one first',
    });
    expect(candidateTypes(flow.data, { mode: 'replace', nodeId: 'n3' })).toEqual([]);
  });
});
