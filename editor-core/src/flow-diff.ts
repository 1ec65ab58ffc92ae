/**
 * What changed between two flows, for the canvas (steps added, removed and changed, by id) and for people, in what
 * it means to callers: "Key 2 now goes to voicemail box 300 instead of Sales team", "Out of hours now plays Closed
 * greeting first". Two versions of one flow match their steps by id (editor-core keeps a step's id through edits
 * and moves); two different flows (the active one and another, whose ids mean nothing to each other) match them by
 * the route a caller takes: in hours, key 1, ...
 */
import { DEFAULT_VOICEMAIL_EXTENSION } from './constants.ts';
import {
  audioWords,
  destinationWords,
  fallbackWords,
  listWords,
  membersWords,
  openingHoursWords,
  routeSegments,
  segmentLabels,
  type FlowNames,
  type RouteSegment,
} from './routes.ts';
import type { FlowNode } from './schema.ts';
import { argValue, walk } from './tree.ts';

/** One change, in words, and the steps it is about (in the newer version, or the older one for what was removed). */
export interface FlowChange {
  text: string;
  nodeIds: string[];
}

export interface FlowDiff {
  /** Steps only in the newer version. */
  added: string[];
  /** Steps only in the older version. */
  removed: string[];
  /** Steps in both whose name, settings or place changed. */
  changed: string[];
  /** What the changes mean for callers, route changes first, then the steps' own settings. */
  changes: FlowChange[];
}

/**
 * How steps are matched: `id` for two versions of one flow, `route` for two different flows (a step is the same
 * when a caller meets it on the same route: the same entry, the greetings with the same recording in the same
 * order, and an end of the same type).
 */
export type DiffMatch = 'id' | 'route';

export interface DiffOptions {
  /** `id` unless told: two versions of one flow. */
  match?: DiffMatch;
}

interface Placed {
  node: FlowNode;
  parentId: string | null;
}

function byId(root: FlowNode): Map<string, Placed> {
  const nodes = new Map<string, Placed>();
  walk(root, (node, _depth, parent) => {
    nodes.set(node.id, { node, parentId: parent?.id ?? null });
  });
  return nodes;
}

/** Which step of the newer flow each step of the older one is (old id -> new id), and back. */
interface Matching {
  toNew: (oldId: string) => string | undefined;
  toOld: (newId: string) => string | undefined;
}

function idMatching(oldNodes: ReadonlyMap<string, Placed>, newNodes: ReadonlyMap<string, Placed>): Matching {
  return { toNew: (id) => (newNodes.has(id) ? id : undefined), toOld: (id) => (oldNodes.has(id) ? id : undefined) };
}

/** The pairs (i, j) of a longest common subsequence of a and b under `same`, in order. */
function commonSubsequence<T>(
  a: readonly T[],
  b: readonly T[],
  same: (x: T, y: T) => boolean,
): Array<[number, number]> {
  // longest[i * width + j]: the length of a longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const longest = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number) => longest[i * width + j] as number;
  const matches = (i: number, j: number) => same(a[i] as T, b[j] as T);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--)
      longest[i * width + j] = matches(i, j) ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  }
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (matches(i, j) && at(i, j) === at(i + 1, j + 1) + 1) pairs.push([i++, j++]);
    else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  }
  return pairs;
}

const routeKey = (segment: RouteSegment) => JSON.stringify(segment.choices);
const recording = (greeting: FlowNode) => argValue(greeting, 'audio_file', 'audio_file');

/**
 * Steps of two different flows matched by the route a caller takes: segments by their choices (in hours, key 1,
 * ...), then in each the greetings with the same recording, in order, and the ends when they are of one type.
 */
function routeMatching(before: FlowNode, after: FlowNode): Matching {
  const toNew = new Map<string, string>();
  const toOld = new Map<string, string>();
  const pair = (oldId: string, newId: string) => {
    toNew.set(oldId, newId);
    toOld.set(newId, oldId);
  };
  // A route is a caller's own in a well-formed flow (a menu's keys differ); should two share one, they pair in order.
  const newByRoute = new Map<string, RouteSegment[]>();
  for (const segment of routeSegments(after)) {
    const key = routeKey(segment);
    newByRoute.set(key, [...(newByRoute.get(key) ?? []), segment]);
  }
  for (const old of routeSegments(before)) {
    const now = newByRoute.get(routeKey(old))?.shift();
    if (!now) continue;
    pair(old.entry.id, now.entry.id);
    for (const [i, j] of commonSubsequence(old.greetings, now.greetings, (a, b) => recording(a) === recording(b)))
      pair((old.greetings[i] as FlowNode).id, (now.greetings[j] as FlowNode).id);
    if (old.end && now.end && old.end.type === now.end.type) pair(old.end.id, now.end.id);
  }
  return { toNew: (id) => toNew.get(id), toOld: (id) => toOld.get(id) };
}

const sameArgs = (a: FlowNode, b: FlowNode) => JSON.stringify(a.args) === JSON.stringify(b.args);
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** What a route is, in words: "plays Welcome, then goes to Sales team". */
function routeWords(segment: RouteSegment): string {
  const to = `goes to ${destinationWords(segment.end)}`;
  return segment.greetings.length === 0 ? to : `plays ${listWords(segment.greetings.map((g) => g.name))}, then ${to}`;
}

/**
 * The route changes of segments found in either flow, matched by their entry step. Matched by route, an end is
 * told by what it is to the reader (destinationWords: a transfer's name, a voicemail box): a different one is a
 * different destination, which the steps' settings then do not tell again.
 */
function routeChanges(before: FlowNode, after: FlowNode, { toNew, toOld }: Matching, match: DiffMatch): FlowChange[] {
  const oldSegments = routeSegments(before);
  const newSegments = routeSegments(after);
  const oldByEntry = new Map(oldSegments.map((s) => [s.entry.id, s]));
  const matchedOld = new Set<string>();
  const oldLabels = segmentLabels(oldSegments);
  const newLabels = segmentLabels(newSegments);
  const changes: FlowChange[] = [];
  for (const segment of newSegments) {
    const label = newLabels.get(segment.entry.id) ?? '';
    const oldEntry = toOld(segment.entry.id);
    const old = oldEntry === undefined ? undefined : oldByEntry.get(oldEntry);
    if (!old) {
      changes.push({ text: `${label} is new: it ${routeWords(segment)}`, nodeIds: [segment.entry.id] });
      continue;
    }
    matchedOld.add(old.entry.id);
    // A step replaced by another type keeps its id: a different end all the same.
    const sameEnd =
      (old.end ? (toNew(old.end.id) ?? null) : null) === (segment.end?.id ?? null) &&
      old.end?.type === segment.end?.type;
    if (!sameEnd || (match === 'route' && destinationWords(old.end) !== destinationWords(segment.end))) {
      changes.push({
        text: `${label} now goes to ${destinationWords(segment.end)} instead of ${destinationWords(old.end)}`,
        nodeIds: [segment.entry.id, ...(segment.end ? [segment.end.id] : [])],
      });
    }
    const oldGreetings = new Set(old.greetings.map((g) => g.id));
    const newGreetings = new Set(segment.greetings.map((g) => g.id));
    segment.greetings.forEach((greeting, index) => {
      const was = toOld(greeting.id);
      if (was !== undefined && oldGreetings.has(was)) return;
      changes.push({
        text: `${label} now plays ${greeting.name} ${index === 0 ? 'first' : 'as well'}`,
        nodeIds: [greeting.id],
      });
    });
    for (const greeting of old.greetings) {
      const now = toNew(greeting.id);
      if (now === undefined || !newGreetings.has(now))
        changes.push({ text: `${label} no longer plays ${greeting.name}`, nodeIds: [segment.entry.id] });
    }
  }
  for (const segment of oldSegments) {
    if (matchedOld.has(segment.entry.id)) continue;
    changes.push({
      text: `${oldLabels.get(segment.entry.id) ?? ''} is gone (it ${routeWords(segment)
        .replace(/^plays/, 'played')
        .replace('goes to', 'went to')})`,
      nodeIds: [segment.entry.id],
    });
  }
  return changes;
}

/**
 * Changes of one step's own settings, in words. Matched by route, the steps of two flows have names of their own
 * (a caller hears none of them), and what an end is, its name, voicemail box or number, is told as the route's.
 */
function settingChanges(old: FlowNode, now: FlowNode, names: FlowNames, match: DiffMatch): string[] {
  const texts: string[] = [];
  // Replaced by a step of another type (same id): told as a route change.
  if (old.type !== now.type) return texts;
  const sameFlow = match === 'id';
  if (sameFlow && old.name !== now.name) texts.push(`${old.name} is now called ${now.name}`);
  if (sameArgs(old, now)) return texts;
  const name = now.name;
  switch (now.type) {
    case 'transfer': {
      const members = (node: FlowNode) => membersWords(node, names);
      if (members(old) !== members(now)) texts.push(`${name} now rings ${members(now)} (was ${members(old)})`);
      const pattern = argValue(now, 'ring_pattern', 'ring_pattern');
      if (argValue(old, 'ring_pattern', 'ring_pattern') !== pattern)
        texts.push(`${name} now rings ${pattern === 'sequential' ? 'one person at a time' : 'everyone at once'}`);
      const ring = argValue(now, 'ring_time_per_member', 'milliseconds');
      const oldRing = argValue(old, 'ring_time_per_member', 'milliseconds');
      if (ring !== oldRing) texts.push(`${name} now rings for ${seconds(ring)} (was ${seconds(oldRing)})`);
      const queues = argValue(now, 'queuing_enabled', 'boolean');
      if (argValue(old, 'queuing_enabled', 'boolean') !== queues) {
        texts.push(
          queues
            ? `${name} now queues up to ${argValue(now, 'queue_size', 'integer')} callers`
            : `${name} no longer queues callers`,
        );
      } else if (queues && argValue(old, 'queue_size', 'integer') !== argValue(now, 'queue_size', 'integer')) {
        texts.push(
          `${name} now queues up to ${argValue(now, 'queue_size', 'integer')} callers (was ${argValue(old, 'queue_size', 'integer')})`,
        );
      }
      if (fallbackWords(old) !== fallbackWords(now))
        texts.push(
          `When nobody answers ${name}, ${fallbackWords(now) === 'the call ends' ? 'the call now ends' : `callers now go to ${fallbackWords(now)}`} (was ${fallbackWords(old)})`,
        );
      const greeting = argValue(now, 'voicemail_greeting', 'audio_file');
      if (argValue(old, 'voicemail_greeting', 'audio_file') !== greeting)
        texts.push(`${name}'s voicemail greeting is now ${audioWords(greeting, names)}`);
      break;
    }
    case 'voicemail': {
      const box = argValue(now, 'target', 'extension') || DEFAULT_VOICEMAIL_EXTENSION;
      const oldBox = argValue(old, 'target', 'extension') || DEFAULT_VOICEMAIL_EXTENSION;
      if (sameFlow && box !== oldBox) texts.push(`${name} now takes messages in voicemail box ${box} (was ${oldBox})`);
      break;
    }
    case 'divert_to_external': {
      const number = argValue(now, 'target', 'phone_number');
      const oldNumber = argValue(old, 'target', 'phone_number');
      if (sameFlow && number !== oldNumber)
        texts.push(`${name} now diverts to ${number || 'no number'} (was ${oldNumber || 'no number'})`);
      break;
    }
    case 'play_audio':
    case 'dial_menu': {
      const file = argValue(now, 'audio_file', 'audio_file');
      const oldFile = argValue(old, 'audio_file', 'audio_file');
      if (file !== oldFile)
        texts.push(`${name} now plays ${audioWords(file, names)} (was ${audioWords(oldFile, names)})`);
      break;
    }
    case 'business_hours': {
      const hours = openingHoursWords(argValue(now, 'business_hours', 'business_hours'));
      const oldHours = openingHoursWords(argValue(old, 'business_hours', 'business_hours'));
      if (hours !== oldHours) texts.push(`Opening hours are now ${hours} (was ${oldHours})`);
      break;
    }
    case 'dial_menu_key': {
      const key = String(now.args.target?.value ?? '');
      const oldKey = String(old.args.target?.value ?? '');
      if (key !== oldKey) texts.push(`Key ${oldKey} is now key ${key}`);
      break;
    }
    case 'main_number': {
      const numbers = argValue(now, 'public_numbers', 'phone_numbers');
      if (JSON.stringify(numbers) !== JSON.stringify(argValue(old, 'public_numbers', 'phone_numbers')))
        texts.push(`The flow now answers ${listWords(numbers) || 'no number'}`);
      break;
    }
    default:
      break;
  }
  return texts;
}

/**
 * The difference from `before` to `after`: steps added, removed and changed, and what that means for callers.
 * `names` tells people and greetings by name. Two versions of one flow are compared step by step (`match: 'id'`,
 * the default); two different flows, such as the active flow and the one about to replace it, by the routes a
 * caller takes (`match: 'route'`), where `changed` holds the newer flow's ids.
 * @example diffFlows(v1.data, v2.data).changes.map((c) => c.text) // ['Key 2 now goes to voicemail box 300 instead of Sales team']
 * @example diffFlows(active.data, flow.data, names, { match: 'route' }) // the same flow under other ids: no changes
 */
export function diffFlows(
  before: FlowNode,
  after: FlowNode,
  names: FlowNames = {},
  { match = 'id' }: DiffOptions = {},
): FlowDiff {
  const oldNodes = byId(before);
  const newNodes = byId(after);
  const matching = match === 'id' ? idMatching(oldNodes, newNodes) : routeMatching(before, after);
  const added = [...newNodes.keys()].filter((id) => matching.toOld(id) === undefined);
  const removed = [...oldNodes.keys()].filter((id) => matching.toNew(id) === undefined);
  const changed: string[] = [];
  const settings: FlowChange[] = [];
  for (const [id, { node, parentId }] of newNodes) {
    const oldId = matching.toOld(id);
    const old = oldId === undefined ? undefined : oldNodes.get(oldId);
    if (!old) continue;
    const texts = settingChanges(old.node, node, names, match);
    const moved = (old.parentId === null ? null : matching.toNew(old.parentId)) !== parentId;
    if (texts.length > 0 || moved || old.node.type !== node.type) changed.push(id);
    for (const text of texts) settings.push({ text, nodeIds: [id] });
  }
  return { added, removed, changed, changes: [...routeChanges(before, after, matching, match), ...settings] };
}
