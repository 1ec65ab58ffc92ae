import { describe, expect, it } from 'vitest';

import { insertBetween, insertNode, removeSubtree, renameNode, setArgs, type Command } from './commands.ts';
import { coverageWarnings, type CoverageUser } from './coverage.ts';
import { presetHours } from './opening-hours.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { apply, sampleFlow } from './testing.ts';
import { argValue, findNode } from './tree.ts';
import { validateFlow } from './validate.ts';

const must = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
};
const run = (flow: CallFlow, ...commands: Command[]) => commands.reduce((f, c) => must(apply(f, c)).flow, flow);
const node = (flow: CallFlow, id: string) => must(findNode(flow.data, id));
const users: CoverageUser[] = [
  { extension: '200', name: 'Sam Reception', reachable: true },
  { extension: '201', name: 'Alex Morgan', reachable: false },
  { extension: '202', name: 'Priya Shah', reachable: false },
];
const codes = (flow: CallFlow, context = {}) => coverageWarnings(flow, context).map((w) => w.code);
/** Runs a warning's fix on the flow. */
const fix = (flow: CallFlow, warning: { fix?: { command: Command } }) => run(flow, must(warning.fix).command);

/** The sample flow (in hours: transfer n5 to 200; out of hours: voicemail n6) with a menu in hours: key 1 Sales team (201, 202), key 2 voicemail. */
function menuFlow(): { flow: CallFlow; menu: string; key1: string; sales: string } {
  let flow = run(sampleFlow(), removeSubtree('n5'), insertNode('n3', 'dial_menu'));
  const menu = must(node(flow, 'n3').children[0]).id;
  flow = run(
    flow,
    renameNode(menu, 'Main menu'),
    setArgs(menu, { audio_file: 'menu.mp3' }),
    insertNode(menu, 'dial_menu_key'),
    insertNode(menu, 'dial_menu_key'),
  );
  const [k1, k2] = node(flow, menu).children as [FlowNode, FlowNode];
  flow = run(flow, insertNode(k1.id, 'transfer', { args: { target: ['201', '202'] } }), insertNode(k2.id, 'voicemail'));
  const sales = must(node(flow, k1.id).children[0]).id;
  return { flow: run(flow, renameNode(sales, 'Sales team')), menu, key1: k1.id, sales };
}

describe('coverageWarnings', () => {
  it('finds nothing in a flow that reaches someone at every hour', () => {
    expect(coverageWarnings(sampleFlow(), { users, holidays: [] })).toEqual([]);
  });

  it('warns when every person a transfer rings has no phone or app, with the hours and where callers go instead', () => {
    const { flow, sales } = menuFlow();
    const [warning] = coverageWarnings(flow, { users });
    expect(warning).toMatchObject({
      code: 'nobody_reachable',
      nodeIds: [sales],
      text: 'Mon-Fri 09:00-17:00, callers who press 1 reach no one: Sales team rings Alex Morgan and Priya Shah, who have no phone or app, so callers go to voicemail box 300.',
    });
    // One of them with a phone: no warning. No users given: the people checks are skipped.
    expect(codes(flow, { users: users.map((u) => (u.extension === '202' ? { ...u, reachable: true } : u)) })).toEqual(
      [],
    );
    expect(codes(flow)).toEqual([]);
  });

  it('warns about a user who is gone, and the fix takes them off the transfer', () => {
    const { flow, sales } = menuFlow();
    const onlyAlex = users.filter((u) => u.extension !== '202').map((u) => ({ ...u, reachable: true }));
    const [warning] = coverageWarnings(flow, { users: onlyAlex });
    expect(warning).toMatchObject({
      code: 'user_gone',
      text: 'Sales team rings extension 202, which no user of this phone system has any more.',
      fix: { label: 'Remove extension 202 from Sales team' },
    });
    const fixed = fix(flow, must(warning));
    expect(argValue(node(fixed, sales), 'target', 'extensions')).toEqual(['201']);
    expect(codes(fixed, { users: onlyAlex })).toEqual([]);
  });

  it('warns about a menu key that leads nowhere (a warning, not an error that blocks saving), and the fix sends it to voicemail', () => {
    const { flow, menu } = menuFlow();
    const withKey3 = run(flow, insertNode(menu, 'dial_menu_key'));
    const [warning] = coverageWarnings(withKey3);
    expect(warning).toMatchObject({
      code: 'key_unfinished',
      text: 'Key 3 leads nowhere: callers who press 3 hear nothing more.',
      fix: { label: 'Send key 3 to voicemail' },
    });
    const fixed = fix(withKey3, must(warning));
    expect(coverageWarnings(fixed)).toEqual([]);
    expect(validateFlow(fixed)).toEqual([]);
  });

  it('warns about a weekday closed for part of the hours the other weekdays keep (an uncovered Tuesday afternoon), and the fix opens it', () => {
    const hours = presetHours('nine_to_five');
    hours.preset = 'custom';
    hours.days.tue = [{ from: '09:00', to: '12:00' }];
    const flow = run(sampleFlow(), setArgs('n2', { business_hours: hours }));
    const [warning] = coverageWarnings(flow);
    expect(warning).toMatchObject({
      code: 'hours_gap',
      nodeIds: ['n2'],
      text: 'Tuesday 12:00-17:00 is out of hours, though the other weekdays are open then (Mon 09:00-17:00, Tue 09:00-12:00, Wed-Fri 09:00-17:00): callers then get the out-of-hours route.',
      fix: { label: 'Open Tue like Mon' },
    });
    const fixed = fix(flow, must(warning));
    expect(argValue(node(fixed, 'n2'), 'business_hours', 'business_hours').days.tue).toEqual([
      { from: '09:00', to: '17:00' },
    ]);
    expect(coverageWarnings(fixed)).toEqual([]);
    // A weekday off altogether is a choice, and a lunch break every day is the usual pattern: no warning.
    const dayOff = { ...presetHours('nine_to_five'), preset: 'custom' as const };
    delete dayOff.days.wed;
    expect(codes(run(sampleFlow(), setArgs('n2', { business_hours: dayOff })))).toEqual([]);
  });

  it('warns when holidays meet an out-of-hours route with no greeting, and the fix adds one first', () => {
    const holidays = [{ start_date: '2026-12-25', end_date: '2026-12-26' }];
    const [warning] = coverageWarnings(sampleFlow(), { holidays });
    expect(warning).toMatchObject({
      code: 'holiday_no_greeting',
      nodeIds: ['n4'],
      text: 'On holidays (25 Dec 2026 to 26 Dec 2026) callers get the out-of-hours route, which goes straight to Voicemail with no greeting saying you are closed.',
    });
    const fixed = fix(sampleFlow(), must(warning));
    expect(node(fixed, 'n4').children[0]?.type).toBe('play_audio');
    expect(coverageWarnings(fixed, { holidays })).toEqual([]);
    expect(codes(run(sampleFlow(), insertBetween('n4', 'n6', 'play_audio')), { holidays })).toEqual([]);
  });
});
