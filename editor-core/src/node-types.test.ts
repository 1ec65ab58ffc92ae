import { describe, expect, it } from 'vitest';

import { acceptsChild, defaultArgs, isNodeType, NODE_SPECS, NODE_TYPES, ROUTE_STEP_TYPES } from './node-types.ts';

describe('node table', () => {
  it('has the spec node types and their args', () => {
    expect(NODE_TYPES).toEqual([
      'main_number',
      'business_hours',
      'in_hours',
      'out_of_hours',
      'transfer',
      'divert_to_external',
      'voicemail',
      'play_audio',
      'dial_menu',
      'dial_menu_key',
      'repeat_menu',
    ]);
    expect(Object.keys(NODE_SPECS.main_number.args)).toEqual(['public_numbers']);
    expect(Object.keys(NODE_SPECS.business_hours.args)).toEqual(['calendar', 'business_hours']);
    expect(Object.keys(NODE_SPECS.in_hours.args)).toEqual([]);
    expect(Object.keys(NODE_SPECS.out_of_hours.args)).toEqual([]);
    expect(Object.keys(NODE_SPECS.transfer.args)).toEqual([
      'name',
      'target',
      'ring_pattern',
      'ring_time_per_member',
      'queuing_enabled',
      'queue_size',
      'queue_music',
      'queue_announcement',
      'target_action_type',
      'voicemail',
      'voicemail_greeting',
    ]);
    expect(Object.keys(NODE_SPECS.divert_to_external.args)).toEqual(['name', 'target', 'target_action_type']);
    expect(Object.keys(NODE_SPECS.voicemail.args)).toEqual(['name', 'target', 'target_action_type']);
    expect(Object.keys(NODE_SPECS.play_audio.args)).toEqual(['name', 'audio_file', 'target_action_type']);
    expect(Object.keys(NODE_SPECS.dial_menu.args)).toEqual(['name', 'audio_file', 'target_action_type']);
    expect(Object.keys(NODE_SPECS.dial_menu_key.args)).toEqual(['name', 'target']);
    expect(Object.keys(NODE_SPECS.repeat_menu.args)).toEqual(['name']);
  });

  it('gives the spec defaults', () => {
    const transfer = defaultArgs('transfer');
    expect(transfer.ring_pattern?.value).toBe('unisson');
    expect(transfer.ring_time_per_member?.value).toBe(5000);
    expect(transfer.queue_size?.value).toBe(2);
    expect(transfer.queue_music?.value).toBe('default');
    expect(transfer.voicemail?.value).toBe('default');
    expect(transfer.target?.value).toEqual([]);
    expect(defaultArgs('transfer', { inHours: true }).target?.value).toEqual(['200']);
    expect(defaultArgs('voicemail').target?.value).toBe('300');
    expect(defaultArgs('business_hours').calendar?.value).toBe('default');
  });

  it('marks voicemail_greeting and queue_announcement of transfer optional, and only those', () => {
    const optional = Object.entries(NODE_SPECS.transfer.args)
      .filter(([, s]) => s.optional && s.type !== 'action_type')
      .map(([n]) => n);
    expect(optional.sort()).toEqual(['queue_announcement', 'voicemail_greeting']);
  });

  it('writes the structure as one table', () => {
    expect(NODE_SPECS.main_number.root).toBe(true);
    expect(NODE_SPECS.business_hours.fixedChildren).toEqual(['in_hours', 'out_of_hours']);
    expect(NODE_SPECS.dial_menu.children).toEqual(['dial_menu_key']);
    expect(NODE_SPECS.dial_menu.maxChildren).toBe(12);
    const enders = NODE_TYPES.filter((t) => NODE_SPECS[t].endsRoute);
    expect(enders.sort()).toEqual(['divert_to_external', 'repeat_menu', 'transfer', 'voicemail']);
    for (const t of enders) expect(NODE_SPECS[t].maxChildren).toBe(0);
    expect(acceptsChild('in_hours', 'transfer')).toBe(true);
    expect(acceptsChild('main_number', 'in_hours')).toBe(false);
    expect(acceptsChild('dial_menu', 'transfer')).toBe(false);
    expect(ROUTE_STEP_TYPES.includes('main_number' as never)).toBe(false);
    expect(isNodeType('transfer')).toBe(true);
    expect(isNodeType('hangup')).toBe(false);
  });
});
