// The test-call runtime at load: BENCH_SIZES (50, 100, 200) concurrent calls of BENCH_SECONDS (30) each to one
// runtime process, started as the server starts it (its own process, under `chrt -f 10` when the machine allows
// real-time priority; the line printed says which). A fake portal on loopback grants every token a flow whose
// greeting outlasts the call. Each caller is a bare SIP/RTP peer in this process that times every packet it gets.
// Prints per size: failed calls (budget 0), the spacing of packets at the receiver p50/p99/max (budget p99 <= 30 ms
// with real-time priority; printed without it), RFC 3550 jitter, CPU per call (budget <= 0.3 % of a core) and RSS
// per call. A bench, not a test. `npm run bench:call-runtime`.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';

import { CALL_RUNTIME_SECRET_HEADER } from '@portal/contract';
import { insertBetween, setArgs } from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

const SIZES = (process.env.BENCH_SIZES ?? '50,100,200').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SECRET = randomBytes(16).toString('hex');

// Out of hours a dial menu whose greeting outlasts the call: every call plays audio until the caller's BYE.
const menu = apply(sampleFlow(), insertBetween('n4', 'n6', 'dial_menu'))!.flow;
const flow = apply(
  menu,
  setArgs(menu.data.children[0]!.children.find((c) => c.type === 'out_of_hours')!.children[0]!.id, {
    audio_file: 'long.wav',
  }),
)!.flow;
const greeting = (() => {
  const samples = 8000 * (SECONDS + 5);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFFxxxxWAVEfmt ', 0, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / 8000)), 44 + i * 2);
  return wav;
})();

let calls = 0;
const portal = createServer((request, response) => {
  if (request.headers[CALL_RUNTIME_SECRET_HEADER] !== SECRET) return response.writeHead(403).end();
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    if (request.url === '/internal/call-runtime/claim/') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({
          id: `bench-${++calls}`,
          product_id: `p${calls}`,
          flow,
          at: '2025-01-06T08:30:00.000Z',
          holidays: [],
          names: {},
        }),
      );
    }
    if (request.url?.includes('/audio/')) return response.writeHead(200, { 'content-type': 'audio/wav' }).end(greeting);
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
const portalPort = (portal.address() as { port: number }).port;

const sipPort = await new Promise<number>((resolve) => {
  const server = createTcpServer();
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

let realTime = false;
try {
  execFileSync('chrt', ['-f', '10', 'true'], { stdio: 'ignore' });
  realTime = true;
} catch {
  realTime = false;
}
const command = [
  ...(realTime ? ['chrt', '-f', '10'] : []),
  process.execPath,
  '--import',
  'tsx',
  'call-runtime/src/main.ts',
];
const runtime = spawn(command[0]!, command.slice(1), {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    CALL_RUNTIME_SECRET: SECRET,
    CALL_RUNTIME_PORTAL_URL: `http://127.0.0.1:${portalPort}`,
    CALL_RUNTIME_SIP_PORT: String(sipPort),
    CALL_RUNTIME_MAX_CALLS: '1000',
  },
});
await new Promise<void>((resolve) =>
  runtime.stdout!.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (chunk.toString().includes('SIP on')) resolve();
  }),
);
// The runtime's own pid: under chrt, the child of chrt is node itself (chrt execs).
const pid = runtime.pid!;

function cpuMs(): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

interface Caller {
  sip: Socket;
  rtp: Socket;
  arrivals: number[];
  rtpTimestamps: number[];
  ok: boolean;
  toTag: string;
  /** Why a call failed: the final answer's status, 'no answer' or 'little audio'. */
  outcome: string;
}

async function bind(): Promise<Socket> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return socket;
}

function sipRequest(caller: Caller, method: string, callId: string, cseq: number, body = ''): void {
  const port = caller.sip.address().port;
  const lines = [
    `${method} sip:flow-bench${callId}@127.0.0.1:${sipPort} SIP/2.0`,
    `Via: SIP/2.0/UDP 127.0.0.1:${port};branch=z9hG4bK${randomBytes(6).toString('hex')};rport`,
    'Max-Forwards: 70',
    `From: <sip:bench@127.0.0.1>;tag=${callId}`,
    `To: <sip:flow-bench${callId}@127.0.0.1>${caller.toTag ? `;tag=${caller.toTag}` : ''}`,
    `Call-ID: ${callId}@bench`,
    `CSeq: ${cseq} ${method}`,
    `Contact: <sip:bench@127.0.0.1:${port}>`,
    ...(body ? ['Content-Type: application/sdp'] : []),
    `Content-Length: ${body.length}`,
    '',
    body,
  ];
  caller.sip.send(lines.join('\r\n'), sipPort, '127.0.0.1');
}

async function call(index: number): Promise<Caller> {
  const caller: Caller = {
    sip: await bind(),
    rtp: await bind(),
    arrivals: [],
    rtpTimestamps: [],
    ok: false,
    toTag: '',
    outcome: 'no answer',
  };
  const callId = `${index}x${randomBytes(8).toString('hex')}`;
  caller.rtp.on('message', (data) => {
    caller.arrivals.push(performance.now());
    caller.rtpTimestamps.push(data.readUInt32BE(4));
  });
  // As a UA over UDP does (RFC 3261 timer A): the INVITE again after 0.5, 1, 2 and 4 s until any answer comes.
  let heard = false;
  const resends: Array<ReturnType<typeof setTimeout>> = [];
  const answered = new Promise<void>((resolve) => {
    caller.sip.on('message', (data) => {
      const text = data.toString();
      if (text.startsWith('SIP/2.0 ')) heard = true;
      if (text.startsWith('SIP/2.0 200') && text.includes('INVITE')) {
        // Every 200 is acknowledged, a resent one too (RFC 3261 13.2.2.4): an ACK lost on UDP is sent again.
        if (!caller.ok) {
          caller.ok = true;
          caller.outcome = 'answered';
          caller.toTag = /^To:.*;tag=([^;\s]+)/im.exec(text)?.[1] ?? '';
        }
        sipRequest(caller, 'ACK', callId, 1);
        resolve();
      } else if (/^SIP\/2.0 [3-6]/.test(text)) {
        caller.outcome = text.slice(8, 11);
        resolve();
      }
    });
    setTimeout(resolve, 10_000);
  });
  const sdp = [
    'v=0',
    'o=- 1 1 IN IP4 127.0.0.1',
    's=-',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=audio ${caller.rtp.address().port} RTP/AVP 0 101`,
    'a=rtpmap:0 PCMU/8000',
    'a=rtpmap:101 telephone-event/8000',
    '',
  ].join('\r\n');
  sipRequest(caller, 'INVITE', callId, 1, sdp);
  for (const after of [500, 1500, 3500, 7500])
    resends.push(setTimeout(() => heard || sipRequest(caller, 'INVITE', callId, 1, sdp), after));
  await answered;
  for (const resend of resends) clearTimeout(resend);
  (caller as Caller & { callId: string }).callId = callId;
  return caller;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

console.log(
  `call runtime bench: ${SECONDS} s calls, ${realTime ? 'real-time priority (chrt -f 10)' : 'normal priority (chrt not allowed here)'}`,
);
let failedAny = false;
for (const size of SIZES) {
  const rssBefore = rssMb();
  const cpuBefore = cpuMs();
  const started = performance.now();
  const callers = await Promise.all(Array.from({ length: size }, (_, i) => call(i)));
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const rssDuring = rssMb();
  for (const caller of callers) sipRequest(caller, 'BYE', (caller as Caller & { callId: string }).callId, 2);
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = cpuMs() - cpuBefore;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const caller of callers) {
    caller.sip.close();
    caller.rtp.close();
  }
  for (const c of callers) if (c.ok && c.arrivals.length < (SECONDS * 1000) / 20 / 2) c.outcome = 'little audio';
  const failures = callers.filter((c) => c.outcome !== 'answered');
  const failed = failures.length;
  const reasons = [...new Set(failures.map((c) => c.outcome))]
    .map((reason) => `${failures.filter((c) => c.outcome === reason).length} ${reason}`)
    .join(', ');
  const gaps: number[] = [];
  let jitterSum = 0;
  for (const c of callers) {
    let jitter = 0;
    for (let i = 1; i < c.arrivals.length; i++) {
      const gap = c.arrivals[i]! - c.arrivals[i - 1]!;
      gaps.push(gap);
      // RFC 3550 6.4.1: D = (arrival difference) - (timestamp difference), in ms at 8 kHz.
      const d = gap - ((c.rtpTimestamps[i]! - c.rtpTimestamps[i - 1]!) >>> 0) / 8;
      jitter += (Math.abs(d) - jitter) / 16;
    }
    jitterSum += jitter;
  }
  gaps.sort((a, b) => a - b);
  const p99 = percentile(gaps, 99);
  const cpuPerCall = (cpu / (size * elapsedS * 1000)) * 100;
  const row = `${String(size).padStart(4)} calls: failed ${failed}${failed ? ` (${reasons})` : ''}, spacing p50 ${percentile(gaps, 50).toFixed(2)} / p99 ${p99.toFixed(2)} / max ${gaps[gaps.length - 1]?.toFixed(1)} ms, jitter ${(jitterSum / size).toFixed(2)} ms, CPU ${cpuPerCall.toFixed(3)} % of a core per call, RSS ${rssBefore.toFixed(0)} -> ${rssDuring.toFixed(0)} MB (${((rssDuring - rssBefore) / size).toFixed(2)} MB per call)`;
  console.log(row);
  if (failed > 0 || cpuPerCall > 0.3 || (realTime && p99 > 30)) failedAny = true;
}
runtime.kill('SIGTERM');
portal.close();
if (failedAny) {
  console.log(
    'over budget: failed calls 0, CPU <= 0.3 % of a core per call, p99 spacing <= 30 ms with real-time priority',
  );
  process.exitCode = 1;
}
