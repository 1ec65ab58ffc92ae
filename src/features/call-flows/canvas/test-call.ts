/** The test call: a London wall-clock time to an instant, and the simulator's answer written out in words. */
import type { TestCallHistoryEntry } from '@portal/contract';
import {
  DIAL_MENU_MAX_ATTEMPTS,
  displayPhone,
  edgeId,
  londonTime,
  stepTitle,
  type FlowNode,
  type OpeningReason,
  type SimulationEvent,
  type SimulationOutcome,
  type SimulationResult,
} from '@portal/editor-core';

import { nodeIndex } from './graph.ts';
import { describeAudio, describeExtension, RING_PATTERN_LABELS, type Directory } from './summary.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Date (YYYY-MM-DD) and time (HH:MM) of an instant on a London clock, for the test call's fields. */
export function londonDateTime(instant: Date): { date: string; time: string } {
  const local = londonTime(instant);
  return { date: local.date, time: `${pad(Math.floor(local.minutes / 60))}:${pad(local.minutes % 60)}` };
}

/** The UTC offset London shows at an instant, in ms (0 in winter, an hour in summer). */
function londonOffsetMs(instantMs: number): number {
  const local = londonTime(new Date(instantMs));
  const [y, m, d] = local.date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + local.minutes * 60_000;
  return wall - Math.floor(instantMs / 60_000) * 60_000;
}

/**
 * The instant a London wall-clock date and time stand for, e.g. ('2025-07-01', '09:30') -> 08:30 UTC; null
 * when malformed. A time skipped when the clocks go forward reads as the hour after.
 */
export function londonInstant(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!d || !t) return null;
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== Number(d[3])) return null;
  let instant = asUtc - londonOffsetMs(asUtc);
  const offset = londonOffsetMs(instant);
  if (asUtc - offset !== instant) instant = asUtc - offset;
  return new Date(instant);
}

/** Node ids and edge ids a simulated call went through, to light them up. */
export function pathHighlight(root: FlowNode, path: readonly string[]): { nodes: Set<string>; edges: Set<string> } {
  const index = nodeIndex(root);
  const nodes = new Set(path);
  const edges = new Set<string>();
  for (let i = 1; i < path.length; i++) {
    const from = path[i - 1] as string;
    const to = path[i] as string;
    if (index.get(to)?.parentId === from) edges.add(edgeId(from, to));
  }
  return { nodes, edges };
}

const CLOSED_REASONS: Readonly<Record<OpeningReason, string>> = {
  open: 'open',
  holiday: 'closed for a holiday',
  closed_day: 'closed all day',
  outside_hours: 'closed at that time',
  break: 'closed for a break',
};

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) as string}`;
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} second${s === 1 ? '' : 's'}`;
}

function nameOf(root: FlowNode, id: string): string {
  const node = nodeIndex(root).get(id)?.node;
  return node ? stepTitle(node) : 'a step';
}

function describeEvent(root: FlowNode, event: SimulationEvent, directory: Directory): string | null {
  switch (event.kind) {
    case 'arrive':
      return event.numbers.length > 0
        ? `The call comes in on ${list(event.numbers.map(displayPhone))}.`
        : 'The call comes in.';
    case 'business_hours':
      return `${nameOf(root, event.nodeId)}: ${event.open ? 'open, so the in-hours route is taken' : `${CLOSED_REASONS[event.reason]}, so the out-of-hours route is taken`}.`;
    case 'pass':
      return null; // in_hours, out_of_hours and keys are told by the step before them
    case 'play_audio':
      return `Plays ${event.audioFile.trim() === '' ? 'nothing (no audio chosen)' : describeAudio(directory, event.audioFile)}.`;
    case 'menu': {
      const played = `${nameOf(root, event.nodeId)} plays ${event.audioFile.trim() === '' ? '(no audio chosen)' : describeAudio(directory, event.audioFile)}${event.attempt > 1 ? ' again' : ''}`;
      if (event.result === 'matched') return `${played}; the caller presses ${event.key ?? ''}.`;
      if (event.result === 'unknown_key')
        return `${played}; the caller presses ${event.key ?? ''}, which is not an option.`;
      return `${played}; the caller presses nothing.`;
    }
    case 'repeat_menu':
      return `${nameOf(root, event.nodeId)} plays ${nameOf(root, event.menuId)} again.`;
  }
}

/** The simulator's answer in words: the steps on the way and how the call ends. */
export function describeCall(
  root: FlowNode,
  result: SimulationResult,
  directory: Directory,
): { steps: string[]; outcome: string } {
  return {
    steps: describeEvents(root, result.events, directory),
    outcome: describeOutcome(root, result.outcome, directory),
  };
}

/** The steps of a call in words (a simulated one, or a real one as it happens). */
export function describeEvents(root: FlowNode, events: readonly SimulationEvent[], directory: Directory): string[] {
  return events.map((e) => describeEvent(root, e, directory)).filter((s): s is string => s !== null);
}

/** How a call ends, in words. */
export function describeOutcome(root: FlowNode, outcome: SimulationOutcome, directory: Directory): string {
  return outcomeText(outcome, directory, (id) => nameOf(root, id));
}

const OUTCOME_KINDS: ReadonlySet<string> = new Set(['transfer', 'voicemail', 'divert', 'hangup', 'incomplete']);

/**
 * How a test call in call history ended, in the editor's words: the people by the names the call knew and its
 * steps by their titles; null when it ended before reaching an outcome.
 */
export function describeTestCallOutcome(
  entry: Pick<TestCallHistoryEntry, 'outcome' | 'names' | 'steps'>,
): string | null {
  if (!entry.outcome || !OUTCOME_KINDS.has(entry.outcome.kind)) return null;
  const directory: Directory = { userByExtension: new Map(Object.entries(entry.names)), audioByFilename: new Map() };
  const titles = new Map(entry.steps.map((step) => [step.id, step.title]));
  return outcomeText(entry.outcome as SimulationOutcome, directory, (id) => titles.get(id) ?? 'a step');
}

function outcomeText(outcome: SimulationOutcome, directory: Directory, stepName: (id: string) => string): string {
  let text: string;
  switch (outcome.kind) {
    case 'transfer': {
      const who = outcome.extensions.map((e) => describeExtension(directory, e));
      const ringing =
        who.length === 0
          ? 'No extensions are chosen, so nothing rings.'
          : outcome.ringPattern === 'sequential' && who.length > 1
            ? `Rings ${list(who)} ${RING_PATTERN_LABELS.sequential.toLowerCase()}, ${seconds(outcome.ringTimePerMemberMs)} each (${seconds(outcome.totalRingTimeMs)} in all).`
            : `Rings ${list(who)}${who.length > 1 ? ` ${RING_PATTERN_LABELS.unisson.toLowerCase()}` : ''} for ${seconds(outcome.ringTimePerMemberMs)}.`;
      const queue = outcome.queue
        ? ` While everyone is busy, callers queue (up to ${outcome.queue.size}) listening to ${outcome.queue.music === 'default' ? 'the default music' : describeAudio(directory, outcome.queue.music)}${outcome.queue.announcement ? `, with the announcement ${describeAudio(directory, outcome.queue.announcement)}` : ''}.`
        : '';
      const noAnswer =
        outcome.noAnswer.kind === 'voicemail'
          ? ` If nobody answers, the call goes to voicemail box ${describeExtension(directory, outcome.noAnswer.extension)}${outcome.voicemailGreeting ? ` with the greeting ${describeAudio(directory, outcome.voicemailGreeting)}` : ''}.`
          : ' If nobody answers, the call ends.';
      text = `${ringing}${queue}${noAnswer}`;
      break;
    }
    case 'voicemail':
      text = `The caller is put through to voicemail box ${describeExtension(directory, outcome.extension)}.`;
      break;
    case 'divert':
      text =
        outcome.number.trim() === ''
          ? 'The call would be diverted, but no number is chosen yet.'
          : `The call is diverted to ${displayPhone(outcome.number)}.`;
      break;
    case 'hangup':
      text =
        outcome.reason === 'too_many_steps'
          ? 'The call goes round the flow too many times and is ended.'
          : `The menu played ${DIAL_MENU_MAX_ATTEMPTS} times ${outcome.reason === 'unknown_key' ? 'and the caller pressed no valid key' : 'without a key press'}, so the call is ended.`;
      break;
    case 'incomplete':
      text = `The route stops at ${stepName(outcome.nodeId)}: it does not end in a Transfer, Divert or Voicemail, so the call cannot go anywhere.`;
      break;
  }
  return text;
}
