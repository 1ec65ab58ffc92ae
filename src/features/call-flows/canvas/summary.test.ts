import { describe, expect, it } from 'vitest';

import { insertNode, presetHours, removeSubtree, setArgs } from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { createDirectory, nodeLabel, nodeSummary } from './summary.ts';

const directory = createDirectory(
  [
    { id: 1, first_name: 'Alice', last_name: 'Smith', email: 'a@example.co.uk', extension: '201' },
    { id: 2, first_name: 'Dan', last_name: 'Patel', email: 'd@example.co.uk', extension: 'Not Assigned' },
  ],
  [
    {
      stored_filename: 'f1.wav',
      kind: 'greeting',
      sub_kind: null,
      call_flow_filename: 'hello.mp3',
      name: 'Welcome',
      text: null,
      tts_voice: null,
      duration_ms: 900,
    },
  ],
);

describe('nodeSummary', () => {
  it('says who rings, how and for how long', () => {
    const flow = apply(sampleFlow(), setArgs('n5', { target: ['201', '205'], ring_time_per_member: 20_000 }))!.flow;
    const transfer = flow.data.children[0]!.children[0]!.children[0]!;
    expect(nodeSummary(transfer, directory)).toBe('Alice Smith (201), 205 · All at once, 20 s');
    expect(nodeSummary(flow.data, directory)).toBe('+442079460000');
    expect(nodeSummary(flow.data.children[0]!, directory)).toBe('Mon-Fri, 09:00–17:00');
  });

  it('uses the opening-hours label for custom hours and names audio files', () => {
    const hours = { ...presetHours('nine_to_five', ['mon', 'tue', 'sat']), preset: 'custom' as const };
    let flow = apply(sampleFlow(), setArgs('n2', { business_hours: hours }))!.flow;
    expect(nodeSummary(flow.data.children[0]!, directory)).toBe('Mon-Tue, Sat');
    flow = apply(flow, removeSubtree('n5'))!.flow;
    flow = apply(flow, insertNode('n3', 'play_audio', { args: { audio_file: 'hello.mp3' } }))!.flow;
    const greeting = flow.data.children[0]!.children[0]!.children[0]!;
    expect(nodeSummary(greeting, directory)).toBe('Plays Welcome');
  });

  it('names a node by type and name, a key with its key', () => {
    let flow = apply(sampleFlow(), removeSubtree('n5'))!.flow;
    flow = apply(flow, insertNode('n3', 'dial_menu'))!.flow;
    const menu = flow.data.children[0]!.children[0]!.children[0]!;
    flow = apply(flow, insertNode(menu.id, 'dial_menu_key'))!.flow;
    const key = flow.data.children[0]!.children[0]!.children[0]!.children[0]!;
    expect(nodeLabel(flow.data)).toBe('Main number: Main number');
    expect(nodeLabel(key)).toBe('Dial menu key 1: Key');
    expect(nodeSummary(menu, directory)).toBe('No audio chosen yet');
  });
});
