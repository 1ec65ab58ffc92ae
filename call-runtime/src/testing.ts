/** Test helpers of the runtime: a fake portal and a bare SIP peer over UDP that sends text and reads answers. */
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { createServer } from 'node:net';

import type { CallMoment } from '@portal/editor-core';
import { sampleFlow } from '@portal/editor-core/testing';

import type { CallBackend, TestCallGrant, TestCallReport } from './backend.ts';
import { tone } from './g711.ts';
import { parse, type SipMessage } from './sip/sip-stack.ts';

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
