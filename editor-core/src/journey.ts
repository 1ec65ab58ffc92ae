/**
 * The caller's journey: a flow told as a caller lives it, for each time window and key ("Mon-Fri 09:00-17:00: you
 * hear Welcome greeting, then the Main menu. Press 1: Sales team rings Alex Morgan and Priya Shah for 25 s, then
 * voicemail box 300."). It reads the flow's route segments (routes.ts), and journey.test.ts checks every sentence's
 * outcome against the call simulator's walk, so the two never tell different stories.
 */
import { DEFAULT_VOICEMAIL_EXTENSION } from './constants.ts';
import {
  audioWords,
  fallbackWords,
  membersWords,
  openingHoursWords,
  routeSegments,
  type FlowNames,
  type RouteSegment,
} from './routes.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { argValue } from './tree.ts';

/** One time window of the journey and what the caller meets in it, sentence by sentence. */
export interface JourneySection {
  when: string;
  steps: string[];
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

function endWords(end: FlowNode | null, names: FlowNames): string {
  if (!end) return 'the call goes no further: this route is not finished';
  switch (end.type) {
    case 'transfer': {
      const members = argValue(end, 'target', 'extensions');
      const ring = argValue(end, 'ring_time_per_member', 'milliseconds');
      const sequential = argValue(end, 'ring_pattern', 'ring_pattern') === 'sequential' && members.length > 1;
      const queue = argValue(end, 'queuing_enabled', 'boolean')
        ? `, callers queue (up to ${argValue(end, 'queue_size', 'integer')}) while they are busy`
        : '';
      const fallback = fallbackWords(end);
      const then = fallback === 'the call ends' ? 'then the call ends' : `then ${fallback}`;
      return `${end.name} rings ${membersWords(end, names)} ${sequential ? `one at a time, for ${seconds(ring)} each` : `for ${seconds(ring)}`}${queue}; if nobody answers, ${then}`;
    }
    case 'voicemail':
      return `the caller can leave a message in voicemail box ${argValue(end, 'target', 'extension') || DEFAULT_VOICEMAIL_EXTENSION}`;
    case 'divert_to_external':
      return `the call is diverted to ${argValue(end, 'target', 'phone_number') || 'a number not yet given'}`;
    case 'repeat_menu':
      return 'the caller hears the menu again';
    default:
      return end.name;
  }
}

/** What a caller hears on the way: "you hear Welcome greeting (Welcome recording)". */
function greetingsWords(segment: RouteSegment, names: FlowNames): string | null {
  if (segment.greetings.length === 0) return null;
  return `you hear ${segment.greetings.map((g) => `${g.name}${names.audio ? ` (${audioWords(argValue(g, 'audio_file', 'audio_file'), names)})` : ''}`).join(', then ')}`;
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * The sentences of a segment and all that follows it. A dial menu adds a sentence per key; a business hours check
 * met after the start is told inline, its two windows in brackets.
 */
function segmentSentences(
  segment: RouteSegment,
  bySegment: ReadonlyMap<string, RouteSegment>,
  names: FlowNames,
): string[] {
  const heard = greetingsWords(segment, names);
  const { end } = segment;
  if (end?.type === 'dial_menu') {
    const intro = `${heard ? `${heard}, then ` : 'you hear '}the ${end.name}${names.audio ? ` (${audioWords(argValue(end, 'audio_file', 'audio_file'), names)})` : ''}.`;
    const keys = end.children.flatMap((key) => {
      const next = bySegment.get(key.id);
      if (!next) return [];
      const [first = '', ...rest] = segmentSentences(next, bySegment, names);
      return [`Press ${String(key.args.target?.value ?? '?')}: ${first}`, ...rest];
    });
    return [
      capital(intro),
      ...keys,
      ...(end.children.length > 0
        ? ['Pressing no key or another key plays the menu again; after three tries the call ends.']
        : []),
    ];
  }
  if (end?.type === 'business_hours') {
    const hours = openingHoursWords(argValue(end, 'business_hours', 'business_hours'));
    const branch = (type: 'in_hours' | 'out_of_hours') => {
      const child = end.children.find((c) => c.type === type);
      const next = child && bySegment.get(child.id);
      return next ? segmentSentences(next, bySegment, names).join(' ') : endWords(null, names);
    };
    const lead = heard ? `${heard}. ` : '';
    return [
      capital(
        `${lead}${heard ? 'Then, ' : ''}${hours}: ${branch('in_hours')} At other times and on holidays: ${branch('out_of_hours')}`,
      ),
    ];
  }
  return [capital(`${heard ? `${heard}, then ` : ''}${endWords(end, names)}.`)];
}

/**
 * The journey of a flow: one section per time window of its first opening-hours check ("Mon-Fri 09:00-17:00", "At
 * other times and on holidays"), or one for every call when it has none before the call ends or branches.
 */
export function callerJourney(flow: CallFlow, names: FlowNames = {}): JourneySection[] {
  const segments = routeSegments(flow.data);
  const bySegment = new Map(segments.map((segment) => [segment.entry.id, segment]));
  const root = segments[0];
  if (!root) return [];
  const numbers = argValue(flow.data, 'public_numbers', 'phone_numbers');
  const answered =
    numbers.length > 0 ? `Calls to ${numbers.join(', ')}.` : 'Calls to this flow (no number chosen yet).';
  const { end } = root;
  if (end?.type !== 'business_hours')
    return [{ when: 'Any time', steps: [answered, ...segmentSentences(root, bySegment, names)] }];
  const heard = greetingsWords(root, names);
  const windows: Array<[string, 'in_hours' | 'out_of_hours']> = [
    [openingHoursWords(argValue(end, 'business_hours', 'business_hours')), 'in_hours'],
    ['At other times and on holidays', 'out_of_hours'],
  ];
  return windows.map(([when, type]) => {
    const child = end.children.find((c) => c.type === type);
    const next = child && bySegment.get(child.id);
    const steps = next ? segmentSentences(next, bySegment, names) : [capital(`${endWords(null, names)}.`)];
    return { when: capital(when), steps: [answered, ...(heard ? [capital(`${heard}.`)] : []), ...steps] };
  });
}
