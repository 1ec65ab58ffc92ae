/** The call simulator: the path a call takes through a flow at an instant, with key presses, and its outcome. */
import { DEFAULT_VOICEMAIL_EXTENSION, DIAL_MENU_MAX_ATTEMPTS } from './constants.ts';
import type { NodeType, RingPattern } from './node-types.ts';
import { openingStatusAt, type HolidayPeriod, type OpeningReason } from './opening-hours.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { argValue } from './tree.ts';

/** What the call meets on its way, in order. */
export type SimulationEvent =
  | { kind: 'arrive'; nodeId: string; numbers: string[] }
  | { kind: 'business_hours'; nodeId: string; open: boolean; reason: OpeningReason }
  | { kind: 'pass'; nodeId: string; type: NodeType }
  | { kind: 'play_audio'; nodeId: string; audioFile: string }
  | {
      kind: 'menu';
      nodeId: string;
      audioFile: string;
      attempt: number;
      key: string | null;
      result: 'matched' | 'no_key_press' | 'unknown_key';
    }
  | { kind: 'repeat_menu'; nodeId: string; menuId: string };

/** What happens to an unanswered transfer. */
export type NoAnswer = { kind: 'voicemail'; extension: string } | { kind: 'hangup' };

/** Where the call ends. */
export type SimulationOutcome =
  | {
      kind: 'transfer';
      nodeId: string;
      extensions: string[];
      ringPattern: RingPattern;
      ringTimePerMemberMs: number;
      /** How long the extensions ring before the call queues or falls back: once for 'unisson', once per member for 'sequential'. */
      totalRingTimeMs: number;
      queue: { size: number; music: string; announcement: string | null } | null;
      noAnswer: NoAnswer;
      voicemailGreeting: string | null;
    }
  | { kind: 'voicemail'; nodeId: string; extension: string }
  | { kind: 'divert'; nodeId: string; number: string }
  | { kind: 'hangup'; nodeId: string; reason: 'no_key_press' | 'unknown_key' | 'too_many_steps' }
  | { kind: 'incomplete'; nodeId: string };

/** The path (node ids in order, a replayed menu again), the events and the outcome. */
export interface SimulationResult {
  path: string[];
  events: SimulationEvent[];
  outcome: SimulationOutcome;
  /** How many of the given key presses the call used. */
  keysUsed: number;
}

/** Input of simulateCall: a key press is '0'-'9', '*', '#', or null for none (a timeout); presses run out as none. */
export interface SimulationInput {
  flow: CallFlow;
  at: Date;
  holidays?: readonly HolidayPeriod[];
  keys?: ReadonlyArray<string | null>;
}

const MAX_EVENTS = 500;
const optional = (value: string) => (value.trim() === '' ? null : value);

/** What the caller meets, moment by moment, as walkCall yields it. */
export type CallMoment =
  /** The call reaches a node: the live path grows by it. */
  | { kind: 'node'; nodeId: string }
  /** What happened there; a play_audio event is a greeting to play before resuming. */
  | { kind: 'event'; event: SimulationEvent }
  /** A dial menu plays its greeting and waits: resume with the key pressed, or null for none. */
  | { kind: 'menu'; nodeId: string; audioFile: string; attempt: number }
  /** Where the call ends; the walk returns its result after this. */
  | { kind: 'outcome'; outcome: SimulationOutcome };

/**
 * Walks a call through a flow, one moment at a time: the one walk behind the simulator and a real test call.
 * business_hours takes in_hours when open at the instant in Europe/London (holidays close), else out_of_hours. A
 * dial_menu yields a 'menu' moment and reads the key sent back; no key press or an unknown key replays it, and
 * after DIAL_MENU_MAX_ATTEMPTS plays the call is disconnected. repeat_menu replays the nearest dial_menu above it.
 * A route that does not end answers 'incomplete'.
 * @example
 * const walk = walkCall(flow, new Date(), []);
 * let step = walk.next();
 * while (!step.done) step = walk.next(step.value.kind === 'menu' ? '1' : undefined);
 */
export function* walkCall(
  flow: CallFlow,
  at: Date,
  holidays: readonly HolidayPeriod[] = [],
): Generator<CallMoment, SimulationResult, string | null | undefined> {
  const path: string[] = [];
  const events: SimulationEvent[] = [];
  let keysUsed = 0;
  let node: FlowNode = flow.data;
  // Ancestors of the current node, root first, to find the menu a repeat_menu returns to.
  let ancestors: FlowNode[] = [];
  let attempt = 1;
  const descend = (child: FlowNode | undefined): FlowNode | undefined => {
    if (child) ancestors = [...ancestors, node];
    return child;
  };
  function* record(event: SimulationEvent): Generator<CallMoment, void, unknown> {
    events.push(event);
    yield { kind: 'event', event };
  }
  function* done(outcome: SimulationOutcome): Generator<CallMoment, SimulationResult, unknown> {
    yield { kind: 'outcome', outcome };
    return { path, events, outcome, keysUsed };
  }

  for (;;) {
    if (events.length >= MAX_EVENTS) return yield* done({ kind: 'hangup', nodeId: node.id, reason: 'too_many_steps' });
    path.push(node.id);
    yield { kind: 'node', nodeId: node.id };
    let next: FlowNode | undefined;
    switch (node.type) {
      case 'main_number':
        yield* record({ kind: 'arrive', nodeId: node.id, numbers: argValue(node, 'public_numbers', 'phone_numbers') });
        next = descend(node.children[0]);
        break;
      case 'business_hours': {
        const status = openingStatusAt(argValue(node, 'business_hours', 'business_hours'), at, holidays);
        yield* record({ kind: 'business_hours', nodeId: node.id, ...status });
        next = descend(node.children.find((c) => c.type === (status.open ? 'in_hours' : 'out_of_hours')));
        break;
      }
      case 'in_hours':
      case 'out_of_hours':
      case 'dial_menu_key':
        yield* record({ kind: 'pass', nodeId: node.id, type: node.type });
        next = descend(node.children[0]);
        break;
      case 'play_audio':
        yield* record({ kind: 'play_audio', nodeId: node.id, audioFile: argValue(node, 'audio_file', 'audio_file') });
        next = descend(node.children[0]);
        break;
      case 'dial_menu': {
        const audioFile = argValue(node, 'audio_file', 'audio_file');
        const key = (yield { kind: 'menu', nodeId: node.id, audioFile, attempt }) ?? null;
        keysUsed++;
        const menu = node;
        const match = key === null ? undefined : menu.children.find((c) => c.args.target?.value === key);
        const result = match ? 'matched' : key === null ? 'no_key_press' : 'unknown_key';
        yield* record({ kind: 'menu', nodeId: menu.id, audioFile, attempt, key, result });
        if (match) {
          attempt = 1;
          next = descend(match);
        } else if (attempt >= DIAL_MENU_MAX_ATTEMPTS) {
          return yield* done({
            kind: 'hangup',
            nodeId: menu.id,
            reason: result === 'unknown_key' ? 'unknown_key' : 'no_key_press',
          });
        } else {
          attempt++;
          continue; // the menu plays again
        }
        break;
      }
      case 'repeat_menu': {
        const index = ancestors.map((a) => a.type).lastIndexOf('dial_menu');
        const menu = ancestors[index];
        if (!menu) return yield* done({ kind: 'incomplete', nodeId: node.id });
        yield* record({ kind: 'repeat_menu', nodeId: node.id, menuId: menu.id });
        ancestors = ancestors.slice(0, index);
        node = menu;
        attempt = 1;
        continue;
      }
      case 'transfer':
        return yield* done(transferOutcome(node));
      case 'voicemail':
        return yield* done({ kind: 'voicemail', nodeId: node.id, extension: argValue(node, 'target', 'extension') });
      case 'divert_to_external':
        return yield* done({ kind: 'divert', nodeId: node.id, number: argValue(node, 'target', 'phone_number') });
    }
    if (!next) return yield* done({ kind: 'incomplete', nodeId: node.id });
    node = next;
  }
}

function transferOutcome(node: FlowNode): SimulationOutcome {
  const extensions = argValue(node, 'target', 'extensions');
  const ringPattern = argValue(node, 'ring_pattern', 'ring_pattern');
  const ringTimePerMemberMs = argValue(node, 'ring_time_per_member', 'milliseconds');
  const box = argValue(node, 'voicemail', 'voicemail_box');
  return {
    kind: 'transfer',
    nodeId: node.id,
    extensions,
    ringPattern,
    ringTimePerMemberMs,
    totalRingTimeMs: ringPattern === 'sequential' ? ringTimePerMemberMs * extensions.length : ringTimePerMemberMs,
    queue: argValue(node, 'queuing_enabled', 'boolean')
      ? {
          size: argValue(node, 'queue_size', 'integer'),
          music: argValue(node, 'queue_music', 'audio_file'),
          announcement: optional(argValue(node, 'queue_announcement', 'audio_file')),
        }
      : null,
    noAnswer:
      box === 'none'
        ? { kind: 'hangup' }
        : { kind: 'voicemail', extension: box === 'default' ? DEFAULT_VOICEMAIL_EXTENSION : box },
    voicemailGreeting: optional(argValue(node, 'voicemail_greeting', 'audio_file')),
  };
}

/**
 * The path a call takes through a flow at an instant, its events and outcome: walkCall driven with the given key
 * presses in order (they run out as no key press).
 */
export function simulateCall(input: SimulationInput): SimulationResult {
  const keys = input.keys ?? [];
  const walk = walkCall(input.flow, input.at, input.holidays ?? []);
  let used = 0;
  let step = walk.next();
  while (!step.done) {
    let answer: string | null | undefined;
    if (step.value.kind === 'menu') answer = used < keys.length ? (keys[used++] ?? null) : null;
    step = walk.next(answer);
  }
  return { ...step.value, keysUsed: used };
}
