import { describe, expect, it } from 'vitest';

import { insertNode, removeSubtree, setArgs, simulateCall, type CallFlow } from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { createDirectory } from './summary.ts';
import { describeCall, describeTestCallOutcome, londonDateTime, londonInstant, pathHighlight } from './test-call.ts';

const directory = createDirectory(
  [
    { id: 1, first_name: 'Alice', last_name: 'Smith', email: 'a@example.co.uk', extension: '200' },
    { id: 2, first_name: 'Bob', last_name: 'Jones', email: 'b@example.co.uk', extension: '201' },
  ],
  [
    {
      stored_filename: 'hello.wav',
      kind: 'greeting',
      sub_kind: null,
      call_flow_filename: null,
      name: 'Welcome',
      text: null,
      tts_voice: null,
      duration_ms: 1000,
    },
  ],
);

// Tuesday 1 July 2025 (summer time) and Tuesday 7 January 2025 (winter)
const SUMMER_OPEN = new Date('2025-07-01T09:30:00Z'); // 10:30 in London
const WINTER_CLOSED = new Date('2025-01-07T19:00:00Z'); // 19:00 in London

describe('London time', () => {
  it('reads the fields in London time', () => {
    expect(londonDateTime(SUMMER_OPEN)).toEqual({ date: '2025-07-01', time: '10:30' });
    expect(londonDateTime(WINTER_CLOSED)).toEqual({ date: '2025-01-07', time: '19:00' });
  });

  it('turns a London wall-clock time into the instant, in summer and in winter', () => {
    expect(londonInstant('2025-07-01', '10:30')?.toISOString()).toBe('2025-07-01T09:30:00.000Z');
    expect(londonInstant('2025-01-07', '19:00')?.toISOString()).toBe('2025-01-07T19:00:00.000Z');
    // The clocks go forward at 01:00 on 30 March 2025: 01:30 does not exist and reads as 02:30 BST.
    expect(londonInstant('2025-03-30', '01:30')?.toISOString()).toBe('2025-03-30T01:30:00.000Z');
    expect(londonInstant('2025-03-30', '03:00')?.toISOString()).toBe('2025-03-30T02:00:00.000Z');
  });

  it('refuses malformed dates and times', () => {
    expect(londonInstant('2025-02-30', '10:00')).toBeNull();
    expect(londonInstant('2025-07-01', '24:00')).toBeNull();
    expect(londonInstant('', '')).toBeNull();
  });
});

describe('the test call', () => {
  it('lights the path and says who rings', () => {
    let flow: CallFlow = apply(
      sampleFlow(),
      setArgs('n5', {
        target: ['200', '201', '202'],
        ring_pattern: 'sequential',
        ring_time_per_member: 10_000,
        queuing_enabled: true,
        queue_size: 3,
      }),
    )!.flow;
    flow = apply(flow, setArgs('n5', { voicemail: 'none' }))!.flow;
    const result = simulateCall({ flow, at: SUMMER_OPEN });
    const lit = pathHighlight(flow.data, result.path);
    expect([...lit.nodes]).toEqual(['n1', 'n2', 'n3', 'n5']);
    expect([...lit.edges]).toEqual(['n1->n2', 'n2->n3', 'n3->n5']);
    const words = describeCall(flow.data, result, directory);
    expect(words.steps).toEqual([
      'The call comes in on +442079460000.',
      'Business hours "Business hours": open, so the in-hours route is taken.',
    ]);
    expect(words.outcome).toBe(
      'Rings Alice Smith (200), Bob Jones (201) and 202 one after another, 10 seconds each (30 seconds in all). While everyone is busy, callers queue (up to 3) listening to the default music. If nobody answers, the call ends.',
    );
  });

  it('says where a closed line goes', () => {
    const flow = sampleFlow();
    const words = describeCall(flow.data, simulateCall({ flow, at: WINTER_CLOSED }), directory);
    expect(words.steps[1]).toBe(
      'Business hours "Business hours": closed at that time, so the out-of-hours route is taken.',
    );
    expect(words.outcome).toBe('The caller is put through to voicemail box 300.');
  });

  it('plays a menu three times and hangs up when no key is pressed; an unfinished route is said so', () => {
    let flow = apply(sampleFlow(), removeSubtree('n5'))!.flow;
    flow = apply(flow, insertNode('n3', 'dial_menu', { args: { audio_file: 'hello.wav' } }))!.flow;
    const menu = flow.data.children[0]!.children[0]!.children[0]!.id;
    flow = apply(flow, insertNode(menu, 'dial_menu_key'))!.flow;
    const none = describeCall(flow.data, simulateCall({ flow, at: SUMMER_OPEN }), directory);
    expect(none.steps.slice(2)).toEqual([
      'Dial menu "Dial menu" plays Welcome; the caller presses nothing.',
      'Dial menu "Dial menu" plays Welcome again; the caller presses nothing.',
      'Dial menu "Dial menu" plays Welcome again; the caller presses nothing.',
    ]);
    expect(none.outcome).toBe('The menu played 3 times without a key press, so the call is ended.');
    const pressed = describeCall(flow.data, simulateCall({ flow, at: SUMMER_OPEN, keys: ['1'] }), directory);
    expect(pressed.outcome).toBe(
      'The route stops at Dial menu key "Key": it does not end in a Transfer, Divert or Voicemail, so the call cannot go anywhere.',
    );
  });

  it('names the divert number', () => {
    let flow = apply(sampleFlow(), removeSubtree('n5'))!.flow;
    flow = apply(flow, insertNode('n3', 'divert_to_external', { args: { target: '07700900123' } }))!.flow;
    expect(describeCall(flow.data, simulateCall({ flow, at: SUMMER_OPEN }), directory).outcome).toBe(
      'The call is diverted to +447700900123.',
    );
  });
});

describe('a test call in call history', () => {
  const steps = [
    { id: 'n1', title: 'Main number "Main number"' },
    { id: 'n6', title: 'Voicemail "Out of hours"' },
  ];

  it('tells the outcome with the names the call knew, as the simulator tells it', () => {
    expect(
      describeTestCallOutcome({
        outcome: { kind: 'voicemail', nodeId: 'n6', extension: '300' },
        names: { '300': 'Sam Lee' },
        steps,
      }),
    ).toBe('The caller is put through to voicemail box Sam Lee (300).');
    expect(describeTestCallOutcome({ outcome: { kind: 'incomplete', nodeId: 'n6' }, names: {}, steps })).toContain(
      'The route stops at Voicemail "Out of hours"',
    );
  });

  it('has no outcome to tell when the call ended before one, or the outcome is not one the editor knows', () => {
    expect(describeTestCallOutcome({ outcome: null, names: {}, steps })).toBeNull();
    expect(describeTestCallOutcome({ outcome: { kind: 'fax' }, names: {}, steps })).toBeNull();
  });
});
