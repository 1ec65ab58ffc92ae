import { describe, expect, it } from 'vitest';

import { insertBetween, insertNode, removeSubtree, setArgs, type Command } from './commands.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { simulateCall } from './simulator.ts';
import { apply, sampleFlow } from './testing.ts';
import { findNode } from './tree.ts';

const must = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
};
const run = (flow: CallFlow, ...commands: Command[]) => commands.reduce((f, c) => must(apply(f, c)).flow, flow);
const MONDAY_10_BST = new Date('2025-07-07T09:00:00Z');
const MONDAY_08_30_GMT = new Date('2025-01-06T08:30:00Z');

/** Out of hours: a dial menu with key 1 -> divert, key 2 -> repeat menu. */
function menuFlow(): { flow: CallFlow; menu: string } {
  let flow = run(sampleFlow(), insertBetween('n4', 'n6', 'dial_menu'));
  const menu = must(findNode(flow.data, 'n4')?.children[0]);
  const key1 = must(menu.children[0]);
  flow = run(
    flow,
    setArgs(menu.id, { audio_file: 'menu.mp3' }),
    removeSubtree('n6'),
    insertNode(key1.id, 'divert_to_external', { args: { target: '07700900123' } }),
    insertNode(menu.id, 'dial_menu_key'),
  );
  const key2 = must(findNode(flow.data, menu.id)?.children[1]) as FlowNode;
  return { flow: run(flow, insertNode(key2.id, 'repeat_menu')), menu: menu.id };
}

describe('call simulator', () => {
  it('rings the in-hours transfer with its pattern and time when open', () => {
    const result = simulateCall({ flow: sampleFlow(), at: MONDAY_10_BST });
    expect(result.path).toEqual(['n1', 'n2', 'n3', 'n5']);
    expect(result.outcome).toEqual({
      kind: 'transfer',
      nodeId: 'n5',
      extensions: ['200'],
      ringPattern: 'unisson',
      ringTimePerMemberMs: 5000,
      totalRingTimeMs: 5000,
      queue: null,
      noAnswer: { kind: 'voicemail', extension: '300' },
      voicemailGreeting: null,
    });
  });

  it('takes out_of_hours when closed, by London time, and on a holiday', () => {
    expect(simulateCall({ flow: sampleFlow(), at: MONDAY_08_30_GMT }).outcome).toEqual({
      kind: 'voicemail',
      nodeId: 'n6',
      extension: '300',
    });
    const holiday = simulateCall({
      flow: sampleFlow(),
      at: MONDAY_10_BST,
      holidays: [{ start_date: '2025-07-07', end_date: '2025-07-07' }],
    });
    expect(holiday.path).toEqual(['n1', 'n2', 'n4', 'n6']);
    expect(holiday.events[1]).toEqual({ kind: 'business_hours', nodeId: 'n2', open: false, reason: 'holiday' });
  });

  it('reports queueing, sequential ringing and no voicemail', () => {
    const flow = run(
      sampleFlow(),
      setArgs('n5', {
        target: ['200', '201', '202'],
        ring_pattern: 'sequential',
        queuing_enabled: true,
        queue_announcement: 'wait.mp3',
        voicemail: 'none',
      }),
    );
    const outcome = simulateCall({ flow, at: MONDAY_10_BST }).outcome;
    expect(outcome).toMatchObject({
      kind: 'transfer',
      totalRingTimeMs: 15000,
      queue: { size: 2, music: 'default', announcement: 'wait.mp3' },
      noAnswer: { kind: 'hangup' },
    });
  });

  it('follows key presses through a dial menu and its repeat', () => {
    const { flow, menu } = menuFlow();
    const divert = simulateCall({ flow, at: MONDAY_08_30_GMT, keys: ['1'] });
    expect(divert.outcome).toMatchObject({ kind: 'divert', number: '07700900123' });
    const repeated = simulateCall({ flow, at: MONDAY_08_30_GMT, keys: ['2', '1'] });
    expect(repeated.events.filter((e) => e.kind === 'menu').map((e) => e.kind === 'menu' && e.key)).toEqual(['2', '1']);
    expect(repeated.path.filter((id) => id === menu)).toHaveLength(2);
    expect(repeated.outcome.kind).toBe('divert');
    expect(repeated.keysUsed).toBe(2);
  });

  it('replays the menu on no key press or an unknown key, then disconnects after three plays', () => {
    const { flow, menu } = menuFlow();
    const retry = simulateCall({ flow, at: MONDAY_08_30_GMT, keys: ['9', null, '1'] });
    expect(retry.events.filter((e) => e.kind === 'menu').map((e) => e.kind === 'menu' && e.result)).toEqual([
      'unknown_key',
      'no_key_press',
      'matched',
    ]);
    expect(retry.outcome.kind).toBe('divert');
    expect(simulateCall({ flow, at: MONDAY_08_30_GMT }).outcome).toEqual({
      kind: 'hangup',
      nodeId: menu,
      reason: 'no_key_press',
    });
    expect(simulateCall({ flow, at: MONDAY_08_30_GMT, keys: ['7', '8', '9'] }).outcome).toEqual({
      kind: 'hangup',
      nodeId: menu,
      reason: 'unknown_key',
    });
  });

  it('answers incomplete where a route does not end', () => {
    const flow = run(sampleFlow(), removeSubtree('n5'));
    expect(simulateCall({ flow, at: MONDAY_10_BST }).outcome).toEqual({ kind: 'incomplete', nodeId: 'n3' });
  });
});
