// Past one machine: deploy/kamailio/kamailio.cfg in front of two runtimes on loopback, called by SIPp. Each runtime is
// its own process (main.ts, as the server starts it) whose portal is a FakeBackend served over loopback HTTP. One
// runtime is killed (SIGKILL) and the next call is answered by the other; addresses that are not test calls are
// refused at the front.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { requireSipp, sipp } from './sipp/run.ts';
import { ack, answered, bye, invite, pause, refused } from './sipp/scenarios.ts';
import { BarePeer, FakeBackend, freePort, servePortal } from './testing.ts';

const CONFIG = resolve(import.meta.dirname, '../../deploy/kamailio/kamailio.cfg');
const MAIN = resolve(import.meta.dirname, 'main.ts');
const SECRET = 'the-portal-and-its-runtimes';
// Out of hours the sample flow goes to a voicemail: the runtime sends nothing SIPp does not expect before its BYE.
const OUT_OF_HOURS = new Date('2025-01-06T08:30:00Z');
/** Kamailio's transaction timeout (fr_timer in kamailio.cfg): a runtime that does not answer is skipped after it. */
const FAILOVER_MS = 2000;

interface RuntimeProcess {
  child: ChildProcess;
  backend: FakeBackend;
  portal: { url: string; close(): Promise<void> };
  port: number;
  /** What the process printed, for a failure's message. */
  output: string;
  /** When its portal was last asked for a token (performance.now()). */
  claimedAt: number;
}

let folder = '';
let kamailio: ChildProcess | null = null;
let kamailioLog = '';
let frontPort = 0;
const runtimes: RuntimeProcess[] = [];

/** Starts main.ts as the server does (fork, tsx), on its own SIP port; resolves on its ready message. */
async function startRuntime(): Promise<RuntimeProcess> {
  const backend = new FakeBackend();
  const portal = await servePortal(backend, SECRET);
  const port = await freePort();
  const child = fork(MAIN, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      CALL_RUNTIME_SECRET: SECRET,
      CALL_RUNTIME_PORTAL_URL: portal.url,
      CALL_RUNTIME_ADDRESS: '127.0.0.1',
      CALL_RUNTIME_SIP_PORT: String(port),
      CALL_RUNTIME_WEB_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const runtime: RuntimeProcess = { child, backend, portal, port, output: '', claimedAt: 0 };
  const claim = backend.claim.bind(backend);
  backend.claim = (token) => {
    runtime.claimedAt = performance.now();
    return claim(token);
  };
  child.stdout?.on('data', (chunk: Buffer) => (runtime.output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (runtime.output += chunk.toString()));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`the runtime was not ready in time: ${runtime.output}`)), 30_000);
    child.once('message', () => {
      clearTimeout(timer);
      ready();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the runtime exited (${code}): ${runtime.output}`));
    });
  });
  return runtime;
}

/** Resolves once `child` has exited, at most `ms` later (false when it is still running). */
function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

/** Waits until Kamailio answers a request on its port. */
async function kamailioReady(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (kamailio?.exitCode !== null) throw new Error(`Kamailio exited: ${kamailioLog}`);
    const peer = await BarePeer.open(frontPort);
    try {
      peer.request('OPTIONS', 'ping');
      await peer.next((m) => m.status !== undefined, 300);
      return;
    } catch {
      // not listening yet
    } finally {
      peer.close();
    }
  }
  throw new Error(`Kamailio did not answer in time: ${kamailioLog}`);
}

beforeAll(async () => {
  await requireSipp();
  folder = mkdtempSync(join(tmpdir(), 'portal-kamailio-'));
  runtimes.push(...(await Promise.all([startRuntime(), startRuntime()])));
  frontPort = await freePort();
  const list = join(folder, 'dispatcher.list');
  writeFileSync(list, runtimes.map((r) => `1 sip:127.0.0.1:${r.port}\n`).join(''));
  const args = [
    '-DD',
    '-E',
    '-f',
    CONFIG,
    '-Y',
    folder,
    '-m',
    '32',
    '-M',
    '4',
    '-A',
    `SIP_LISTEN=udp:127.0.0.1:${frontPort}`,
    '-A',
    `SIP_LISTEN_TCP=tcp:127.0.0.1:${frontPort}`,
    '-A',
    `DISPATCHER_LIST="${list}"`,
  ];
  // Debian puts it in /usr/sbin, which a user's PATH may lack.
  kamailio = spawn(existsSync('/usr/sbin/kamailio') ? '/usr/sbin/kamailio' : 'kamailio', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  kamailio.on('error', (error) => (kamailioLog += `\n${String(error)} (apt-get install -y kamailio; .ci/run does)`));
  kamailio.stdout?.on('data', (chunk: Buffer) => (kamailioLog += chunk.toString()));
  kamailio.stderr?.on('data', (chunk: Buffer) => (kamailioLog += chunk.toString()));
  await kamailioReady();
}, 60_000);

afterAll(async () => {
  if (kamailio && kamailio.exitCode === null) {
    const exited = new Promise((done) => kamailio?.once('exit', done));
    kamailio.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 3000))]);
    if (kamailio.exitCode === null) kamailio.kill('SIGKILL');
  }
  for (const r of runtimes) {
    r.child.kill('SIGTERM');
    if (!(await exited(r.child, 5000))) r.child.kill('SIGKILL');
    await r.portal.close();
  }
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A token every runtime knows (as the portal's one database would), for a flow out of hours. */
function grant(): string {
  const [first, ...others] = runtimes;
  if (!first) throw new Error('no runtimes');
  const token = first.backend.grant({ at: OUT_OF_HOURS });
  const granted = first.backend.grants.get(token);
  if (granted) for (const other of others) other.backend.grants.set(token, granted);
  return token;
}

/**
 * A call through Kamailio that is answered and hung up by the caller; resolves with the index of the runtime that
 * answered it, how long after SIPp's start that runtime asked its portal for the token, and how long it all took.
 */
async function call(
  name: string,
): Promise<{ answeredBy: number; claimedAfterMs: number; ms: number; output: string; code: number }> {
  const counts = runtimes.map((r) => r.backend.reports.length);
  const started = Date.now();
  const startedAt = performance.now();
  const result = await sipp({
    folder,
    name,
    steps: [invite(), answered(), ack(), pause(200), bye(2)],
    port: frontPort,
    service: `flow-${grant()}`,
  });
  const ms = Date.now() - started;
  // The report follows the BYE's answer by a moment.
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline && runtimes.every((r, i) => r.backend.reports.length === counts[i]))
    await new Promise((done) => setTimeout(done, 20));
  const answeredBy = runtimes.findIndex((r, i) => r.backend.reports.length > (counts[i] ?? 0));
  return {
    answeredBy,
    claimedAfterMs: (runtimes[answeredBy]?.claimedAt ?? Number.NaN) - startedAt,
    ms,
    output: `${result.output}\n${kamailioLog.slice(-3000)}\n${runtimes.map((r) => r.output.slice(-1000)).join('\n')}`,
    code: result.code,
  };
}

describe('Kamailio in front of two runtimes', { timeout: 30_000 }, () => {
  it('calls go round both runtimes; when one is killed the next call is answered by the other, and later calls skip it', async () => {
    const first = await call('front-1');
    expect(first.code, first.output).toBe(0);
    const second = await call('front-2');
    expect(second.code, second.output).toBe(0);
    expect([first.answeredBy, second.answeredBy].sort()).toEqual([0, 1]);

    // The process of the runtime that took the first call is killed: its port answers nothing.
    const gone = runtimes[first.answeredBy];
    if (!gone) throw new Error('no runtime answered');
    gone.child.kill('SIGKILL');
    expect(await exited(gone.child, 5000)).toBe(true);
    expect(gone.child.signalCode).toBe('SIGKILL');

    // Round robin sends this call to the killed runtime; after fr_timer without an answer it goes to the other.
    const third = await call('front-failover');
    expect(third.code, third.output).toBe(0);
    expect(third.answeredBy).toBe(second.answeredBy);
    // Asked once fr_timer ran out on the killed one (about 2.1 s on loopback); a second more for SIPp's start under load.
    expect(third.claimedAfterMs, third.output).toBeLessThan(FAILOVER_MS + 1000);
    expect(third.ms).toBeLessThan(6000);
    // It went there by the front's failover (not by OPTIONS probing): the failure route marked the runtime inactive.
    expect(kamailioLog).toMatch(new RegExp(`runtime sip:127\\.0\\.0\\.1:${gone.port} failed or did not answer`));

    // The killed runtime is now inactive: the next call goes straight to the other.
    const fourth = await call('front-after');
    expect(fourth.code, fourth.output).toBe(0);
    expect(fourth.answeredBy).toBe(second.answeredBy);
  });

  it('only test-call addresses of its own domain are accepted: no relaying', async () => {
    const token = grant();
    const elsewhere = await sipp({
      folder,
      name: 'relay',
      steps: [invite([0, 8, 101], 'example.com'), refused(404)],
      port: frontPort,
      service: `flow-${token}`,
    });
    expect(elsewhere.code, elsewhere.output).toBe(0);
    // Kamailio refused it: no runtime was asked, so the token is still unused.
    expect(runtimes.every((r) => r.backend.grants.has(token))).toBe(true);

    const extension = await sipp({
      folder,
      name: 'extension',
      steps: [invite(), refused(404)],
      port: frontPort,
      service: '200',
    });
    expect(extension.code, extension.output).toBe(0);
  });

  it('a source flooding the front is ignored while others are still answered', async () => {
    // From 127.0.0.3 (its own source for pike), 80 requests at once: past 30 in 2 s the rest get no answer.
    const flooder = createSocket('udp4');
    await new Promise<void>((done) => flooder.bind(0, '127.0.0.3', done));
    let answers = 0;
    flooder.on('message', () => answers++);
    const port = flooder.address().port;
    try {
      for (let i = 0; i < 80; i++) {
        const lines = [
          `OPTIONS sip:ping@127.0.0.1:${frontPort} SIP/2.0`,
          `Via: SIP/2.0/UDP 127.0.0.3:${port};branch=z9hG4bKflood${i};rport`,
          'Max-Forwards: 70',
          `From: <sip:flood@127.0.0.3>;tag=f${i}`,
          `To: <sip:ping@127.0.0.1:${frontPort}>`,
          `Call-ID: flood-${i}`,
          `CSeq: 1 OPTIONS`,
          'Content-Length: 0',
          '',
          '',
        ];
        flooder.send(lines.join('\r\n'), frontPort, '127.0.0.1');
      }
      await new Promise((done) => setTimeout(done, 1000));
      expect(answers).toBeGreaterThan(0);
      expect(answers).toBeLessThan(80);
      expect(kamailioLog).toContain('flood from 127.0.0.3');
    } finally {
      flooder.close();
    }
    // Another source is not held back.
    const peer = await BarePeer.open(frontPort);
    try {
      peer.request('MESSAGE', 'flow-after-the-flood-000', { type: 'text/plain', body: 'hello' });
      expect((await peer.status(405, 'MESSAGE')).status).toBe(405);
    } finally {
      peer.close();
    }
  });

  it('methods other than INVITE outside a dialog are refused with 405', async () => {
    const peer = await BarePeer.open(frontPort);
    try {
      peer.request('MESSAGE', `flow-${grant()}`, { type: 'text/plain', body: 'hello' });
      expect((await peer.status(405, 'MESSAGE')).status).toBe(405);
    } finally {
      peer.close();
    }
  });
});
