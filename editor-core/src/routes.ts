/**
 * A flow as callers meet it: its route segments (from each place a call branches to, the greetings on the way and
 * where the call ends or branches again) and the plain words for its steps. The versions' change list
 * (flow-diff.ts), the coverage checks (coverage.ts) and the caller's journey read flows through these.
 */
import { DEFAULT_VOICEMAIL_EXTENSION } from './constants.ts';
import { DAY_LABELS, DAYS, openIntervals, type Day, type OpeningHours } from './opening-hours.ts';
import type { FlowNode } from './schema.ts';
import { argValue } from './tree.ts';

/** Names for what a flow refers to by id: users by extension, greetings by audio file. Unknown ones are told by their id. */
export interface FlowNames {
  extension?: (extension: string) => string | undefined;
  audio?: (file: string) => string | undefined;
}

/** One stretch of a route: from an entry (the main number, in hours, out of hours or a menu key) to where it ends or branches. */
export interface RouteSegment {
  /** The root, an in_hours or out_of_hours, or a dial_menu_key. */
  entry: FlowNode;
  /** Where the call comes from, root first: e.g. ['In hours', 'Main menu', 'Key 2']; [] for the root. */
  path: string[];
  /**
   * The caller's way here, without the steps' names: e.g. ['In hours', 'Key 2']; [] for the root. The same in any
   * flow that routes its callers alike, so two different flows' segments are matched by it.
   */
  choices: string[];
  /** Greetings (play_audio) played on the way, in order. */
  greetings: FlowNode[];
  /** A transfer, voicemail, divert or repeat menu that ends it, a business hours or dial menu it branches at; null when the route stops unfinished. */
  end: FlowNode | null;
}

const ENTRY_LABEL: Partial<Record<FlowNode['type'], string>> = { in_hours: 'In hours', out_of_hours: 'Out of hours' };

/** Every route segment of a flow, in the order a reader meets them (depth first). */
export function routeSegments(root: FlowNode): RouteSegment[] {
  const segments: RouteSegment[] = [];
  type Next = Pick<RouteSegment, 'entry' | 'path' | 'choices'>;
  const stack: Next[] = [{ entry: root, path: [], choices: [] }];
  while (stack.length > 0) {
    const { entry, path, choices } = stack.pop() as Next;
    const greetings: FlowNode[] = [];
    let step = entry.children[0];
    while (step?.type === 'play_audio') {
      greetings.push(step);
      step = step.children[0];
    }
    segments.push({ entry, path, choices, greetings, end: step ?? null });
    const next: Next[] = [];
    if (step?.type === 'business_hours') {
      for (const child of step.children) {
        const label = ENTRY_LABEL[child.type] ?? child.name;
        next.push({ entry: child, path: [...path, label], choices: [...choices, label] });
      }
    } else if (step?.type === 'dial_menu') {
      for (const key of step.children) {
        const label = `Key ${String(key.args.target?.value ?? '?')}`;
        next.push({ entry: key, path: [...path, step.name, label], choices: [...choices, label] });
      }
    }
    stack.push(...next.reverse());
  }
  return segments;
}

/**
 * The shortest way to name each segment so that no two share it: the last part of its path ("Key 2", "Out of hours"),
 * or more of the path when that is not enough ("Sales menu, Key 2"). The root is "Every call".
 */
export function segmentLabels(segments: readonly RouteSegment[]): Map<string, string> {
  const labels = new Map<string, string>();
  // Segments sharing the last `take` parts of their path, refined one part at a time: a segment is named as soon as
  // no other shares its suffix, or its whole path is taken. Each part of each path is looked at once.
  const grouped = (into: Map<string, RouteSegment[]>, key: string, segment: RouteSegment) => {
    const group = into.get(key);
    if (group) group.push(segment);
    else into.set(key, [segment]);
  };
  const byLast = new Map<string, RouteSegment[]>();
  for (const segment of segments) {
    const last = segment.path.at(-1);
    if (last === undefined) labels.set(segment.entry.id, 'Every call');
    else grouped(byLast, last, segment);
  }
  let groups = [...byLast.values()];
  for (let take = 1; groups.length > 0; take++) {
    const next: RouteSegment[][] = [];
    for (const group of groups) {
      const byPart = new Map<string, RouteSegment[]>();
      for (const segment of group) {
        const { path } = segment;
        if (group.length === 1 || path.length === take) labels.set(segment.entry.id, path.slice(-take).join(', '));
        else grouped(byPart, path[path.length - 1 - take] as string, segment);
      }
      next.push(...byPart.values());
    }
    groups = next;
  }
  return labels;
}

/** A list in words: "A", "A and B", "A, B and C". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The people of a transfer by name ("Alex Morgan and Priya Shah"), or "nobody". */
export function membersWords(node: FlowNode, names: FlowNames = {}): string {
  const members = argValue(node, 'target', 'extensions');
  return members.length === 0
    ? 'nobody'
    : listWords(members.map((ext) => names.extension?.(ext) ?? `extension ${ext}`));
}

/** A greeting's file by name, or its file name. */
export function audioWords(file: string, names: FlowNames = {}): string {
  if (file.trim() === '') return 'no recording';
  return names.audio?.(file) ?? file;
}

/** Where an unanswered transfer goes, in words. */
export function fallbackWords(node: FlowNode): string {
  const box = argValue(node, 'voicemail', 'voicemail_box');
  if (box === 'none') return 'the call ends';
  return `voicemail box ${box === 'default' ? DEFAULT_VOICEMAIL_EXTENSION : box}`;
}

/** What a route's end is, as a destination: "Sales team", "voicemail box 300", "the Main menu", "an unfinished route". */
export function destinationWords(node: FlowNode | null): string {
  if (!node) return 'an unfinished route';
  switch (node.type) {
    case 'transfer':
      return node.name;
    case 'voicemail':
      return `voicemail box ${argValue(node, 'target', 'extension') || DEFAULT_VOICEMAIL_EXTENSION}`;
    case 'divert_to_external':
      return `${node.name} (${argValue(node, 'target', 'phone_number') || 'no number yet'})`;
    case 'repeat_menu':
      return 'the menu again';
    case 'business_hours':
      return 'the opening hours check';
    default:
      return node.name;
  }
}

const minutesText = (minutes: number) =>
  minutes >= 1440
    ? 'midnight'
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** One day's open times in words: "09:00-17:00", "09:00-12:00 and 13:00-17:00" (breaks taken out); '' when closed. */
const daySlotsWords = (hours: OpeningHours, day: Day) =>
  listWords(openIntervals(hours, day).map((slot) => `${minutesText(slot.from)}-${minutesText(slot.to)}`));

/**
 * Opening hours in words, days with the same hours together: "Mon-Fri 09:00-17:00", "Mon-Thu 09:00-17:00, Fri
 * 09:00-16:00, Sat 10:00-13:00"; "closed all week" with none.
 */
export function openingHoursWords(hours: OpeningHours): string {
  const byDay = DAYS.map((day) => ({ day, words: daySlotsWords(hours, day) }));
  const runs: string[] = [];
  for (let i = 0; i < byDay.length; i++) {
    const { words } = byDay[i] as { day: Day; words: string };
    if (words === '') continue;
    let j = i;
    while (j + 1 < byDay.length && byDay[j + 1]?.words === words) j++;
    const first = DAY_LABELS[DAYS[i] as Day];
    runs.push(`${j === i ? first : `${first}-${DAY_LABELS[DAYS[j] as Day]}`} ${words}`);
    i = j;
  }
  return runs.length === 0 ? 'closed all week' : runs.join(', ');
}

/** Display names by extension and by audio file name (flowNameMaps). */
export interface FlowNameMaps {
  /** A user's name by extension: first and last name, else the e-mail address, else "extension 201". */
  byExtension: ReadonlyMap<string, string>;
  /** An audio file's name by its stored file name, or by its call-flow file name. */
  byFile: ReadonlyMap<string, string>;
}

/**
 * The one rule for naming a flow's people and greetings, from the site's users and audio files as the API answers
 * them (the editor's step summaries, the change list of two versions, the caller's journey and its PDF): a user by
 * extension (trimmed; "Not Assigned" and empty ones skipped; the first user of an extension wins), a greeting by
 * its stored file name, or else by its call-flow file name.
 */
export function flowNameMaps(
  users: ReadonlyArray<{ extension: string; first_name: string; last_name: string; email?: string }>,
  audioFiles: ReadonlyArray<{ stored_filename: string; call_flow_filename: string | null; name: string }>,
): FlowNameMaps {
  const byExtension = new Map<string, string>();
  for (const user of users) {
    const extension = user.extension.trim();
    if (extension === '' || extension === 'Not Assigned' || byExtension.has(extension)) continue;
    byExtension.set(extension, `${user.first_name} ${user.last_name}`.trim() || user.email || `extension ${extension}`);
  }
  const byFile = new Map<string, string>();
  for (const file of audioFiles)
    if (file.call_flow_filename && !byFile.has(file.call_flow_filename)) byFile.set(file.call_flow_filename, file.name);
  for (const file of audioFiles) byFile.set(file.stored_filename, file.name);
  return { byExtension, byFile };
}

/** The names of flowNameMaps as FlowNames, for the walks that tell a flow in words. */
export function flowNamesOf(
  users: Parameters<typeof flowNameMaps>[0],
  audioFiles: Parameters<typeof flowNameMaps>[1],
): FlowNames {
  const { byExtension, byFile } = flowNameMaps(users, audioFiles);
  return { extension: (ext) => byExtension.get(ext), audio: (file) => byFile.get(file) };
}
