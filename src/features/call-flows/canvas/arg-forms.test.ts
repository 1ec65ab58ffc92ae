import { describe, expect, it } from 'vitest';

import { insertNode, removeSubtree, type FlowNode } from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import {
  draftProblems,
  moveTarget,
  msToSecondsText,
  parseKeyPresses,
  parseList,
  secondsTextToMs,
  setOtherTargets,
  simpleDraft,
  simpleValues,
  toggleTarget,
  transferDraft,
  transferValues,
  withArgValues,
} from './arg-forms.ts';

const transfer = () => sampleFlow().data.children[0]!.children[0]!.children[0] as FlowNode; // n5, targets ['200']

describe('seconds shown, milliseconds stored', () => {
  it('converts both ways', () => {
    expect(msToSecondsText(5000)).toBe('5');
    expect(msToSecondsText(2500)).toBe('2.5');
    expect(secondsTextToMs(' 20 ')).toBe(20_000);
    expect(secondsTextToMs('1.25')).toBe(1250);
    expect(secondsTextToMs('')).toBeNull();
    expect(secondsTextToMs('-3')).toBeNull();
    expect(secondsTextToMs('ten')).toBeNull();
  });
});

describe('transfer form', () => {
  it('round-trips a transfer through the form', () => {
    const node = transfer();
    const draft = transferDraft(node);
    expect(draft).toMatchObject({
      targets: ['200'],
      ringPattern: 'unisson',
      ringSeconds: '5',
      queuing: false,
      queueSize: '2',
      queueMusic: 'default',
      voicemailMode: 'default',
    });
    const result = transferValues({
      ...draft,
      ringSeconds: '30',
      queuing: true,
      queueSize: '6',
      voicemailMode: 'extension',
      voicemailExtension: ' 301 ',
    });
    expect(result).toEqual({
      ok: true,
      name: 'Transfer',
      values: expect.objectContaining({
        ring_time_per_member: 30_000,
        queuing_enabled: true,
        queue_size: 6,
        voicemail: '301',
        target: ['200'],
      }),
    });
  });

  it('refuses fields it cannot read, with a message per field', () => {
    const result = transferValues({ ...transferDraft(transfer()), ringSeconds: 'soon', queueSize: '2.5' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['queue_size', 'ring_time_per_member']);
  });

  it('keeps the ringing order when extensions are ticked, typed or moved', () => {
    const users = new Set(['201', '202']);
    let targets = toggleTarget([], '202', true);
    targets = toggleTarget(targets, '201', true);
    expect(targets).toEqual(['202', '201']);
    targets = setOtherTargets(targets, users, '300, 301 300');
    expect(targets).toEqual(['202', '201', '300', '301']);
    expect(moveTarget(targets, '300', -1)).toEqual(['202', '300', '201', '301']);
    expect(moveTarget(targets, '202', -1)).toEqual(targets);
    expect(toggleTarget(targets, '201', false)).toEqual(['202', '300', '301']);
  });

  it("shows editor-core's own messages for a draft, by arg", () => {
    const node = transfer();
    const problems = draftProblems(withArgValues(node, { target: [], ring_time_per_member: 0 }, ''));
    expect(problems.get('target')).toEqual(['Choose at least one extension to transfer to']);
    expect(problems.get('ring_time_per_member')?.[0]).toMatch(/between 1 and 300 seconds/);
    expect(problems.get('name')).toEqual(['Please give this step a name']);
    expect(draftProblems(node).size).toBe(0);
  });
});

describe('the other forms', () => {
  it('reads and writes the main value of a step', () => {
    const flow = apply(apply(sampleFlow(), removeSubtree('n5'))!.flow, insertNode('n3', 'divert_to_external'))!.flow;
    const divert = flow.data.children[0]!.children[0]!.children[0]!;
    const draft = simpleDraft(divert);
    expect(draft).toEqual({ name: 'Divert to external', value: '' });
    expect(simpleValues(divert, { name: 'Mobile', value: ' 07700 900123 ' })).toEqual({
      ok: true,
      name: 'Mobile',
      values: { name: 'Mobile', target: '07700 900123' },
    });
    const main = flow.data;
    expect(simpleDraft(main).value).toBe('02079460000');
    expect(simpleValues(main, { name: 'Main number', value: '02079460000, 01632960123' })).toEqual({
      ok: true,
      name: 'Main number',
      values: { public_numbers: ['02079460000', '01632960123'] },
    });
  });

  it('reads typed lists and key presses', () => {
    expect(parseList(' 201,202 ;203 ')).toEqual(['201', '202', '203']);
    expect(parseKeyPresses('1 2#*')).toEqual({ ok: true, keys: ['1', '2', '#', '*'] });
    expect(parseKeyPresses('')).toEqual({ ok: true, keys: [] });
    expect(parseKeyPresses('12a')).toEqual({ ok: false, error: '"a" is not a key on a phone: use 0-9, * and #' });
  });
});
