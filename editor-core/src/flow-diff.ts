/**
 * What changed between two versions of a flow, for the canvas (steps added, removed and changed, by id) and for
 * people, in what it means to callers: "Key 2 now goes to voicemail box 300 instead of Sales team", "Out of hours
 * now plays Closed greeting first". Steps are matched by id: editor-core keeps a step's id through edits and moves.
 */
import { DEFAULT_VOICEMAIL_EXTENSION } from './constants.ts';
import { audioWords, destinationWords, fallbackWords, listWords, membersWords, openingHoursWords, routeSegments, segmentLabels, type FlowNames, type RouteSegment } from './routes.ts';
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

const sameArgs = (a: FlowNode, b: FlowNode) => JSON.stringify(a.args) === JSON.stringify(b.args);
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** What a route is, in words: "plays Welcome, then goes to Sales team". */
function routeWords(segment: RouteSegment): string {
  const to = `goes to ${destinationWords(segment.end)}`;
  return segment.greetings.length === 0 ? to : `plays ${listWords(segment.greetings.map((g) => g.name))}, then ${to}`;
}

/** The route changes of segments found in either version, matched by their entry step. */
function routeChanges(before: FlowNode, after: FlowNode): FlowChange[] {
  const oldSegments = routeSegments(before);
  const newSegments = routeSegments(after);
  const oldByEntry = new Map(oldSegments.map((s) => [s.entry.id, s]));
  const newByEntry = new Map(newSegments.map((s) => [s.entry.id, s]));
  const oldLabels = segmentLabels(oldSegments);
  const newLabels = segmentLabels(newSegments);
  const changes: FlowChange[] = [];
  for (const segment of newSegments) {
    const label = newLabels.get(segment.entry.id) ?? '';
    const old = oldByEntry.get(segment.entry.id);
    if (!old) {
      changes.push({ text: `${label} is new: it ${routeWords(segment)}`, nodeIds: [segment.entry.id] });
      continue;
    }
    // A step replaced by another type keeps its id: a different end all the same.
    if ((old.end?.id ?? null) !== (segment.end?.id ?? null) || old.end?.type !== segment.end?.type) {
      changes.push({ text: `${label} now goes to ${destinationWords(segment.end)} instead of ${destinationWords(old.end)}`, nodeIds: [segment.entry.id, ...(segment.end ? [segment.end.id] : [])] });
    }
    const oldGreetings = new Set(old.greetings.map((g) => g.id));
    const newGreetings = new Set(segment.greetings.map((g) => g.id));
    segment.greetings.forEach((greeting, index) => {
      if (oldGreetings.has(greeting.id)) return;
      changes.push({ text: `${label} now plays ${greeting.name} ${index === 0 ? 'first' : 'as well'}`, nodeIds: [greeting.id] });
    });
    for (const greeting of old.greetings) {
      if (!newGreetings.has(greeting.id)) changes.push({ text: `${label} no longer plays ${greeting.name}`, nodeIds: [segment.entry.id] });
    }
  }
  for (const segment of oldSegments) {
    if (newByEntry.has(segment.entry.id)) continue;
    changes.push({ text: `${oldLabels.get(segment.entry.id) ?? ''} is gone (it ${routeWords(segment).replace(/^plays/, 'played').replace('goes to', 'went to')})`, nodeIds: [segment.entry.id] });
  }
  return changes;
}

/** Changes of one step's own settings, in words. */
function settingChanges(old: FlowNode, now: FlowNode, names: FlowNames): string[] {
  const texts: string[] = [];
  // Replaced by a step of another type (same id): told as a route change.
  if (old.type !== now.type) return texts;
  if (old.name !== now.name) texts.push(`${old.name} is now called ${now.name}`);
  if (sameArgs(old, now)) return texts;
  const name = now.name;
  switch (now.type) {
    case 'transfer': {
      const members = (node: FlowNode) => membersWords(node, names);
      if (members(old) !== members(now)) texts.push(`${name} now rings ${members(now)} (was ${members(old)})`);
      const pattern = argValue(now, 'ring_pattern', 'ring_pattern');
      if (argValue(old, 'ring_pattern', 'ring_pattern') !== pattern) texts.push(`${name} now rings ${pattern === 'sequential' ? 'one person at a time' : 'everyone at once'}`);
      const ring = argValue(now, 'ring_time_per_member', 'milliseconds');
      const oldRing = argValue(old, 'ring_time_per_member', 'milliseconds');
      if (ring !== oldRing) texts.push(`${name} now rings for ${seconds(ring)} (was ${seconds(oldRing)})`);
      const queues = argValue(now, 'queuing_enabled', 'boolean');
      if (argValue(old, 'queuing_enabled', 'boolean') !== queues) {
        texts.push(queues ? `${name} now queues up to ${argValue(now, 'queue_size', 'integer')} callers` : `${name} no longer queues callers`);
      } else if (queues && argValue(old, 'queue_size', 'integer') !== argValue(now, 'queue_size', 'integer')) {
        texts.push(`${name} now queues up to ${argValue(now, 'queue_size', 'integer')} callers (was ${argValue(old, 'queue_size', 'integer')})`);
      }
      if (fallbackWords(old) !== fallbackWords(now)) texts.push(`When nobody answers ${name}, ${fallbackWords(now) === 'the call ends' ? 'the call now ends' : `callers now go to ${fallbackWords(now)}`} (was ${fallbackWords(old)})`);
      const greeting = argValue(now, 'voicemail_greeting', 'audio_file');
      if (argValue(old, 'voicemail_greeting', 'audio_file') !== greeting) texts.push(`${name}'s voicemail greeting is now ${audioWords(greeting, names)}`);
      break;
    }
    case 'voicemail': {
      const box = argValue(now, 'target', 'extension') || DEFAULT_VOICEMAIL_EXTENSION;
      const oldBox = argValue(old, 'target', 'extension') || DEFAULT_VOICEMAIL_EXTENSION;
      if (box !== oldBox) texts.push(`${name} now takes messages in voicemail box ${box} (was ${oldBox})`);
      break;
    }
    case 'divert_to_external': {
      const number = argValue(now, 'target', 'phone_number');
      const oldNumber = argValue(old, 'target', 'phone_number');
      if (number !== oldNumber) texts.push(`${name} now diverts to ${number || 'no number'} (was ${oldNumber || 'no number'})`);
      break;
    }
    case 'play_audio':
    case 'dial_menu': {
      const file = argValue(now, 'audio_file', 'audio_file');
      const oldFile = argValue(old, 'audio_file', 'audio_file');
      if (file !== oldFile) texts.push(`${name} now plays ${audioWords(file, names)} (was ${audioWords(oldFile, names)})`);
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
      if (JSON.stringify(numbers) !== JSON.stringify(argValue(old, 'public_numbers', 'phone_numbers'))) texts.push(`The flow now answers ${listWords(numbers) || 'no number'}`);
      break;
    }
    default:
      break;
  }
  return texts;
}

/**
 * The difference from `before` to `after` (two versions of one flow): steps added, removed and changed, and what
 * that means for callers. `names` tells people and greetings by name.
 * @example diffFlows(v1.data, v2.data).changes.map((c) => c.text) // ['Key 2 now goes to voicemail box 300 instead of Sales team']
 */
export function diffFlows(before: FlowNode, after: FlowNode, names: FlowNames = {}): FlowDiff {
  const oldNodes = byId(before);
  const newNodes = byId(after);
  const added = [...newNodes.keys()].filter((id) => !oldNodes.has(id));
  const removed = [...oldNodes.keys()].filter((id) => !newNodes.has(id));
  const changed: string[] = [];
  const settings: FlowChange[] = [];
  for (const [id, { node, parentId }] of newNodes) {
    const old = oldNodes.get(id);
    if (!old) continue;
    const texts = settingChanges(old.node, node, names);
    if (texts.length > 0 || old.parentId !== parentId || old.node.type !== node.type) changed.push(id);
    for (const text of texts) settings.push({ text, nodeIds: [id] });
  }
  return { added, removed, changed, changes: [...routeChanges(before, after), ...settings] };
}
