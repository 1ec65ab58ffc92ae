import { describe, expect, it } from 'vitest';

import { insertNode, removeSubtree, setArgs } from './commands.ts';
import { MSG_NAME_REQUIRED, MSG_NAME_TAKEN } from './constants.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { apply, sampleFlow } from './testing.ts';
import { findNode } from './tree.ts';
import { invalidNodeIds, isFlowValid, MSG_ROUTE_NOT_ENDED, validateFlow } from './validate.ts';

const must = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
};
const run = (flow: CallFlow, ...commands: Parameters<typeof apply>[1][]) =>
  commands.reduce((f, c) => must(apply(f, c)).flow, flow);
const codes = (flow: CallFlow) => validateFlow(flow).map((p) => `${p.nodeId}:${p.code}`);
const transferId = (flow: CallFlow) => must(flow.data.children[0]?.children[0]?.children[0]).id;

describe('validity', () => {
  it('accepts the sample flow', () => {
    expect(validateFlow(sampleFlow())).toEqual([]);
    expect(isFlowValid(sampleFlow())).toBe(true);
  });

  it('answers the spec name messages for the flow', () => {
    const flow = { ...sampleFlow(), name: '' };
    expect(validateFlow(flow)).toEqual([
      { nodeId: null, arg: 'name', code: 'name_required', message: MSG_NAME_REQUIRED },
    ]);
    expect(validateFlow(sampleFlow(), { otherFlowNames: ['custom call flow 1'] })[0]?.message).toBe(MSG_NAME_TAKEN);
  });

  it('requires every leaf to end a route', () => {
    const flow = run(sampleFlow(), removeSubtree(transferId(sampleFlow())));
    const problems = validateFlow(flow);
    expect(problems).toEqual([{ nodeId: 'n3', code: 'route_not_ended', message: MSG_ROUTE_NOT_ENDED }]);
    expect(MSG_ROUTE_NOT_ENDED).toBe('Every route must end in a Transfer, Divert or Voicemail');
    expect(invalidNodeIds(problems)).toEqual(new Set(['n3']));
  });

  it('accepts each end type as a leaf, and a repeat menu only inside a dial menu', () => {
    for (const type of ['voicemail', 'divert_to_external'] as const) {
      let flow = run(sampleFlow(), removeSubtree('n5'), insertNode('n3', type));
      const leaf = must(flow.data.children[0]?.children[0]?.children[0]);
      if (type === 'divert_to_external') flow = run(flow, setArgs(leaf.id, { target: '07700900123' }));
      expect(codes(flow), type).toEqual([]);
    }
    let flow = run(sampleFlow(), removeSubtree('n5'), insertNode('n3', 'dial_menu'));
    const menu = must(flow.data.children[0]?.children[0]?.children[0]);
    expect(codes(flow)).toEqual([`${menu.id}:menu_keys_required`, `${menu.id}:audio_required`]);
    flow = run(flow, setArgs(menu.id, { audio_file: 'menu.mp3' }), insertNode(menu.id, 'dial_menu_key'));
    const key = must(findNode(flow.data, menu.id)?.children[0]);
    expect(codes(flow)).toEqual([`${key.id}:route_not_ended`]);
    flow = run(flow, insertNode(key.id, 'repeat_menu'));
    expect(codes(flow)).toEqual([]);
  });

  it('checks transfer args, with voicemail_greeting and queue_announcement optional', () => {
    const id = transferId(sampleFlow());
    expect(codes(run(sampleFlow(), setArgs(id, { voicemail_greeting: '', queue_announcement: '' })))).toEqual([]);
    const bad = run(
      sampleFlow(),
      setArgs(id, {
        target: [],
        ring_time_per_member: 0,
        queuing_enabled: true,
        queue_size: 0,
        queue_music: '',
        voicemail: 'x',
      }),
    );
    expect(codes(bad).sort()).toEqual(
      [
        `${id}:invalid_queue_size`,
        `${id}:invalid_ring_time`,
        `${id}:invalid_voicemail_box`,
        `${id}:queue_music_required`,
        `${id}:transfer_target_required`,
      ].sort(),
    );
    const dup = validateFlow(run(sampleFlow(), setArgs(id, { target: ['200', '200', '2x'] })));
    expect(dup.map((p) => p.message)).toEqual([
      'Extension 200 is listed more than once',
      '2x is not a valid extension',
    ]);
  });

  it('requires a divert target to match the UK phone pattern', () => {
    const base = run(sampleFlow(), removeSubtree('n6'), insertNode('n4', 'divert_to_external'));
    const divert = must(findNode(base.data, 'n4')?.children[0]);
    expect(validateFlow(base)).toEqual([
      {
        nodeId: divert.id,
        arg: 'target',
        code: 'divert_target_required',
        message: 'Enter the UK phone number to divert calls to',
      },
    ]);
    const bad = run(base, setArgs(divert.id, { target: '0300 123 4567' }));
    expect(validateFlow(bad)[0]?.message).toBe('0300 123 4567 is not a valid UK phone number');
    expect(validateFlow(run(base, setArgs(divert.id, { target: '+447700900123' })))).toEqual([]);
  });

  it('checks the main number and business hours', () => {
    const noNumber = run(sampleFlow(), setArgs('n1', { public_numbers: [] }));
    expect(codes(noNumber)).toEqual(['n1:public_number_required']);
    const overlapping = run(
      sampleFlow(),
      setArgs('n2', {
        business_hours: {
          preset: 'custom',
          days: {
            mon: [
              { from: '09:00', to: '13:00' },
              { from: '12:00', to: '17:00' },
            ],
          },
        },
      }),
    );
    expect(validateFlow(overlapping)).toEqual([
      { nodeId: 'n2', arg: 'business_hours', code: 'overlapping_slots', message: 'Mon: opening hours overlap' },
    ]);
  });

  it('reuses answers for unchanged nodes and sees changed ones', () => {
    const flow = sampleFlow();
    const before = validateFlow(flow);
    const changed = run(flow, setArgs('n5', { target: [] }));
    expect(validateFlow(flow)).toEqual(before);
    expect(codes(changed)).toEqual(['n5:transfer_target_required']);
  });

  it('reports a hand-made tree that breaks the structure table', () => {
    const flow = sampleFlow();
    const transfer = must(findNode(flow.data, 'n5'));
    const broken: CallFlow = {
      ...flow,
      data: { ...flow.data, children: [{ ...transfer, children: [{ ...transfer, id: 'x' } as FlowNode] }] },
    };
    expect(codes(broken)).toContain('n5:structure');
    const repeat: FlowNode = {
      id: 'r',
      type: 'repeat_menu',
      name: 'Repeat menu',
      args: { name: { type: 'text', value: 'Repeat menu' } },
      children: [],
    };
    expect(codes({ ...flow, data: { ...flow.data, children: [repeat] } })).toContain('r:repeat_outside_menu');
  });
});
