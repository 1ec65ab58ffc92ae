import { describe, expect, it } from 'vitest';

import {
  insertBetween,
  insertNode,
  moveNode,
  removeSubtree,
  renameNode,
  replaceNode,
  setArgs,
  type Command,
} from './commands.ts';
import { diffFlows } from './flow-diff.ts';
import { presetHours } from './opening-hours.ts';
import { openingHoursWords, routeSegments, segmentLabels } from './routes.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { apply, generateFlow, sampleFlow, seededRandom } from './testing.ts';
import { findNode, walk } from './tree.ts';

const must = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
};
const run = (flow: CallFlow, ...commands: Command[]) => commands.reduce((f, c) => must(apply(f, c)).flow, flow);
const node = (flow: CallFlow, id: string) => must(findNode(flow.data, id));
const names = {
  extension: (ext: string) => ({ '201': 'Alex Morgan', '202': 'Priya Shah' })[ext],
  audio: (file: string) => ({ 'welcome.mp3': 'Welcome recording' })[file],
};
const texts = (before: CallFlow, after: CallFlow) =>
  diffFlows(before.data, after.data, names).changes.map((c) => c.text);

/** The sample flow (n1 main, n2 hours, n3 in: n5 transfer 200, n4 out: n6 voicemail 300) with a menu in hours: key 1 Sales team (201, 202), key 2 voicemail. */
function menuFlow(): { flow: CallFlow; menu: string; key1: string; key2: string } {
  let flow = run(sampleFlow(), removeSubtree('n5'), insertNode('n3', 'dial_menu'));
  const menu = must(node(flow, 'n3').children[0]).id;
  flow = run(flow, renameNode(menu, 'Main menu'), insertNode(menu, 'dial_menu_key'), insertNode(menu, 'dial_menu_key'));
  const [k1, k2] = node(flow, menu).children as [FlowNode, FlowNode];
  flow = run(flow, insertNode(k1.id, 'transfer', { args: { target: ['201', '202'] } }), insertNode(k2.id, 'voicemail'));
  const sales = must(node(flow, k1.id).children[0]).id;
  return { flow: run(flow, renameNode(sales, 'Sales team')), menu, key1: k1.id, key2: k2.id };
}

describe('diffFlows: what changed, in words for callers', () => {
  it('says nothing changed for the same flow', () => {
    const { flow } = menuFlow();
    expect(diffFlows(flow.data, JSON.parse(JSON.stringify(flow.data)) as FlowNode)).toEqual({
      added: [],
      removed: [],
      changed: [],
      changes: [],
    });
  });

  it('tells a key sent elsewhere: "Key 1 now goes to voicemail box 300 instead of Sales team"', () => {
    const { flow, key1 } = menuFlow();
    const sales = must(node(flow, key1).children[0]).id;
    const after = run(flow, replaceNode(sales, 'voicemail'));
    expect(texts(flow, after)).toEqual(['Key 1 now goes to voicemail box 300 instead of Sales team']);
    // Replaced in place: the step keeps its id, and shows as changed.
    expect(diffFlows(flow.data, after.data)).toMatchObject({ added: [], removed: [], changed: [sales] });
  });

  it('tells a greeting put first: "Out of hours now plays Closed greeting first", and one taken away', () => {
    const { flow } = menuFlow();
    let after = run(flow, insertBetween('n4', 'n6', 'play_audio'));
    const greeting = must(node(after, 'n4').children[0]).id;
    after = run(after, renameNode(greeting, 'Closed greeting'));
    expect(texts(flow, after)).toEqual(['Out of hours now plays Closed greeting first']);
    expect(diffFlows(flow.data, after.data).added).toEqual([greeting]);
    expect(texts(after, flow)).toEqual(['Out of hours no longer plays Closed greeting']);
  });

  it('tells a new key and a key gone, with where it goes', () => {
    const { flow, menu, key2 } = menuFlow();
    let after = run(flow, insertNode(menu, 'dial_menu_key'));
    const key3 = must(node(after, menu).children[2]);
    after = run(after, insertNode(key3.id, 'divert_to_external', { args: { target: '07700900123' } }));
    expect(texts(flow, after)).toEqual(['Key 3 is new: it goes to Divert to external (07700900123)']);
    expect(texts(flow, run(flow, removeSubtree(key2)))).toEqual(['Key 2 is gone (it went to voicemail box 300)']);
  });

  it("tells a transfer's people, ring time, queue and fallback by name", () => {
    const { flow, key1 } = menuFlow();
    const sales = must(node(flow, key1).children[0]).id;
    const after = run(
      flow,
      setArgs(sales, {
        target: ['202'],
        ring_time_per_member: 20_000,
        queuing_enabled: true,
        queue_size: 5,
        voicemail: 'none',
      }),
    );
    expect(texts(flow, after)).toEqual([
      'Sales team now rings Priya Shah (was Alex Morgan and Priya Shah)',
      'Sales team now rings for 20 s (was 5 s)',
      'Sales team now queues up to 5 callers',
      'When nobody answers Sales team, the call now ends (was voicemail box 300)',
    ]);
    expect(diffFlows(flow.data, after.data).changed).toEqual([sales]);
  });

  it('tells renamed steps, new opening hours, a greeting recording and a key number changed', () => {
    const { flow, key2 } = menuFlow();
    const after = run(
      flow,
      renameNode('n6', 'After-hours messages'),
      setArgs('n2', { business_hours: presetHours('nine_to_six', ['mon', 'tue', 'wed', 'thu']) }),
      setArgs(key2, { target: '5' }),
    );
    expect(texts(flow, after)).toEqual([
      'Opening hours are now Mon-Thu 09:00-18:00 (was Mon-Fri 09:00-17:00)',
      'Key 2 is now key 5',
      'Voicemail is now called After-hours messages',
    ]);
    const greeting = run(flow, insertBetween('n4', 'n6', 'play_audio'));
    const id = must(node(greeting, 'n4').children[0]).id;
    expect(texts(greeting, run(greeting, setArgs(id, { audio_file: 'welcome.mp3' })))).toEqual([
      'Greeting now plays Welcome recording (was no recording)',
    ]);
  });

  it('marks a moved step as changed and tells the route it left and the one it joined', () => {
    const { flow, key1, key2 } = menuFlow();
    const sales = must(node(flow, key1).children[0]).id;
    const after = run(flow, removeSubtree(must(node(flow, key2).children[0]).id), moveNode(sales, key2));
    const diff = diffFlows(flow.data, after.data, names);
    expect(diff.changed).toContain(sales);
    expect(diff.changes.map((c) => c.text)).toEqual([
      'Key 1 now goes to an unfinished route instead of Sales team',
      'Key 2 now goes to Sales team instead of voicemail box 300',
    ]);
  });
});

/** The same flow under ids of its own (as another flow has), each menu's keys in another order: nothing a caller meets differs. */
function underOtherIds(flow: CallFlow, seed: number): CallFlow {
  const random = seededRandom(seed);
  const copy = JSON.parse(JSON.stringify(flow)) as CallFlow;
  let next = 0;
  walk(copy.data, (step) => {
    step.id = `other-${(next++).toString(36)}`;
    if (step.type === 'dial_menu') step.children.sort(() => random() - 0.5);
  });
  return copy;
}

/** Two different flows, as the Save & Enable summary compares them: the active one and the one about to replace it. */
const routeTexts = (before: CallFlow, after: CallFlow) =>
  diffFlows(before.data, after.data, names, { match: 'route' }).changes.map((c) => c.text);

describe('diffFlows of two different flows: steps matched by the route a caller takes', () => {
  /**
   * A new flow made as a customer makes one (createFlow, so its ids n1, n2... are the active flow's too): a dial menu
   * put before the in-hours transfer, which goes on key 1, and key 2 to Priya Shah's voicemail box.
   */
  function newMenuFlow(): CallFlow {
    let flow = run(sampleFlow(), insertBetween('n3', 'n5', 'dial_menu'));
    const menu = must(node(flow, 'n3').children[0]).id;
    flow = run(flow, renameNode(menu, 'Main menu'), insertNode(menu, 'dial_menu_key'));
    const key2 = must(node(flow, menu).children[1]).id;
    return run(flow, insertNode(key2, 'voicemail', { args: { target: '201' } }));
  }

  it('tells only what callers meet differently, though the two flows share ids that mean other steps', () => {
    const { flow: active } = menuFlow();
    const next = newMenuFlow();
    expect(routeTexts(active, next)).toEqual([
      'Key 1 now goes to Transfer instead of Sales team',
      'Key 2 now goes to voicemail box 201 instead of voicemail box 300',
      'Transfer now rings extension 200 (was Alex Morgan and Priya Shah)',
    ]);
  });

  it('tells a key that is new and a key that is gone by their numbers, never a key gone that is still there', () => {
    const { flow: active, menu, key2 } = menuFlow();
    let next = run(active, setArgs(key2, { target: '3' }));
    expect(routeTexts(active, next)).toEqual([
      'Key 3 is new: it goes to voicemail box 300',
      'Key 2 is gone (it went to voicemail box 300)',
    ]);
    next = run(active, insertNode(menu, 'dial_menu_key'));
    const key3 = must(node(next, menu).children[2]).id;
    next = run(next, insertNode(key3, 'divert_to_external', { args: { target: '07700900123' } }));
    expect(routeTexts(active, underOtherIds(next, 1))).toEqual([
      'Key 3 is new: it goes to Divert to external (07700900123)',
    ]);
  });

  it('matches greetings by their recording: the same recording under another name is no change', () => {
    const { flow: active } = menuFlow();
    let greeted = run(active, insertBetween('n1', 'n2', 'play_audio'));
    const welcome = must(node(greeted, 'n1').children[0]).id;
    greeted = run(greeted, setArgs(welcome, { name: 'Welcome', audio_file: 'welcome.mp3' }));
    let renamed = run(greeted, renameNode(welcome, 'Hello'));
    expect(routeTexts(greeted, underOtherIds(renamed, 2))).toEqual([]);
    renamed = run(renamed, setArgs(welcome, { audio_file: 'other.mp3' }));
    expect(routeTexts(greeted, underOtherIds(renamed, 3))).toEqual([
      'Every call now plays Hello first',
      'Every call no longer plays Welcome',
    ]);
    expect(routeTexts(greeted, active)).toEqual(['Every call no longer plays Welcome']);
  });

  it('tells a greeting put between two others as the one new greeting', () => {
    const { flow: active } = menuFlow();
    const greet = (flow: CallFlow, before: string, name: string, file: string) => {
      const next = run(flow, insertBetween('n1', before, 'play_audio'));
      const id = must(node(next, 'n1').children[0]).id;
      return { flow: run(next, setArgs(id, { name, audio_file: file })), id };
    };
    const offer = greet(active, 'n2', 'Offer', 'offer.mp3');
    const both = greet(offer.flow, offer.id, 'Welcome', 'welcome.mp3').flow;
    // Welcome, Hold, Offer against Welcome, Offer: Hold goes between, in another flow.
    const hold = greet(active, 'n2', 'Offer', 'offer.mp3');
    const held = greet(hold.flow, hold.id, 'Hold', 'hold.mp3');
    const three = greet(held.flow, held.id, 'Welcome', 'welcome.mp3').flow;
    expect(routeTexts(both, underOtherIds(three, 6))).toEqual(['Every call now plays Hold as well']);
    expect(routeTexts(three, underOtherIds(both, 7))).toEqual(['Every call no longer plays Hold']);
  });

  it("names no step renamed, and tells a transfer's settings and opening hours as steps of one flow do", () => {
    const { flow: active, key1 } = menuFlow();
    const sales = must(node(active, key1).children[0]).id;
    const next = run(
      active,
      renameNode(key1, 'Sales'),
      renameNode('n6', 'Messages'),
      setArgs(sales, { ring_time_per_member: 20_000 }),
      setArgs('n2', { business_hours: presetHours('nine_to_six') }),
    );
    expect(routeTexts(active, underOtherIds(next, 4))).toEqual([
      'Opening hours are now Mon-Fri 09:00-18:00 (was Mon-Fri 09:00-17:00)',
      'Sales team now rings for 20 s (was 5 s)',
    ]);
    // A destination renamed is another destination to the reader: told once, as the route's.
    expect(routeTexts(active, underOtherIds(run(active, renameNode(sales, 'Sales desk')), 5))).toEqual([
      'Key 1 now goes to Sales desk instead of Sales team',
    ]);
  });

  it('property: a flow compared with itself under other ids (and keys in another order) has no changes', () => {
    const flows = [sampleFlow(), menuFlow().flow, newMenuFlow()];
    for (let seed = 1; seed <= 40; seed++) flows.push(generateFlow(5 + ((seed * 37) % 200), seed));
    flows.forEach((flow, i) => {
      expect(diffFlows(flow.data, underOtherIds(flow, i).data, names, { match: 'route' }), `flow ${i}`).toEqual({
        added: [],
        removed: [],
        changed: [],
        changes: [],
      });
    });
  });
});

describe('route segments and their labels', () => {
  it('names each segment by the shortest part of its path that is its own', () => {
    const { flow, menu } = menuFlow();
    const segments = routeSegments(flow.data);
    const labels = segmentLabels(segments);
    expect(segments.map((s) => labels.get(s.entry.id))).toEqual([
      'Every call',
      'In hours',
      'Key 1',
      'Key 2',
      'Out of hours',
    ]);
    // A second menu with a key 1 makes "Key 1" ambiguous: the menu's name tells them apart.
    let two = run(flow, removeSubtree('n6'), insertNode('n4', 'dial_menu'));
    const other = must(node(two, 'n4').children[0]).id;
    two = run(two, renameNode(other, 'Night menu'), insertNode(other, 'dial_menu_key'));
    const labelled = segmentLabels(routeSegments(two.data));
    expect(labelled.get(must(node(two, menu).children[0]).id)).toBe('Main menu, Key 1');
    expect(labelled.get(must(node(two, other).children[0]).id)).toBe('Night menu, Key 1');
  });

  it('names every segment of generated flows as the rule says: the shortest suffix no other segment shares', () => {
    for (const [size, seed] of [
      [300, 1],
      [2000, 2],
    ] as const) {
      const segments = routeSegments(generateFlow(size, seed).data);
      const labels = segmentLabels(segments);
      // The rule, checked another way: a longer suffix only when a shorter one is shared (counted over every
      // segment's suffixes of that length), and no two labels alike unless their whole paths are.
      const suffix = (path: string[], n: number) => path.slice(-n).join(', ');
      const counts = new Map<number, Map<string, number>>();
      const countsOf = (n: number) => {
        let byText = counts.get(n);
        if (!byText) {
          byText = new Map();
          for (const s of segments) {
            if (s.path.length < n) continue;
            const text = suffix(s.path, n);
            byText.set(text, (byText.get(text) ?? 0) + 1);
          }
          counts.set(n, byText);
        }
        return byText;
      };
      const shared = (path: string[], n: number) => (countsOf(n).get(suffix(path, n)) ?? 0) > 1;
      const expected = segments.map(({ path }) => {
        let take = 1;
        while (take < path.length && shared(path, take)) take++;
        return path.length === 0 ? 'Every call' : suffix(path, take);
      });
      expect(segments.map(({ entry }) => labels.get(entry.id))).toEqual(expected);
    }
  });

  it('says opening hours day by day, breaks taken out and days with the same hours together', () => {
    expect(openingHoursWords(presetHours('nine_to_five'))).toBe('Mon-Fri 09:00-17:00');
    expect(
      openingHoursWords({
        preset: 'custom',
        days: {
          mon: [
            { from: '09:00', to: '17:00' },
            { from: '12:00', to: '13:00' },
          ],
          tue: [{ from: '09:00', to: '12:00' }],
          sat: [{ from: '00:00', to: '23:59' }],
        },
      }),
    ).toBe('Mon 09:00-12:00 and 13:00-17:00, Tue 09:00-12:00, Sat 00:00-midnight');
    expect(openingHoursWords({ preset: 'custom', days: {} })).toBe('closed all week');
  });
});
