// A test call driven by a fake media clock ends with exactly simulateCall's path and outcome, for generated flows and
// callers pressing keys at random moments: during a menu's greeting (barge-in), while it waits, several at once
// ahead of the menus (type-ahead), or none (the menu's timeout).
import { describe, expect, it } from 'vitest';

import {
  createNode,
  DIAL_KEYS,
  simulateCall,
  walk,
  type CallFlow,
  type CallMoment,
  type SimulationOutcome,
} from '@portal/editor-core';
import { generateFlow, sampleFlow, seededRandom } from '@portal/editor-core/testing';

import { CallSession, VOICEMAIL_SILENCE_FRAMES, type CallEnd } from './call-session.ts';
import { ManualClock } from './media-clock.ts';

const GREETING = 4;
const WAIT = 3;
const frame = (n: number) => new Uint8Array([n]);
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function flowFor(random: () => number, seed: number): CallFlow {
  const flow = generateFlow(5 + Math.floor(random() * 30), seed);
  let counter = 0;
  walk(flow.data, (node) => {
    node.children = node.children.map((child) =>
      child.children.length === 0 && node.type === 'dial_menu_key' && random() < 0.3
        ? { ...createNode('repeat_menu', () => `r${counter++}`), children: [] }
        : child,
    );
  });
  return flow;
}

interface Caller {
  /** Called after each moment report; answers keys to press now or after some frames. */
  onMoment(
    moment: CallMoment,
    press: (key: string | (() => void), afterFrames: number) => void,
    session: CallSession,
  ): void;
}

async function drive(
  flow: CallFlow,
  at: Date,
  caller: Caller,
  extra: Partial<ConstructorParameters<typeof CallSession>[0]> = {},
) {
  const clock = new ManualClock();
  const sent: Uint8Array[] = [];
  const moments: CallMoment[] = [];
  const refers: SimulationOutcome[] = [];
  const pending: Array<{ key: string | (() => void); at: number }> = [];
  let now = 0;
  const session = new CallSession({
    flow,
    at,
    holidays: [],
    clock,
    greeting: () => Array.from({ length: GREETING }, (_, i) => frame(i + 1)),
    announcement: async () => [frame(99)],
    silence: frame(0),
    send: (f) => sent.push(f),
    report: (moment) => {
      moments.push(moment);
      caller.onMoment(moment, (key, after) => pending.push({ key, at: now + after }), session);
    },
    decode: (payload) => Int16Array.from(payload, (b) => b * 100),
    refer: (outcome) => refers.push(outcome),
    keyWaitFrames: WAIT,
    ...extra,
  });
  let end: CallEnd | null = null;
  const running = session.run().then((e) => (end = e));
  for (let guard = 0; end === null && guard < 100_000; guard++) {
    await settle();
    for (const press of pending.filter((p) => p.at <= now)) {
      pending.splice(pending.indexOf(press), 1);
      if (typeof press.key === 'string') session.key(press.key);
      else press.key();
    }
    await settle();
    if (end) break;
    clock.advance(1);
    now++;
  }
  await running;
  return { end: end as unknown as CallEnd, moments, sent, refers, session };
}

describe('a test call session', () => {
  it("takes simulateCall's path for generated flows and callers pressing keys at random moments", async () => {
    for (let seed = 1; seed <= 120; seed++) {
      const random = seededRandom(seed);
      const flow = flowFor(random, seed);
      const at = new Date(Date.UTC(2025, 0, 6 + Math.floor(random() * 7), Math.floor(random() * 24)));
      const script = Array.from({ length: Math.floor(random() * 10) }, () =>
        random() < 0.2 ? null : (DIAL_KEYS[Math.floor(random() * DIAL_KEYS.length)] as string),
      );
      let menus = 0;
      let pressedUpTo = 0;
      const caller: Caller = {
        onMoment(moment, press) {
          if (moment.kind !== 'menu') return;
          const index = menus++;
          if (index < pressedUpTo || index >= script.length) return;
          const key = script[index];
          pressedUpTo = index + 1;
          if (key === null || key === undefined) return;
          if (random() < 0.3) {
            // Type-ahead: this key and the next ones at once.
            let burst = [key];
            while (pressedUpTo < script.length && script[pressedUpTo] !== null && random() < 0.7)
              burst = [...burst, script[pressedUpTo++] as string];
            burst.forEach((k) => press(k, 0));
          } else press(key, Math.floor(random() * (GREETING + WAIT - 1)));
        },
      };
      const { end, moments } = await drive(flow, at, caller);
      const expected = simulateCall({ flow, at, keys: script });
      const path = moments.flatMap((m) => (m.kind === 'node' ? [m.nodeId] : []));
      expect({ seed, path, outcome: end.result?.outcome }).toEqual({
        seed,
        path: expected.path,
        outcome: expected.outcome,
      });
    }
  });

  it('speaks where a transfer would go, once, at the end of the call', async () => {
    const flow = sampleFlow();
    const { sent, end } = await drive(flow, new Date('2025-07-07T09:00:00Z'), { onMoment() {} });
    expect(end.result?.outcome.kind).toBe('transfer');
    // The transfer's announcement is the only audio of this flow.
    expect(sent.filter((f) => f[0] === 99)).toHaveLength(1);
  });

  it('sends a REFER for a transfer and divert, none for a voicemail', async () => {
    const transfer = await drive(sampleFlow(), new Date('2025-07-07T09:00:00Z'), { onMoment() {} });
    expect(transfer.refers).toEqual([expect.objectContaining({ kind: 'transfer', extensions: ['200'] })]);
    const voicemail = await drive(sampleFlow(), new Date('2025-01-06T08:30:00Z'), { onMoment() {} });
    expect(voicemail.refers).toEqual([]);
  });

  it('records a voicemail in timestamp order, silence for a gap, until #', async () => {
    const { end } = await drive(sampleFlow(), new Date('2025-01-06T08:30:00Z'), {
      onMoment(moment, press, session) {
        if (moment.kind !== 'outcome') return;
        // After the tone: frames 0 and 2 arrive out of order, frame 1 never; then '#'.
        press(() => session.audio(new Uint8Array(160).fill(3), 1000 + 320), 6);
        press(() => session.audio(new Uint8Array(160).fill(1), 1000), 7);
        press('#', 8);
      },
    });
    expect(end.result?.outcome.kind).toBe('voicemail');
    const samples = Array.from(end.voicemail ?? []);
    expect(samples).toEqual([...Array(160).fill(100), ...Array(160).fill(0), ...Array(160).fill(300)]);
  });

  it('ends a message after 10 s of silence, and a call when the caller hangs up', async () => {
    let frames = 0;
    const { end } = await drive(sampleFlow(), new Date('2025-01-06T08:30:00Z'), {
      onMoment(moment, press, session) {
        if (moment.kind !== 'outcome') return;
        // A silent caller, one frame per tick, for longer than the silence that ends a message.
        for (let i = 3; i < VOICEMAIL_SILENCE_FRAMES + 100; i++)
          press(() => session.audio(new Uint8Array(160), 160 * frames++), i);
      },
    });
    expect(end.reason).toBe('flow_ended');
    expect(end.voicemail?.length ?? 0).toBeGreaterThan(0);
    // It stopped at 10 s of silence, not when the caller stopped sending.
    expect(frames).toBeGreaterThanOrEqual(VOICEMAIL_SILENCE_FRAMES);
    expect(frames).toBeLessThan(VOICEMAIL_SILENCE_FRAMES + 5);

    const hungUp = await drive(sampleFlow(), new Date('2025-07-07T09:00:00Z'), {
      onMoment(moment, _press, session) {
        if (moment.kind === 'event' && moment.event.kind === 'business_hours') session.hangUp();
      },
    });
    expect(hungUp.end.reason).toBe('caller_hung_up');
    expect(hungUp.end.result).toBeNull();
  });
});
