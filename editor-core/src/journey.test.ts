import { describe, expect, it } from 'vitest';

import { insertBetween, insertNode, removeSubtree, renameNode, setArgs, type Command } from './commands.ts';
import { callerJourney } from './journey.ts';
import { flowNameMaps, flowNamesOf } from './routes.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { simulateCall } from './simulator.ts';
import { apply, sampleFlow } from './testing.ts';
import { findNode } from './tree.ts';

const must = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
};
const run = (flow: CallFlow, ...commands: Command[]) => commands.reduce((f, c) => must(apply(f, c)).flow, flow);
const node = (flow: CallFlow, id: string) => must(findNode(flow.data, id));
const names = { extension: (ext: string) => ({ '201': 'Alex Morgan', '202': 'Priya Shah' })[ext] };

/** In hours: Welcome greeting, then the Main menu (key 1 Sales team 201, 202 for 25 s; key 2 voicemail 300); out of hours: Closed greeting, voicemail. */
function journeyFlow(): { flow: CallFlow; sales: string } {
  let flow = run(sampleFlow(), removeSubtree('n5'), insertNode('n3', 'play_audio'));
  const welcome = must(node(flow, 'n3').children[0]).id;
  flow = run(flow, renameNode(welcome, 'Welcome greeting'), insertNode(welcome, 'dial_menu'));
  const menu = must(node(flow, welcome).children[0]).id;
  flow = run(flow, renameNode(menu, 'Main menu'), insertNode(menu, 'dial_menu_key'), insertNode(menu, 'dial_menu_key'));
  const [k1, k2] = node(flow, menu).children as [FlowNode, FlowNode];
  flow = run(
    flow,
    insertNode(k1.id, 'transfer', { args: { target: ['201', '202'], ring_time_per_member: 25_000 } }),
    insertNode(k2.id, 'voicemail'),
  );
  const sales = must(node(flow, k1.id).children[0]).id;
  flow = run(flow, renameNode(sales, 'Sales team'), insertBetween('n4', 'n6', 'play_audio'));
  const closed = must(node(flow, 'n4').children[0]).id;
  return { flow: run(flow, renameNode(closed, 'Closed greeting')), sales };
}

describe('callerJourney', () => {
  it('tells each time window and key as a caller lives it', () => {
    const { flow } = journeyFlow();
    expect(callerJourney(flow, names)).toEqual([
      {
        when: 'Mon-Fri 09:00-17:00',
        steps: [
          'Calls to 02079460000.',
          'You hear Welcome greeting, then the Main menu.',
          'Press 1: Sales team rings Alex Morgan and Priya Shah for 25 s; if nobody answers, then voicemail box 300.',
          'Press 2: The caller can leave a message in voicemail box 300.',
          'Pressing no key or another key plays the menu again; after three tries the call ends.',
        ],
      },
      {
        when: 'At other times and on holidays',
        steps: [
          'Calls to 02079460000.',
          'You hear Closed greeting, then the caller can leave a message in voicemail box 300.',
        ],
      },
    ]);
  });

  it('tells the same outcome as the simulator for each window and key', () => {
    const { flow, sales } = journeyFlow();
    const [open, closed] = callerJourney(flow, names);
    // Wednesday 12 March 2025 10:30 (open), Saturday 15 March 10:30 (closed), London time.
    const wednesday = new Date('2025-03-12T10:30:00Z');
    const saturday = new Date('2025-03-15T10:30:00Z');
    expect(simulateCall({ flow, at: wednesday, keys: ['1'] }).outcome).toMatchObject({
      kind: 'transfer',
      nodeId: sales,
      extensions: ['201', '202'],
      ringTimePerMemberMs: 25_000,
    });
    expect(open?.steps).toContain(
      'Press 1: Sales team rings Alex Morgan and Priya Shah for 25 s; if nobody answers, then voicemail box 300.',
    );
    expect(simulateCall({ flow, at: wednesday, keys: ['2'] }).outcome).toMatchObject({
      kind: 'voicemail',
      extension: '300',
    });
    expect(open?.steps).toContain('Press 2: The caller can leave a message in voicemail box 300.');
    const out = simulateCall({ flow, at: saturday });
    expect(out.events.some((e) => e.kind === 'play_audio')).toBe(true);
    expect(out.outcome).toMatchObject({ kind: 'voicemail', extension: '300' });
    expect(closed?.steps.at(-1)).toBe(
      'You hear Closed greeting, then the caller can leave a message in voicemail box 300.',
    );
  });

  it('says when a route is not finished, and tells a flow with no opening hours as one window', () => {
    let flow = run(sampleFlow(), removeSubtree('n6'));
    expect(callerJourney(flow)[1]?.steps.at(-1)).toBe('The call goes no further: this route is not finished.');
    flow = run(
      sampleFlow(),
      removeSubtree('n2'),
      insertNode('n1', 'divert_to_external', { args: { target: '07700900123' } }),
    );
    expect(callerJourney(flow)).toEqual([
      { when: 'Any time', steps: ['Calls to 02079460000.', 'The call is diverted to 07700900123.'] },
    ]);
    flow = run(
      sampleFlow(),
      setArgs('n5', {
        target: ['201', '202'],
        ring_pattern: 'sequential',
        queuing_enabled: true,
        queue_size: 3,
        voicemail: 'none',
      }),
    );
    expect(callerJourney(flow, names)[0]?.steps.at(-1)).toBe(
      'Transfer rings Alex Morgan and Priya Shah one at a time, for 5 s each, callers queue (up to 3) while they are busy; if nobody answers, then the call ends.',
    );
  });
});

describe('flowNameMaps and flowNamesOf', () => {
  const file = (stored: string, name: string, callFlow: string | null = null) => ({
    stored_filename: stored,
    call_flow_filename: callFlow,
    name,
  });

  it('names people by extension and greetings by either file name: the one rule of the editor, the change list and the journey', () => {
    const users = [
      { extension: ' 200 ', first_name: 'Alex', last_name: 'Morgan', email: 'alex@example.com' },
      { extension: '200', first_name: 'Second', last_name: 'Holder' },
      { extension: '201', first_name: '', last_name: ' ', email: 'priya@example.com' },
      { extension: '202', first_name: '', last_name: '' },
      { extension: 'Not Assigned', first_name: 'Sam', last_name: 'Free' },
      { extension: '', first_name: 'No', last_name: 'Extension' },
    ];
    const maps = flowNameMaps(users, [
      file('f1.wav', 'Welcome', 'welcome.wav'),
      file('f2.wav', 'Closed', 'welcome.wav'),
    ]);
    expect([...maps.byExtension]).toEqual([
      ['200', 'Alex Morgan'],
      ['201', 'priya@example.com'],
      ['202', 'extension 202'],
    ]);
    // A stored name always wins; of two files with one call-flow name, the first.
    expect([...maps.byFile]).toEqual([
      ['welcome.wav', 'Welcome'],
      ['f1.wav', 'Welcome'],
      ['f2.wav', 'Closed'],
    ]);
    const names = flowNamesOf(users, [file('f1.wav', 'Welcome', 'welcome.wav')]);
    expect(names.extension?.('200')).toBe('Alex Morgan');
    expect(names.extension?.('999')).toBeUndefined();
    expect(names.audio?.('welcome.wav')).toBe('Welcome');
  });
});
