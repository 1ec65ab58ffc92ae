// A real softphone: baresip (Debian's baresip-core, headless) calls the runtime on loopback. Its sndfile module
// writes the audio it decoded to a WAV file; the greeting's tones must be there, in order, then the voicemail beep.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertBetween, setArgs } from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { tone } from './g711.ts';
import { PacedClock } from './media-clock.ts';
import { CallRuntime } from './runtime.ts';
import { FakeBackend, freePort, tonesHeard } from './testing.ts';
import { encodeWav } from './wav.ts';

const OUT_OF_HOURS = new Date('2025-01-06T08:30:00Z');
/** The greeting: three tones one after the other (the voicemail beep after it is 1000 Hz). */
const GREETING_TONES = [600, 1400, 2200];
const TONE_MS = 400;
const BEEP_HZ = 1000;

let folder = '';
let backend: FakeBackend;
let runtime: CallRuntime;
let sipPort = 0;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'portal-baresip-'));
  backend = new FakeBackend();
  const greeting = new Int16Array((GREETING_TONES.length * 8000 * TONE_MS) / 1000);
  GREETING_TONES.forEach((hz, i) => greeting.set(tone(hz, TONE_MS), (i * 8000 * TONE_MS) / 1000));
  backend.audio = async () => {
    backend.audioFetches++;
    return greeting;
  };
  sipPort = await freePort();
  runtime = new CallRuntime({ address: '127.0.0.1', sipPort, clock: new PacedClock(), backend, answerAfterMs: 200 });
  runtime.start();
});

afterAll(async () => {
  await runtime?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Out of hours: a greeting, then the voicemail. */
function greetingFlow() {
  const flow = apply(sampleFlow(), insertBetween('n4', 'n6', 'play_audio'))?.flow;
  const play = flow?.data.children[0]?.children[1]?.children[0];
  if (!flow || play?.type !== 'play_audio') throw new Error('greeting not inserted');
  const done = apply(flow, setArgs(play.id, { audio_file: 'greeting.wav' }))?.flow;
  if (!done) throw new Error('greeting not set');
  return done;
}

/** The samples and rate of a WAV file baresip wrote (its header's sizes may be unfinished: read to the end). */
function readDump(bytes: Buffer): { samples: Int16Array; rate: number; channels: number } {
  const fmt = bytes.indexOf('fmt ', 12, 'ascii');
  const data = bytes.indexOf('data', 12, 'ascii');
  if (fmt < 0 || data < 0) throw new Error('not a WAV file');
  const channels = bytes.readUInt16LE(fmt + 10);
  const rate = bytes.readUInt32LE(fmt + 12);
  const count = Math.floor((bytes.length - data - 8) / 2);
  const samples = new Int16Array(count);
  for (let i = 0; i < count; i++) samples[i] = bytes.readInt16LE(data + 8 + i * 2);
  return { samples, rate, channels };
}

describe('baresip calls the runtime', { timeout: 30_000 }, () => {
  it('the audio baresip decoded holds the greeting tones in order, then the voicemail beep', async () => {
    const config = join(folder, 'config-dir');
    const dumps = join(folder, 'dumps');
    for (const dir of [config, dumps]) mkdirSync(dir);
    // What baresip says: 3 s of a quiet 300 Hz tone. baresip hangs up when its file source ends.
    writeFileSync(join(folder, 'caller.wav'), encodeWav(tone(300, 3000, 2000)));
    const ownPort = await freePort();
    writeFileSync(
      join(config, 'config'),
      [
        'poll_method epoll',
        `sip_listen 127.0.0.1:${ownPort}`,
        `audio_source aufile,${join(folder, 'caller.wav')}`,
        'audio_player aubridge,portal',
        'audio_alert aubridge,portal',
        'ausrc_srate 8000',
        'ausrc_channels 1',
        'auplay_srate 8000',
        'auplay_channels 1',
        `snd_path ${dumps}`,
        'module_path /usr/lib/baresip/modules',
        'module stdio.so',
        'module g711.so',
        'module aufile.so',
        'module aubridge.so',
        'module sndfile.so',
        'module_app account.so',
        'module_app menu.so',
        'rtp_ports 16100-16199',
        '',
      ].join('\n'),
    );
    writeFileSync(join(config, 'accounts'), '<sip:tester@127.0.0.1>;regint=0;audio_codecs=PCMU\n');
    const token = backend.grant({ flow: greetingFlow(), at: OUT_OF_HOURS });
    const before = backend.reports.length;

    let output = '';
    const baresip = spawn('baresip', ['-f', config, '-e', `/dial sip:flow-${token}@127.0.0.1:${sipPort}`, '-t', '15'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    baresip.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    baresip.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((done) => baresip.once('exit', () => done()));
    baresip.once('error', (error) => (output += `\n${String(error)} (apt-get install -y baresip-core; .ci/run does)`));
    try {
      // The call ends when baresip's 3 s of audio end (its BYE) or the runtime's voicemail stops.
      await Promise.race([
        backend.reported(before + 1),
        exited.then(() => Promise.reject(new Error(`baresip exited first:\n${output}`))),
      ]);
      expect(backend.reports[before]?.result?.outcome, output).toMatchObject({ kind: 'voicemail' });
    } finally {
      baresip.stdin.end('q\n');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 2000))]);
      if (baresip.exitCode === null) baresip.kill('SIGKILL');
    }

    const decoded = readdirSync(dumps).find((file) => file.endsWith('-dec.wav'));
    expect(decoded, `${readdirSync(dumps).join(', ')}\n${output}`).toBeDefined();
    const path = join(dumps, decoded ?? '');
    expect(existsSync(path)).toBe(true);
    const dump = readDump(readFileSync(path));
    expect(dump.channels).toBe(1);
    expect(tonesHeard(dump.samples, dump.rate, [...GREETING_TONES, BEEP_HZ, 300])).toEqual([
      ...GREETING_TONES,
      BEEP_HZ,
    ]);
  });
});
