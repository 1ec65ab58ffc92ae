/**
 * One test call, from answer to hang-up: editor-core's walkCall decides the route (the same walk as the simulator),
 * this plays what the caller meets and feeds it the caller's keys. Media time is counted in frames of the shared
 * media clock, so a test drives a whole call with a ManualClock and no waiting.
 *
 * Keys: a key pressed during a menu's greeting interrupts it (barge-in) and answers the menu; keys pressed before a
 * menu is reached wait in order (type-ahead) and answer the next menus without their greetings; a menu whose greeting
 * ends with no key waits KEY_WAIT_FRAMES, then counts as no key press. Greetings (play_audio) play whole.
 */
import { TEST_CALL_MAX_MS } from '@portal/contract';
import {
  walkCall,
  type CallFlow,
  type CallMoment,
  type HolidayPeriod,
  type SimulationOutcome,
  type SimulationResult,
} from '@portal/editor-core';

import { FRAME_MS, FRAME_SAMPLES, type MediaClock } from './media-clock.ts';

/** How long a menu waits for a key after its greeting (our choice; the spec sets none): 5 s. */
export const KEY_WAIT_FRAMES = 5000 / FRAME_MS;
/** Voicemail: the longest message, and the silence that ends one early. */
export const VOICEMAIL_MAX_FRAMES = 120_000 / FRAME_MS;
export const VOICEMAIL_SILENCE_FRAMES = 10_000 / FRAME_MS;
/** Peak level (of 32767) under which a received frame counts as silence. */
const SILENCE_PEAK = 500;

/** Why a call ended, as the call history says it. */
export type EndReason = 'flow_ended' | 'caller_hung_up' | 'time_limit';

/** What the runtime does at the end: announce, REFER, store the message, hang up. */
export interface CallEnd {
  result: SimulationResult | null;
  reason: EndReason;
  /** The recorded message as 8 kHz 16-bit samples, for a voicemail outcome. */
  voicemail: Int16Array | null;
}

export interface CallSessionOptions {
  flow: CallFlow;
  at: Date;
  holidays: readonly HolidayPeriod[];
  clock: MediaClock;
  /** A greeting's frames, already encoded for the call's codec (an unknown file plays nothing). */
  greeting(audioFile: string): readonly Uint8Array[];
  /** Frames that say where a transfer or divert would now go, or the tone before a voicemail. */
  announcement(outcome: SimulationOutcome): Promise<readonly Uint8Array[]>;
  /** One encoded frame of silence. */
  silence: Uint8Array;
  /** Sends one frame; called once per clock tick while the call is up. */
  send(frame: Uint8Array): void;
  /** Each moment of the walk as it happens (the live path and events). */
  report(moment: CallMoment): void;
  /** Decodes a received payload to samples (for the voicemail recording). */
  decode(payload: Uint8Array): Int16Array;
  /** Just before the hang-up of a transfer or divert: the REFER naming the target. */
  refer(outcome: SimulationOutcome): void;
  keyWaitFrames?: number;
  /** The longest call, in frames (10 minutes). */
  maxFrames?: number;
}

interface Playback {
  frames: readonly Uint8Array[];
  next: number;
  done: (how: 'played' | 'interrupted') => void;
}

export class CallSession {
  private readonly keys: string[] = [];
  private playback: Playback | null = null;
  private waiting: { left: number; done: (key: string | null) => void } | null = null;
  private onKey: ((key: string) => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private frames = 0;
  private hungUp = false;
  private onHangUp: (() => void) | null = null;
  private recorder: {
    chunks: Map<number, Int16Array>;
    firstTimestamp: number | null;
    silentFrames: number;
    frames: number;
    stop: () => void;
  } | null = null;
  private readonly options: Required<Pick<CallSessionOptions, 'keyWaitFrames' | 'maxFrames'>> & CallSessionOptions;

  constructor(options: CallSessionOptions) {
    this.options = { keyWaitFrames: KEY_WAIT_FRAMES, maxFrames: TEST_CALL_MAX_MS / FRAME_MS, ...options };
  }

  /** Runs the call until the flow ends it or the caller hangs up. */
  async run(): Promise<CallEnd> {
    this.unsubscribe = this.options.clock.subscribe(() => this.tick());
    try {
      return await this.walk();
    } finally {
      this.unsubscribe();
      this.unsubscribe = null;
    }
  }

  /** A key from the caller (RFC 4733 or SIP INFO). */
  key(key: string): void {
    if (this.hungUp) return;
    if (this.recorder) {
      if (key === '#') this.recorder.stop();
      return;
    }
    if (this.onKey) this.onKey(key);
    else this.keys.push(key);
  }

  /** Audio from the caller: a decoded payload and its RTP timestamp, kept while a message is recorded. */
  audio(payload: Uint8Array, timestamp: number): void {
    const recorder = this.recorder;
    if (!recorder) return;
    const samples = this.options.decode(payload);
    recorder.firstTimestamp ??= timestamp;
    // Timestamps wrap at 2^32: the signed 32-bit difference from the first packet's orders them (one that came first
    // may have been sent later).
    const offset = (timestamp - recorder.firstTimestamp) | 0;
    if (Math.abs(offset) < VOICEMAIL_MAX_FRAMES * FRAME_SAMPLES) recorder.chunks.set(offset, samples);
    let peak = 0;
    for (const s of samples) peak = Math.max(peak, Math.abs(s));
    recorder.silentFrames = peak < SILENCE_PEAK ? recorder.silentFrames + 1 : 0;
  }

  /** The caller hung up (BYE, CANCEL): the walk stops where it is. */
  hangUp(): void {
    if (this.hungUp) return;
    this.hungUp = true;
    this.onHangUp?.();
  }

  private tick(): void {
    this.frames++;
    if (this.frames >= this.options.maxFrames) this.hangUp();
    const playback = this.playback;
    if (playback) {
      this.options.send(playback.frames[playback.next] ?? this.options.silence);
      playback.next++;
      if (playback.next >= playback.frames.length) {
        this.playback = null;
        playback.done('played');
      }
    } else this.options.send(this.options.silence);
    if (this.waiting && --this.waiting.left <= 0) {
      const waiting = this.waiting;
      this.waiting = null;
      waiting.done(null);
    }
    const recorder = this.recorder;
    if (recorder) {
      recorder.frames++;
      if (
        recorder.frames >= VOICEMAIL_MAX_FRAMES ||
        recorder.silentFrames >= VOICEMAIL_SILENCE_FRAMES ||
        (recorder.firstTimestamp === null && recorder.frames >= VOICEMAIL_SILENCE_FRAMES)
      )
        recorder.stop();
    }
  }

  /** Resolves when the caller hangs up; never rejects. */
  private hangUpSignal(): Promise<'hung_up'> {
    return new Promise((resolve) => {
      if (this.hungUp) resolve('hung_up');
      else this.onHangUp = () => resolve('hung_up');
    });
  }

  private play(frames: readonly Uint8Array[], interruptible: boolean): Promise<'played' | 'interrupted' | 'hung_up'> {
    if (frames.length === 0) return Promise.resolve('played');
    return Promise.race([
      new Promise<'played' | 'interrupted'>((resolve) => {
        this.playback = { frames, next: 0, done: resolve };
        if (interruptible) {
          this.onKey = (key) => {
            this.onKey = null;
            this.keys.push(key);
            const playback = this.playback;
            this.playback = null;
            playback?.done('interrupted');
          };
        }
      }),
      this.hangUpSignal(),
    ]).finally(() => {
      this.onKey = null;
      this.playback = null;
    });
  }

  private waitForKey(): Promise<string | null | 'hung_up'> {
    const next = this.keys.shift();
    if (next !== undefined) return Promise.resolve(next);
    return Promise.race([
      new Promise<string | null>((resolve) => {
        this.waiting = { left: this.options.keyWaitFrames, done: resolve };
        this.onKey = (key) => {
          this.onKey = null;
          this.waiting = null;
          resolve(key);
        };
      }),
      this.hangUpSignal(),
    ]).finally(() => {
      this.onKey = null;
      this.waiting = null;
    });
  }

  private async menu(audioFile: string): Promise<string | null | 'hung_up'> {
    // Type-ahead: a key already pressed answers the menu without its greeting.
    if (this.keys.length === 0) {
      const played = await this.play(this.options.greeting(audioFile), true);
      if (played === 'hung_up') return played;
    }
    return this.waitForKey();
  }

  private async record(): Promise<Int16Array | null> {
    const recorder = {
      chunks: new Map<number, Int16Array>(),
      firstTimestamp: null as number | null,
      silentFrames: 0,
      frames: 0,
      stop: () => {},
    };
    const stopped = new Promise<void>((resolve) => (recorder.stop = resolve));
    this.recorder = recorder;
    await Promise.race([stopped, this.hangUpSignal()]);
    this.recorder = null;
    if (recorder.chunks.size === 0) return null;
    // In timestamp order, silence for what never arrived.
    const offsets = [...recorder.chunks.keys()].sort((a, b) => a - b);
    const first = offsets[0] as number;
    const last = offsets[offsets.length - 1] as number;
    const samples = new Int16Array(
      Math.min(last - first + (recorder.chunks.get(last) as Int16Array).length, VOICEMAIL_MAX_FRAMES * FRAME_SAMPLES),
    );
    for (const offset of offsets) {
      const chunk = recorder.chunks.get(offset) as Int16Array;
      if (offset - first + chunk.length <= samples.length) samples.set(chunk, offset - first);
    }
    return samples;
  }

  private async walk(): Promise<CallEnd> {
    const walker = walkCall(this.options.flow, this.options.at, this.options.holidays);
    const ended = (
      reason: EndReason,
      result: SimulationResult | null = null,
      voicemail: Int16Array | null = null,
    ): CallEnd => ({ result, reason, voicemail });
    const timeLimit = () => (this.frames >= this.options.maxFrames ? 'time_limit' : 'caller_hung_up');
    let step = walker.next();
    while (!step.done) {
      const moment = step.value;
      if (this.hungUp) return ended(timeLimit());
      this.options.report(moment);
      let answer: string | null | undefined;
      if (moment.kind === 'event' && moment.event.kind === 'play_audio') {
        if ((await this.play(this.options.greeting(moment.event.audioFile), false)) === 'hung_up')
          return ended(timeLimit());
      } else if (moment.kind === 'menu') {
        const key = await this.menu(moment.audioFile);
        if (key === 'hung_up') return ended(timeLimit());
        answer = key;
      } else if (moment.kind === 'outcome') {
        const { outcome } = moment;
        const result = walker.next().value as SimulationResult;
        const spoken = await this.options.announcement(outcome);
        if ((await this.play(spoken, false)) === 'hung_up') return ended(timeLimit(), result);
        if (outcome.kind === 'voicemail') {
          const message = await this.record();
          return ended(this.hungUp ? 'caller_hung_up' : 'flow_ended', result, message);
        }
        if (outcome.kind === 'transfer' || outcome.kind === 'divert') this.options.refer(outcome);
        return ended('flow_ended', result);
      }
      step = walker.next(answer);
    }
    return ended('flow_ended', step.value);
  }
}
