import { describe, expect, it } from 'vitest';

import {
  check,
  insertBetween,
  insertNode,
  moveNode,
  pasteSubtree,
  removeNode,
  renameFlow,
  replaceNode,
  setArgs,
  setFlowEnabled,
} from './commands.ts';
import { MAX_NAME_LENGTH } from './constants.ts';
import { NODE_TYPES } from './node-types.ts';
import { apply, sampleFlow } from './testing.ts';
import { findNode } from './tree.ts';

// n1 main_number -> n2 business_hours -> (n3 in_hours -> n5 transfer, n4 out_of_hours -> n6 voicemail)
const open = () => apply(sampleFlow(), removeNode('n5'))!.flow; // in_hours is a route end

describe('check: a refused command says why', () => {
  it('answers true when the command applies, as the command itself does', () => {
    const state = { flow: open() };
    for (const type of NODE_TYPES) {
      const command = insertNode('n3', type);
      const verdict = check(command, state);
      expect(verdict === true).toBe(command(state));
      if (verdict !== true) expect(verdict.reason.length).toBeGreaterThan(0);
    }
  });

  it('words the required ancestor, a route end, the plan and the steps after a replaced step', () => {
    expect(check(insertNode('n3', 'repeat_menu'), { flow: open() })).toEqual({
      code: 'needs_ancestor',
      reason: 'Only inside a Dial menu',
    });
    expect(check(insertBetween('n3', 'n5', 'voicemail'), { flow: sampleFlow() })).toEqual({
      code: 'ends_route',
      reason: 'Voicemail ends a route, so no steps can follow it',
    });
    expect(check(insertNode('n3', 'dial_menu'), { flow: open(), limits: { dial_menu: 0 } })).toEqual({
      code: 'plan_excludes',
      reason: 'Dial menu steps are not included in your plan',
    });
    expect(check(insertNode('n3', 'play_audio'), { flow: open(), limits: { play_audio: 2 } })).toBe(true);
    const withGreeting = apply(apply(open(), insertNode('n3', 'play_audio'))!.flow, insertNode('n7', 'transfer'))!.flow;
    expect(findNode(withGreeting.data, 'n7')?.type).toBe('play_audio');
    expect(check(replaceNode('n7', 'voicemail'), { flow: withGreeting })).toEqual({
      code: 'steps_after',
      reason: 'Voicemail ends a route: remove the steps after this one first',
    });
    expect(check(replaceNode('n7', 'dial_menu'), { flow: withGreeting })).toEqual({
      code: 'steps_after',
      reason: 'Remove the steps after this one first',
    });
    expect(check(insertNode('n7', 'voicemail'), { flow: withGreeting })).toEqual({
      code: 'structure',
      reason: 'A play audio can have at most 1 step after it',
    });
  });

  it('says a limit reached with the number the plan allows', () => {
    const flow = apply(open(), insertNode('n3', 'dial_menu'))!.flow;
    expect(check(insertNode('n4', 'dial_menu'), { flow, limits: { dial_menu: 1 } })).toEqual({
      code: 'limit_reached',
      reason: 'Limit reached: your plan allows 1 Dial menu step',
    });
  });

  it('says which steps can never be removed', () => {
    const state = { flow: sampleFlow() };
    expect(check(removeNode('n1'), state)).toEqual({
      code: 'main_number',
      reason: 'The main number cannot be removed.',
    });
    expect(check(removeNode('n3'), state)).toEqual({
      code: 'fixed_route',
      reason: 'In hours belongs to its business hours step: remove that instead.',
    });
    expect(check(removeNode('n99'), state)).toEqual({
      code: 'missing',
      reason: 'This step is no longer in the call flow',
    });
    expect(check(removeNode('n5'), state)).toBe(true);
  });

  it('says when every key of a dial menu is used, a step would go inside itself, a name is too long or a flow is not valid', () => {
    let flow = apply(open(), insertNode('n3', 'dial_menu'))!.flow;
    for (let i = 0; i < 12; i++) flow = apply(flow, insertNode('n7', 'dial_menu_key'))!.flow;
    expect(check(insertNode('n7', 'dial_menu_key'), { flow })).toEqual({
      code: 'keys_used',
      reason: 'This dial menu already uses every key',
    });
    expect(check(moveNode('n7', 'n8'), { flow })).toEqual({
      code: 'into_itself',
      reason: 'A step cannot go inside its own route',
    });
    expect(check(renameFlow('x'.repeat(MAX_NAME_LENGTH + 1)), { flow })).toEqual({
      code: 'name_too_long',
      reason: `A name can be at most ${MAX_NAME_LENGTH} characters`,
    });
    expect(check(setArgs('n5', { queue_size: 'many' }), { flow: sampleFlow() })).toEqual({
      code: 'bad_value',
      reason: 'That value is not allowed for this step',
    });
    expect(check(setFlowEnabled(true), { flow: open() })).toMatchObject({ code: 'not_valid' });
    const clip = findNode(sampleFlow().data, 'n5')!;
    expect(check(pasteSubtree(clip, 'n5'), { flow: sampleFlow() })).toEqual({
      code: 'structure',
      reason: 'A transfer ends a route and cannot have steps after it',
    });
  });
});
