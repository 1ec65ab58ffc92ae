/**
 * Conversions between a node's args and what its dialog's fields hold (seconds shown, milliseconds stored;
 * lists typed as text), and the problems editor-core finds in a draft before it is saved.
 */
import {
  argValue,
  DIAL_KEYS,
  NODE_SPECS,
  validateTree,
  type Arg,
  type DialKey,
  type FlowNode,
  type OpeningHours,
  type RingPattern,
} from '@portal/editor-core';

/** 5000 -> "5", 2500 -> "2.5". */
export function msToSecondsText(ms: number): string {
  return String(ms / 1000);
}

/** "5" -> 5000, "2.5" -> 2500; null when not a number of seconds (up to 3 decimals). */
export function secondsTextToMs(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,3})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 1000);
}

/** "12" -> 12; null when not a whole number. */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : null;
}

/** Items of a typed list: "201, 202 203" -> ['201', '202', '203']. */
export function parseList(text: string): string[] {
  return text.split(/[\s,;]+/).filter((item) => item !== '');
}

/** Key presses typed for a test call: digits, * and #; spaces are ignored. */
export function parseKeyPresses(text: string): { ok: true; keys: DialKey[] } | { ok: false; error: string } {
  const keys: DialKey[] = [];
  for (const char of text.replace(/\s+/g, '')) {
    if (!(DIAL_KEYS as readonly string[]).includes(char))
      return { ok: false, error: `"${char}" is not a key on a phone: use 0-9, * and #` };
    keys.push(char as DialKey);
  }
  return { ok: true, keys };
}

/** A copy of a node with some arg values replaced (typed by the node table) and its name (and name arg, as renameNode does), e.g. to validate a draft. */
export function withArgValues(node: FlowNode, values: Readonly<Record<string, unknown>>, name = node.name): FlowNode {
  const args: Record<string, Arg> = { ...node.args };
  for (const [argName, value] of Object.entries(values)) {
    const spec = NODE_SPECS[node.type].args[argName];
    if (spec) args[argName] = { type: spec.type, value } as Arg;
  }
  if ('name' in NODE_SPECS[node.type].args) args.name = { type: 'text', value: name };
  return { ...node, name, args };
}

/** editor-core's problems of a draft node, by arg ('name' for the step's name), e.g. to show under the fields. */
export function draftProblems(node: FlowNode): Map<string, string[]> {
  const byArg = new Map<string, string[]>();
  for (const problem of validateTree(node)) {
    if (problem.nodeId !== node.id || problem.arg === undefined) continue;
    const list = byArg.get(problem.arg) ?? [];
    if (!list.includes(problem.message)) list.push(problem.message);
    byArg.set(problem.arg, list);
  }
  return byArg;
}

/** What a dialog saves: the step's name and its arg values, or the fields that cannot be read. */
export type FormResult =
  { ok: true; name: string; values: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

// Transfer ---------------------------------------------------------------------------------------------

export type VoicemailMode = 'default' | 'none' | 'extension';

export interface TransferDraft {
  name: string;
  /** Extensions to ring, in order (the order matters for 'sequential'). */
  targets: string[];
  ringPattern: RingPattern;
  ringSeconds: string;
  queuing: boolean;
  queueSize: string;
  queueMusic: string;
  queueAnnouncement: string;
  voicemailMode: VoicemailMode;
  voicemailExtension: string;
  voicemailGreeting: string;
}

export function transferDraft(node: FlowNode): TransferDraft {
  const box = argValue(node, 'voicemail', 'voicemail_box');
  return {
    name: node.name,
    targets: [...argValue(node, 'target', 'extensions')],
    ringPattern: argValue(node, 'ring_pattern', 'ring_pattern'),
    ringSeconds: msToSecondsText(argValue(node, 'ring_time_per_member', 'milliseconds')),
    queuing: argValue(node, 'queuing_enabled', 'boolean'),
    queueSize: String(argValue(node, 'queue_size', 'integer')),
    queueMusic: argValue(node, 'queue_music', 'audio_file'),
    queueAnnouncement: argValue(node, 'queue_announcement', 'audio_file'),
    voicemailMode: box === 'default' || box === 'none' ? box : 'extension',
    voicemailExtension: box === 'default' || box === 'none' ? '' : box,
    voicemailGreeting: argValue(node, 'voicemail_greeting', 'audio_file'),
  };
}

export function transferValues(draft: TransferDraft): FormResult {
  const errors: Record<string, string> = {};
  const ring = secondsTextToMs(draft.ringSeconds);
  if (ring === null) errors.ring_time_per_member = 'Enter the ring time as a number of seconds, like 20';
  const size = parseWholeNumber(draft.queueSize);
  if (size === null) errors.queue_size = 'Enter the queue size as a whole number, like 5';
  if (ring === null || size === null) return { ok: false, errors };
  return {
    ok: true,
    name: draft.name,
    values: {
      name: draft.name,
      target: draft.targets,
      ring_pattern: draft.ringPattern,
      ring_time_per_member: ring,
      queuing_enabled: draft.queuing,
      queue_size: size,
      queue_music: draft.queueMusic,
      queue_announcement: draft.queueAnnouncement,
      voicemail: draft.voicemailMode === 'extension' ? draft.voicemailExtension.trim() : draft.voicemailMode,
      voicemail_greeting: draft.voicemailGreeting,
    },
  };
}

/** Ticks or unticks an extension; a new one goes to the end of the ringing order. */
export function toggleTarget(targets: readonly string[], extension: string, on: boolean): string[] {
  const without = targets.filter((t) => t !== extension);
  return on ? [...without, extension] : without;
}

/** Replaces the extensions typed by hand (those no listed user holds), keeping the users' ones and their order. */
export function setOtherTargets(
  targets: readonly string[],
  userExtensions: ReadonlySet<string>,
  typed: string,
): string[] {
  const others = [...new Set(parseList(typed))].filter((t) => !userExtensions.has(t));
  return [...targets.filter((t) => userExtensions.has(t)), ...others];
}

/** Moves an extension one place earlier (-1) or later (+1) in the ringing order. */
export function moveTarget(targets: readonly string[], extension: string, by: -1 | 1): string[] {
  const at = targets.indexOf(extension);
  const to = at + by;
  if (at < 0 || to < 0 || to >= targets.length) return [...targets];
  const next = [...targets];
  next[at] = targets[to] as string;
  next[to] = extension;
  return next;
}

// Business hours ----------------------------------------------------------------------------------------

export interface BusinessHoursDraft {
  name: string;
  calendar: string;
  hours: OpeningHours;
}

export function businessHoursDraft(node: FlowNode): BusinessHoursDraft {
  const hours = argValue(node, 'business_hours', 'business_hours');
  return { name: node.name, calendar: argValue(node, 'calendar', 'calendar'), hours: structuredClone(hours) };
}

export function businessHoursValues(draft: BusinessHoursDraft): FormResult {
  return { ok: true, name: draft.name, values: { calendar: draft.calendar, business_hours: draft.hours } };
}

// The simpler steps --------------------------------------------------------------------------------------

/** Fields of the other steps: one main value (number, extension, audio file, key) or a list (main number). */
export interface SimpleDraft {
  name: string;
  value: string;
}

/** The arg a simple step's main field edits. */
export const MAIN_ARG: Partial<Record<FlowNode['type'], string>> = {
  divert_to_external: 'target',
  voicemail: 'target',
  play_audio: 'audio_file',
  dial_menu: 'audio_file',
  dial_menu_key: 'target',
  main_number: 'public_numbers',
};

export function simpleDraft(node: FlowNode): SimpleDraft {
  const arg = MAIN_ARG[node.type];
  const value = arg ? (node.args[arg]?.value ?? NODE_SPECS[node.type].args[arg]?.default()) : '';
  return { name: node.name, value: Array.isArray(value) ? value.join(', ') : String(value ?? '') };
}

export function simpleValues(node: FlowNode, draft: SimpleDraft): FormResult {
  const arg = MAIN_ARG[node.type];
  const values: Record<string, unknown> = {};
  if ('name' in NODE_SPECS[node.type].args) values.name = draft.name;
  if (arg === 'public_numbers') values[arg] = parseList(draft.value);
  else if (arg === 'target' && node.type === 'divert_to_external') values[arg] = draft.value.trim();
  else if (arg === 'target' && node.type === 'voicemail') values[arg] = draft.value.trim();
  else if (arg) values[arg] = draft.value;
  return { ok: true, name: draft.name, values };
}
