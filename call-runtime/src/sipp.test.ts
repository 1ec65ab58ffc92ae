// Real peers: SIPp (Debian's sip-tester) calls the runtime over UDP and TCP on loopback, one scenario per rule of
// a test call. The portal is faked (testing.ts): the server's side has its own suite (server/src/modules/test-calls).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import alawmulaw from 'alawmulaw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CallFlow } from '@portal/editor-core';

import { tone } from './g711.ts';
import { PacedClock } from './media-clock.ts';
import { CallRuntime } from './runtime.ts';
import { requireSipp, sipp as runSipp } from './sipp/run.ts';
import {
  ack,
  answered,
  audio,
  bye,
  byeFromRuntime,
  cancel,
  info,
  invite,
  pause,
  referTo,
  refused,
  rfc4733,
} from './sipp/scenarios.ts';
import { FakeBackend, freePort, menuFlow } from './testing.ts';

const OUT_OF_HOURS = new Date('2025-01-06T08:30:00Z');
let folder = '';
let backend: FakeBackend;
let runtime: CallRuntime;
let sipPort = 0;

beforeAll(async () => {
  await requireSipp();
  folder = mkdtempSync(join(tmpdir(), 'portal-sipp-'));
  backend = new FakeBackend();
  sipPort = await freePort();
  // Only 127.0.0.1 may call: the allow-list test calls from 127.0.0.2, another loopback address.
  runtime = new CallRuntime({
    address: '127.0.0.1',
    sipPort,
    clock: new PacedClock(),
    backend,
    allow: ['127.0.0.1'],
    answerAfterMs: 300,
    keyWaitFrames: 25,
  });
  runtime.start();
});

afterAll(async () => {
  await runtime?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Runs one SIPp call of `steps` to `flow-{token}`; resolves with SIPp's exit code and what it printed. */
function sipp(name: string, steps: string[], token: string, transport: 'u1' | 't1' = 'u1', from?: string) {
  return runSipp({ folder, name, steps, port: sipPort, service: `flow-${token}`, transport, ...(from && { from }) });
}

/**
 * A token for `flow` whose greetings play `greetingMs`: a product of its own per length, since the runtime keeps
 * encoded greetings a minute per product and file.
 */
function grantWithGreeting(greetingMs: number, flow: CallFlow, at: Date): string {
  backend.greetingMs = greetingMs;
  return backend.grant({ flow, at, productId: `greeting-${greetingMs}` });
}

/** The next report of a finished call. */
async function report(before: number) {
  await backend.reported(before + 1);
  return backend.reports[before];
}

describe('SIPp calls the runtime', { timeout: 60_000 }, () => {
  it('a transfer: announced, a REFER naming extension 200, then the runtime hangs up; the token is then refused', async () => {
    const token = backend.grant();
    const before = backend.reports.length;
    const first = await sipp('transfer', [invite(), answered(), ack(), referTo('200'), byeFromRuntime()], token);
    expect(first.code, first.output).toBe(0);
    expect((await report(before))?.result?.outcome).toMatchObject({ kind: 'transfer', extensions: ['200'] });
    const again = await sipp('reused', [invite(), refused(404)], token);
    expect(again.code, again.output).toBe(0);
  });

  it('a voicemail left with INFO: key 2, the message as RTP, # to end it; the recording is the audio sent, sample for sample', async () => {
    const greetingMs = 300;
    const samples = tone(700, 1000);
    const ulaw = alawmulaw.mulaw.encode(samples);
    writeFileSync(join(folder, 'message.ul'), ulaw);
    const before = backend.reports.length;
    const result = await sipp(
      'voicemail',
      [
        invite([0, 101]),
        answered(),
        ack(),
        info('2', 2),
        pause(1200),
        audio(join(folder, 'message.ul')),
        pause(2000),
        info('#', 3),
        byeFromRuntime(),
      ],
      grantWithGreeting(greetingMs, menuFlow(), OUT_OF_HOURS),
    );
    expect(result.code, result.output).toBe(0);
    const ended = await report(before);
    expect(ended?.result?.outcome).toMatchObject({ kind: 'voicemail', extension: '300' });
    expect(Array.from(ended?.voicemail ?? [])).toEqual(Array.from(alawmulaw.mulaw.decode(ulaw)));
  });

  it('a voicemail left with RFC 4733: key 2 and # as telephone-events; the recording is the audio sent, sample for sample', async () => {
    const samples = tone(500, 800);
    const ulaw = alawmulaw.mulaw.encode(samples);
    writeFileSync(join(folder, 'message-4733.ul'), ulaw);
    const before = backend.reports.length;
    const result = await sipp(
      'voicemail-4733',
      [
        invite([0, 101]),
        answered(),
        ack(),
        pause(600),
        rfc4733('2'),
        pause(1200),
        audio(join(folder, 'message-4733.ul')),
        pause(1800),
        rfc4733('#'),
        byeFromRuntime(),
      ],
      grantWithGreeting(300, menuFlow(), OUT_OF_HOURS),
    );
    expect(result.code, result.output).toBe(0);
    const ended = await report(before);
    expect(ended?.result?.outcome).toMatchObject({ kind: 'voicemail', extension: '300' });
    expect(ended?.reason).not.toBe('caller_hung_up');
    expect(Array.from(ended?.voicemail ?? [])).toEqual(Array.from(alawmulaw.mulaw.decode(ulaw)));
  });

  it('a divert: key 1 by INFO after the menu, the announcement, a REFER naming the number, then the runtime hangs up', async () => {
    const before = backend.reports.length;
    const result = await sipp(
      'divert',
      [invite(), answered(), ack(), pause(600), info('1', 2), referTo('07700900123'), byeFromRuntime()],
      grantWithGreeting(300, menuFlow(), OUT_OF_HOURS),
    );
    expect(result.code, result.output).toBe(0);
    const ended = await report(before);
    expect(ended?.result?.outcome).toMatchObject({ kind: 'divert', number: '07700900123' });
    expect(ended?.result?.path).toContain('n4');
  });

  it('a holiday closes the business hours: an instant in hours goes out of hours, to the voicemail', async () => {
    const at = new Date('2025-07-07T09:00:00Z');
    const holidayToken = backend.grant({ at, holidays: [{ start_date: '2025-07-07', end_date: '2025-07-07' }] });
    const before = backend.reports.length;
    const moments = backend.moments.length;
    const result = await sipp('holiday', [invite(), answered(), ack(), pause(800), bye(2)], holidayToken);
    expect(result.code, result.output).toBe(0);
    expect((await report(before))?.reason).toBe('caller_hung_up');
    const hours = backend.moments
      .slice(moments)
      .flatMap((m) => (m.kind === 'event' && m.event.kind === 'business_hours' ? [m.event] : []));
    expect(hours).toEqual([expect.objectContaining({ open: false, reason: 'holiday' })]);
    const outcomes = backend.moments.slice(moments).flatMap((m) => (m.kind === 'outcome' ? [m.outcome] : []));
    expect(outcomes).toEqual([expect.objectContaining({ kind: 'voicemail' })]);
  });

  it('a key pressed during the greeting (RFC 4733) stops it and answers the menu', async () => {
    const greetingMs = 4000;
    const before = backend.reports.length;
    const result = await sipp(
      'barge-in',
      [invite([0, 101]), answered(), ack(), pause(400), rfc4733('1'), referTo('07700900123'), byeFromRuntime()],
      grantWithGreeting(greetingMs, menuFlow(), OUT_OF_HOURS),
    );
    expect(result.code, result.output).toBe(0);
    const ended = await report(before);
    expect(ended?.result?.outcome).toMatchObject({ kind: 'divert', number: '07700900123' });
    // The 4 s greeting did not play to its end.
    expect(ended?.durationMs).toBeLessThan(3000);
  });

  it('an unknown key replays the menu; with no key after it the runtime hangs up', async () => {
    const greetingMs = 300;
    const before = backend.reports.length;
    const moments = backend.moments.length;
    const result = await sipp(
      'unknown-key',
      [invite(), answered(), ack(), info('9', 2), byeFromRuntime(20_000)],
      grantWithGreeting(greetingMs, menuFlow(), OUT_OF_HOURS),
    );
    expect(result.code, result.output).toBe(0);
    const ended = await report(before);
    expect(ended?.result?.outcome).toMatchObject({ kind: 'hangup', reason: 'no_key_press' });
    const menus = backend.moments
      .slice(moments)
      .flatMap((m) => (m.kind === 'event' && m.event.kind === 'menu' ? [m.event.result] : []));
    expect(menus).toEqual(['unknown_key', 'no_key_press', 'no_key_press']);
  });

  it('no key: the menu plays three times, then the runtime hangs up', async () => {
    const greetingMs = 300;
    const before = backend.reports.length;
    const result = await sipp(
      'no-key',
      [invite(), answered(), ack(), byeFromRuntime(20_000)],
      grantWithGreeting(greetingMs, menuFlow(), OUT_OF_HOURS),
    );
    expect(result.code, result.output).toBe(0);
    expect((await report(before))?.result?.outcome).toMatchObject({ kind: 'hangup', reason: 'no_key_press' });
  });

  it('CANCEL before the answer: 200, then 487 for the INVITE', async () => {
    const before = backend.reports.length;
    const result = await sipp('cancel', [invite(), cancel()], backend.grant());
    expect(result.code, result.output).toBe(0);
    expect(await report(before)).toMatchObject({ result: null, reason: 'caller_hung_up' });
  });

  it('488 for an offer without G.711', async () => {
    const result = await sipp('no-g711', [invite([9, 101]), refused(488)], backend.grant());
    expect(result.code, result.output).toBe(0);
  });

  it('an address never granted (or expired) is refused with 404', async () => {
    const result = await sipp('unknown-token', [invite(), refused(404)], 'Zm9yZ2VkLXRva2VuLW5ldmVyLWdyYW50ZWQ');
    expect(result.code, result.output).toBe(0);
  });

  it('a caller off the allow-list (127.0.0.2) is refused with 403, and its token stays unused', async () => {
    const token = backend.grant();
    const result = await sipp('off-allow-list', [invite(), refused(403)], token, 'u1', '127.0.0.2');
    expect(result.code, result.output).toBe(0);
    expect(backend.grants.has(token)).toBe(true);
  });

  it('BYE from the caller, over TCP', async () => {
    const greetingMs = 2000;
    const before = backend.reports.length;
    const result = await sipp(
      'caller-bye',
      [invite(), answered(), ack(), pause(500), bye(2)],
      grantWithGreeting(greetingMs, menuFlow(), OUT_OF_HOURS),
      't1',
    );
    expect(result.code, result.output).toBe(0);
    expect(await report(before)).toMatchObject({ reason: 'caller_hung_up' });
  });
});
