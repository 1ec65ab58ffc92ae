/**
 * Coverage checks: warnings about callers who reach no one, computed from the flow, its opening hours, the holiday
 * schedule and the site's users. Unlike validation (validate.ts) they never block saving: a warning names the steps
 * and, where there is one, offers the fix as an editor command.
 */
import { insertBetween, insertNode, setArgs, type Command } from './commands.ts';
import { displayDate } from './display.ts';
import {
  DAY_LABELS,
  openIntervals,
  WEEKDAYS,
  type Day,
  type HolidayPeriod,
  type OpeningHours,
} from './opening-hours.ts';
import {
  fallbackWords,
  listWords,
  openingHoursWords,
  routeSegments,
  segmentLabels,
  type FlowNames,
  type RouteSegment,
} from './routes.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { argValue } from './tree.ts';

/** A user of the site as the checks need them: their extension, name and whether a phone or app of theirs can ring. */
export interface CoverageUser {
  extension: string;
  name: string;
  /** Has a desk phone, app or softphone that can take a call. */
  reachable: boolean;
}

export interface CoverageContext {
  /** The site's users; without them, the checks about people are skipped. */
  users?: readonly CoverageUser[];
  /** The holiday periods to come (the holiday schedule). */
  holidays?: readonly HolidayPeriod[];
  /** Greetings by name (users are named by `users`). */
  names?: Pick<FlowNames, 'audio'>;
}

export type CoverageCode = 'nobody_reachable' | 'user_gone' | 'key_unfinished' | 'hours_gap' | 'holiday_no_greeting';

export interface CoverageWarning {
  code: CoverageCode;
  text: string;
  /** The steps it is about, to mark on the canvas. */
  nodeIds: string[];
  /** The fix, when the editor can make it: what the button says and the command it runs. */
  fix?: { label: string; command: Command };
}

const DAY_NAMES: Readonly<Record<Day, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const time = (minutes: number) =>
  minutes >= 1440
    ? '24:00'
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * When each segment's callers come, by the segment's entry id: "Mon-Fri 09:00-17:00", "outside Mon-Fri
 * 09:00-17:00", or null for every call. One pass over the segments (they come parents first), each reading its
 * parent's answer through an index of which segment ends where a segment starts.
 */
function whenWordsOf(segments: readonly RouteSegment[]): Map<string, string | null> {
  const parentOf = new Map<string, RouteSegment>();
  for (const segment of segments) for (const child of segment.end?.children ?? []) parentOf.set(child.id, segment);
  const when = new Map<string, string | null>();
  const wordsFor = (segment: RouteSegment): string | null => {
    const known = when.get(segment.entry.id);
    if (known !== undefined) return known;
    const parent = parentOf.get(segment.entry.id);
    let words: string | null;
    if (segment.entry.type !== 'in_hours' && segment.entry.type !== 'out_of_hours')
      words = parent ? wordsFor(parent) : null;
    else if (!parent?.end) words = null;
    else {
      const hours = openingHoursWords(argValue(parent.end, 'business_hours', 'business_hours'));
      words = segment.entry.type === 'in_hours' ? hours : `outside ${hours}`;
    }
    when.set(segment.entry.id, words);
    return words;
  };
  for (const segment of segments) wordsFor(segment);
  return when;
}

/**
 * Minutes of a day the usual weekday is open and this one is not: the usual weekday being the open hours most
 * weekdays share. [] when the day is open at least then, or closed all day (a day off is a choice, not a gap).
 */
function gapsOn(
  hours: OpeningHours,
  day: Day,
  usual: ReadonlyArray<{ from: number; to: number }>,
): Array<{ from: number; to: number }> {
  const open = openIntervals(hours, day);
  if (open.length === 0) return [];
  const gaps: Array<{ from: number; to: number }> = [];
  for (const slot of usual) {
    let from = slot.from;
    for (const part of open.filter((o) => o.to > slot.from && o.from < slot.to)) {
      if (part.from > from) gaps.push({ from, to: part.from });
      from = Math.max(from, part.to);
    }
    if (from < slot.to) gaps.push({ from, to: slot.to });
  }
  return gaps;
}

function hoursGapWarnings(node: FlowNode): CoverageWarning[] {
  const hours = argValue(node, 'business_hours', 'business_hours');
  const patterns = new Map<string, { slots: Array<{ from: number; to: number }>; days: Day[] }>();
  for (const day of WEEKDAYS) {
    const slots = openIntervals(hours, day);
    if (slots.length === 0) continue;
    const key = JSON.stringify(slots);
    const entry = patterns.get(key) ?? { slots, days: [] };
    entry.days.push(day);
    patterns.set(key, entry);
  }
  const usual = [...patterns.values()].sort((a, b) => b.days.length - a.days.length)[0];
  if (!usual || usual.days.length < 2) return [];
  const warnings: CoverageWarning[] = [];
  for (const day of WEEKDAYS) {
    const gaps = gapsOn(hours, day, usual.slots);
    if (gaps.length === 0) continue;
    const when = listWords(gaps.map((gap) => `${time(gap.from)}-${time(gap.to)}`));
    const fixed: OpeningHours = {
      ...hours,
      preset: 'custom',
      days: { ...hours.days, [day]: structuredSlots(hours, usual.days[0] as Day) },
    };
    warnings.push({
      code: 'hours_gap',
      text: `${DAY_NAMES[day]} ${when} is out of hours, though the other weekdays are open then (${openingHoursWords(hours)}): callers then get the out-of-hours route.`,
      nodeIds: [node.id],
      fix: {
        label: `Open ${DAY_LABELS[day]} like ${DAY_LABELS[usual.days[0] as Day]}`,
        command: setArgs(node.id, { business_hours: fixed }),
      },
    });
  }
  return warnings;
}

/** A copy of a day's slots, as stored. */
const structuredSlots = (hours: OpeningHours, day: Day) => (hours.days[day] ?? []).map((slot) => ({ ...slot }));

/**
 * Every coverage warning of a flow, in the order of its routes: people a transfer cannot reach (all without a
 * phone or app, or users who are gone), menu keys that lead nowhere, weekdays with a gap the other weekdays do
 * not have, and holidays met by an out-of-hours route with no greeting.
 * @example coverageWarnings(flow, { users, holidays }).map((w) => w.text)
 */
export function coverageWarnings(flow: CallFlow, context: CoverageContext = {}): CoverageWarning[] {
  const segments = routeSegments(flow.data);
  const labels = segmentLabels(segments);
  const users = context.users ? new Map(context.users.map((user) => [user.extension, user])) : null;
  const warnings: CoverageWarning[] = [];
  const holidays = context.holidays ?? [];

  const whenOf = whenWordsOf(segments);
  const segmentByEntry = new Map(segments.map((segment) => [segment.entry.id, segment]));
  for (const segment of segments) {
    const label = labels.get(segment.entry.id) ?? '';
    const when = whenOf.get(segment.entry.id) ?? null;
    const { end } = segment;
    if (segment.entry.type === 'dial_menu_key' && end === null) {
      const key = String(segment.entry.args.target?.value ?? '');
      warnings.push({
        code: 'key_unfinished',
        text: `${label} leads nowhere: callers who press ${key} hear nothing more.`,
        nodeIds: [segment.entry.id],
        fix: {
          label: `Send key ${key} to voicemail`,
          command: insertNode(segment.greetings.at(-1)?.id ?? segment.entry.id, 'voicemail'),
        },
      });
    }
    if (end?.type === 'transfer' && users) {
      const members = argValue(end, 'target', 'extensions');
      const gone = members.filter((ext) => !users.has(ext));
      for (const ext of gone) {
        warnings.push({
          code: 'user_gone',
          text: `${end.name} rings extension ${ext}, which no user of this phone system has any more.`,
          nodeIds: [end.id],
          fix: {
            label: `Remove extension ${ext} from ${end.name}`,
            command: setArgs(end.id, { target: members.filter((m) => m !== ext) }),
          },
        });
      }
      const present = members.filter((ext) => users.has(ext));
      // Users who are gone are told above; here, the ones still there who cannot answer.
      if (present.length > 0 && present.every((ext) => !users.get(ext)?.reachable)) {
        const who = `${listWords(present.map((ext) => users.get(ext)?.name ?? ext))}, who ${present.length === 1 ? 'has' : 'have'} no phone or app`;
        const then = fallbackWords(end) === 'the call ends' ? 'the call ends' : `callers go to ${fallbackWords(end)}`;
        const callers =
          segment.entry.type === 'dial_menu_key'
            ? `callers who press ${String(segment.entry.args.target?.value ?? '')}`
            : 'callers';
        const whenText = when
          ? `${when.charAt(0).toUpperCase()}${when.slice(1)}, ${callers}`
          : `${callers.charAt(0).toUpperCase()}${callers.slice(1)}`;
        warnings.push({
          code: 'nobody_reachable',
          text: `${whenText} reach no one: ${end.name} rings ${who}, so ${then}.`,
          nodeIds: [end.id],
        });
      }
    }
    if (end?.type === 'business_hours') {
      warnings.push(...hoursGapWarnings(end));
      const out = end.children.find((child) => child.type === 'out_of_hours');
      const outSegment = out && segmentByEntry.get(out.id);
      if (holidays.length > 0 && outSegment && outSegment.end && outSegment.greetings.length === 0) {
        const first = outSegment.end;
        warnings.push({
          code: 'holiday_no_greeting',
          text: `On holidays (${listWords(holidays.map((h) => (h.start_date === h.end_date ? displayDate(h.start_date) : `${displayDate(h.start_date)} to ${displayDate(h.end_date)}`)))}) callers get the out-of-hours route, which goes straight to ${first.name} with no greeting saying you are closed.`,
          nodeIds: [out.id],
          fix: {
            label: 'Add a closed greeting to Out of hours',
            command: insertBetween(out.id, first.id, 'play_audio'),
          },
        });
      }
    }
  }
  return warnings;
}
