/**
 * Test helpers of the runtime: a fake portal (in-process, or served as the server's internal endpoints), a bare SIP peer over UDP that sends text and reads answers, a menu flow
 * and the tones heard in decoded audio.
 */
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';

import {
  CALL_RUNTIME_SECRET_HEADER,
  ClaimTestCall,
  FinishedTestCall,
  internalTestCallPaths,
  TestCallMoment,
  type ClaimedTestCall,
} from '@portal/contract';
import {
  findNode,
  insertBetween,
  insertNode,
  removeSubtree,
  setArgs,
  type CallFlow,
  type CallMoment,
  type Command,
  type SimulationOutcome,
} from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import type { CallBackend, TestCallGrant, TestCallReport } from './backend.ts';
import { tone } from './g711.ts';
import { parse, type SipMessage } from './sip/sip-stack.ts';
import { encodeWav } from './wav.ts';

/** A portal with one product, tokens added by the test, a greeting for every file and speech of a fixed length. */
export class FakeBackend implements CallBackend {
  readonly grants = new Map<string, TestCallGrant>();
  readonly moments: CallMoment[] = [];
  readonly reports: TestCallReport[] = [];
  private onReport: Array<() => void> = [];

  grant(overrides: Partial<TestCallGrant> = {}): string {
    const token = randomBytes(16).toString('base64url');
    this.grants.set(token, {
      id: `call-${this.grants.size + 1}`,
      productId: 'p1',
      flow: sampleFlow(),
      at: new Date('2025-07-07T09:00:00Z'),
      holidays: [],
      names: { '200': 'Alex Morgan' },
      ...overrides,
    });
    return token;
  }

  async claim(token: string) {
    const grant = this.grants.get(token) ?? null;
    this.grants.delete(token);
    return grant;
  }

  /** How long every greeting plays. */
  greetingMs = 200;

  /** Greetings fetched so far. */
  audioFetches = 0;

  async audio() {
    this.audioFetches++;
    return tone(440, this.greetingMs);
  }

  async speak() {
    return tone(300, 100);
  }

  moment(_grant: TestCallGrant, moment: CallMoment) {
    this.moments.push(moment);
  }

  async finish(_grant: TestCallGrant, report: TestCallReport) {
    this.reports.push(report);
    this.onReport.splice(0).forEach((f) => f());
  }

  /** Resolves when `count` calls have been reported. */
  reported(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.reports.length >= count ? resolve() : this.onReport.push(check));
      check();
    });
  }
}

/** An internal path of the contract as a pattern: its parameters become groups. */
const route = (path: string) => new RegExp(`^${path.replace(/:[a-z]+/g, '([^/]+)')}$`);
const ROUTES = {
  claim: route(internalTestCallPaths.claim),
  audio: route(internalTestCallPaths.audio),
  speech: route(internalTestCallPaths.speech),
  moment: route(internalTestCallPaths.moment),
  finish: route(internalTestCallPaths.finish),
};

async function json(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown;
}

/**
 * The server's internal endpoints (contract's internalTestCallPaths, with the shared secret) answered from a
 * FakeBackend on a loopback port: the portal of a runtime a test starts as its own process (main.ts).
 */
export async function servePortal(
  backend: FakeBackend,
  secret: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const claimed = new Map<string, TestCallGrant>();
  const server = createHttpServer((request, response) => {
    const reply = (status: number, body?: Buffer | object) => {
      const bytes = Buffer.isBuffer(body) ? body : body === undefined ? undefined : JSON.stringify(body);
      response.writeHead(status, {
        'content-type': Buffer.isBuffer(body) ? 'audio/wav' : 'application/json',
      });
      response.end(bytes);
    };
    const answer = async (): Promise<void> => {
      if (request.headers[CALL_RUNTIME_SECRET_HEADER] !== secret) return reply(403, { detail: 'wrong secret' });
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      let match: RegExpExecArray | null;
      if (ROUTES.claim.test(path)) {
        const grant = await backend.claim(ClaimTestCall.parse(await json(request)).token);
        if (!grant) return reply(404, { detail: 'unknown token' });
        claimed.set(grant.id, grant);
        const body: ClaimedTestCall = {
          id: grant.id,
          product_id: grant.productId,
          flow: grant.flow,
          at: grant.at.toISOString(),
          holidays: grant.holidays,
          names: grant.names,
        };
        return reply(200, body);
      }
      if (ROUTES.speech.test(path)) return reply(200, encodeWav(await backend.speak()));
      if ((match = ROUTES.audio.exec(path))) {
        const grant = claimed.get(decodeURIComponent(match[1] ?? ''));
        const samples = grant ? await backend.audio() : null;
        return samples ? reply(200, encodeWav(samples)) : reply(404, { detail: 'no such audio' });
      }
      if ((match = ROUTES.moment.exec(path))) {
        const grant = claimed.get(decodeURIComponent(match[1] ?? ''));
        if (!grant) return reply(404, { detail: 'no such call' });
        backend.moment(grant, TestCallMoment.parse(await json(request)) as CallMoment);
        return reply(204);
      }
      if ((match = ROUTES.finish.exec(path))) {
        const grant = claimed.get(decodeURIComponent(match[1] ?? ''));
        if (!grant) return reply(404, { detail: 'no such call' });
        const finished = FinishedTestCall.parse(await json(request));
        await backend.finish(grant, {
          result: finished.outcome
            ? { path: finished.path, outcome: finished.outcome as SimulationOutcome, events: [], keysUsed: 0 }
            : null,
          reason: finished.reason,
          voicemail: null,
          durationMs: finished.duration_ms,
        });
        return reply(204);
      }
      reply(404, { detail: 'not found' });
    };
    answer().catch((error: unknown) => reply(400, { detail: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A SIP peer on a UDP port of 127.0.0.1 that writes requests by hand. */
export class BarePeer {
  readonly received: SipMessage[] = [];
  private waiters: Array<{ test: (m: SipMessage) => boolean; resolve: (m: SipMessage) => void }> = [];
  readonly callId = randomBytes(8).toString('hex');
  readonly fromTag = randomBytes(4).toString('hex');
  private cseq = 1;

  private constructor(
    private readonly socket: Socket,
    readonly port: number,
    readonly target: number,
  ) {
    socket.on('message', (data) => {
      const message = parse(data.toString('binary'));
      if (!message) return;
      this.received.push(message);
      for (const waiter of [...this.waiters]) {
        if (waiter.test(message)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
  }

  static async open(target: number): Promise<BarePeer> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return new BarePeer(socket, socket.address().port, target);
  }

  /** The next message (already received or to come) that passes `test`. */
  next(test: (m: SipMessage) => boolean, timeoutMs = 5000): Promise<SipMessage> {
    const seen = this.received.find(test);
    if (seen) {
      this.received.splice(this.received.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such SIP message in time')), timeoutMs);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          this.received.splice(this.received.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  }

  status(code: number, method = 'INVITE'): Promise<SipMessage> {
    return this.next((m) => m.status === code && m.headers.cseq.method === method);
  }

  send(lines: string[], body = ''): void {
    const text = `${lines.join('\r\n')}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    this.socket.send(text, this.target, '127.0.0.1');
  }

  /** A request of this peer's call; `toTag` makes it in-dialog. */
  request(
    method: string,
    user: string,
    options: { toTag?: string; body?: string; type?: string; branch?: string; seq?: number; headers?: string[] } = {},
  ): string {
    const branch = options.branch ?? `z9hG4bK${randomBytes(6).toString('hex')}`;
    const seq = options.seq ?? (method === 'ACK' || method === 'CANCEL' ? this.cseq : ++this.cseq);
    this.send(
      [
        `${method} sip:${user}@127.0.0.1:${this.target} SIP/2.0`,
        `Via: SIP/2.0/UDP 127.0.0.1:${this.port};branch=${branch};rport`,
        'Max-Forwards: 70',
        `From: <sip:tester@127.0.0.1>;tag=${this.fromTag}`,
        `To: <sip:${user}@127.0.0.1>${options.toTag ? `;tag=${options.toTag}` : ''}`,
        `Call-ID: ${this.callId}`,
        `CSeq: ${seq} ${method}`,
        `Contact: <sip:tester@127.0.0.1:${this.port}>`,
        ...(options.type ? [`Content-Type: ${options.type}`] : []),
        ...(options.headers ?? []),
      ],
      options.body,
    );
    return branch;
  }

  /** A plain response to a request the runtime sent. */
  answer(request: SipMessage, status: number, reason: string): void {
    const via = request.headers.via.map(
      (v) =>
        `Via: SIP/2.0/${v.protocol} ${v.host}${v.port ? `:${v.port}` : ''}${Object.entries(v.params)
          .map(([k, val]) => (val === null || val === undefined ? `;${k}` : `;${k}=${val}`))
          .join('')}`,
    );
    this.send([
      `SIP/2.0 ${status} ${reason}`,
      ...via,
      `From: ${aor(request.headers.from)}`,
      `To: ${aor(request.headers.to)}`,
      `Call-ID: ${request.headers['call-id']}`,
      `CSeq: ${request.headers.cseq.seq} ${request.headers.cseq.method}`,
    ]);
  }

  close(): void {
    this.socket.close();
  }
}

const aor = (h: SipMessage['headers']['to']) =>
  `<${h.uri}>${Object.entries(h.params)
    .map(([k, v]) => (v === null || v === undefined ? `;${k}` : `;${k}=${v}`))
    .join('')}`;

/** An SDP offer from 127.0.0.1 with the given payload types (0 PCMU, 8 PCMA, 101 telephone-event). */
export function offer(port: number, payloads: number[] = [0, 8, 101]): string {
  const names: Record<number, string> = {
    0: 'PCMU/8000',
    8: 'PCMA/8000',
    9: 'G722/8000',
    101: 'telephone-event/8000',
    111: 'opus/48000/2',
  };
  return [
    'v=0',
    'o=- 1 1 IN IP4 127.0.0.1',
    's=-',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=audio ${port} RTP/AVP ${payloads.join(' ')}`,
    ...payloads.map((p) => `a=rtpmap:${p} ${names[p]}`),
    'a=sendrecv',
    '',
  ].join('\r\n');
}

/** A TCP port free on loopback a moment ago, for a runtime a test starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Out of hours, a dial menu: key 1 -> divert to 07700900123, key 2 -> voicemail 300. */
export function menuFlow(): CallFlow {
  const apply1 = (flow: CallFlow, ...commands: Command[]) => commands.reduce((f, c) => apply(f, c)?.flow ?? f, flow);
  let flow = apply1(sampleFlow(), insertBetween('n4', 'n6', 'dial_menu'));
  const menu = findNode(flow.data, 'n4')?.children[0];
  const key1 = menu?.children[0];
  if (!menu || !key1) throw new Error('menu not made');
  flow = apply1(flow, setArgs(menu.id, { audio_file: 'menu.wav' }), insertNode(menu.id, 'dial_menu_key'));
  const key2 = findNode(flow.data, menu.id)?.children[1];
  if (!key2) throw new Error('key 2 not made');
  // Key 1 keeps the voicemail the menu was inserted above; move it under key 2 and divert key 1.
  flow = apply1(
    flow,
    setArgs(key2.id, { target: '2' }),
    insertNode(key2.id, 'voicemail', { args: { target: '300' } }),
    removeSubtree('n6'),
    insertNode(key1.id, 'divert_to_external', { args: { target: '07700900123' } }),
  );
  return flow;
}

/** The power of one frequency in a window (Goertzel). */
function power(samples: Int16Array, start: number, length: number, hz: number, rate: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / rate);
  let s1 = 0;
  let s2 = 0;
  for (let i = start; i < start + length; i++) {
    const s = (samples[i] ?? 0) + coefficient * s1 - s2;
    s2 = s1;
    s1 = s;
  }
  return s1 * s1 + s2 * s2 - coefficient * s1 * s2;
}

/** The tones heard, in order: each 20 ms window's dominant frequency among `candidates`, runs of 100 ms or more. */
export function tonesHeard(samples: Int16Array, rate: number, candidates: number[]): number[] {
  const window = Math.round(rate / 50);
  const heard: Array<{ hz: number; windows: number }> = [];
  for (let start = 0; start + window <= samples.length; start += window) {
    let energy = 0;
    for (let i = start; i < start + window; i++) energy += (samples[i] ?? 0) ** 2;
    const powers = candidates.map((hz) => power(samples, start, window, hz, rate));
    const best = Math.max(...powers);
    // A tone: most of the window's energy at one candidate (Goertzel power is about energy * window / 2).
    const hz = energy > window * 100 ** 2 && best > (energy * window) / 4 ? (candidates[powers.indexOf(best)] ?? 0) : 0;
    const last = heard[heard.length - 1];
    if (last?.hz === hz) last.windows++;
    else heard.push({ hz, windows: 1 });
  }
  return heard.filter((run) => run.hz !== 0 && run.windows >= 5).map((run) => run.hz);
}
