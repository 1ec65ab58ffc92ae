/**
 * The test-call runtime: answers SIP calls to `flow-{token}` addresses from its allow-list, agrees G.711 media, and
 * runs each call's CallSession. The dialog layer (To-tags, 2xx retransmission until ACK, the route set, CSeq, 481)
 * is here: the SIP stack only parses, transports and keeps transactions.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { isIP } from 'node:net';

import type { CallFlow, SimulationOutcome } from '@portal/editor-core';
import { walk } from '@portal/editor-core';

import { announcementText } from './announcement.ts';
import type { CallBackend, TestCallGrant } from './backend.ts';
import { CallSession } from './call-session.ts';
import { decode, frames, silence, tone } from './g711.ts';
import type { MediaClock } from './media-clock.ts';
import { RtpSession, type RtpHandlers } from './rtp-session.ts';
import { agree, answer, type MediaAgreement } from './sdp.ts';
import {
  makeResponse,
  openSipStack,
  parseUri,
  type SipMessage,
  type SipRemote,
  type SipStack,
} from './sip/sip-stack.ts';
import { WebRtcMedia } from './webrtc-media.ts';

export interface RuntimeOptions {
  address: string;
  sipPort: number;
  /** The address put in SDP answers and Contact headers (the listening address by default). */
  mediaAddress?: string;
  clock: MediaClock;
  backend: CallBackend;
  /** Sources allowed to call (loopback by default). */
  allow?: readonly string[];
  maxCalls?: number;
  maxCallsPerProduct?: number;
  /** How long the call rings before it is answered (a CANCEL in that time ends it with 487). */
  answerAfterMs?: number;
  keyWaitFrames?: number;
  log?: (line: string) => void;
}

const TOKEN_USER = /^flow-([A-Za-z0-9_-]{16,128})$/;
const ALLOW = 'INVITE, ACK, BYE, CANCEL, OPTIONS, INFO, NOTIFY';
const T1 = 500;
/** How long, and how many, encoded greetings are kept (a customer who changes one hears it within a minute). */
const GREETING_CACHE_MS = 60_000;
const GREETING_CACHE_ENTRIES = 500;
const T2 = 4000;

interface Dialog {
  callId: string;
  localTag: string;
  /** Our From/To in requests we send. */
  local: SipMessage['headers']['to'];
  remote: SipMessage['headers']['from'];
  remoteTarget: string;
  routeSet: NonNullable<SipMessage['headers']['route']>;
  localSeq: number;
  remoteSeq: number;
  transport: string;
  grant: TestCallGrant;
  rtp: RtpSession;
  agreement: MediaAgreement;
  session: CallSession | null;
  sdpVersion: number;
  sessionId: number;
  /** The 200 OK to the INVITE, retransmitted until its ACK. */
  pendingOk: { response: SipMessage; timer: NodeJS.Timeout; seq: number } | null;
  ended: boolean;
  onAck: ((acked: boolean) => void) | null;
}

/** Where a call's frames go and its keys and audio come from: RTP over UDP, or a browser's WebRTC peer. */
interface CallMedia {
  send(frame: Uint8Array): void;
  listen(handlers: RtpHandlers): void;
}

/** How a browser's offer was answered. */
type BrowserAnswer =
  | { status: 'answered'; sdp: string }
  /** Unknown, expired or already used token. */
  | { status: 'not_found' }
  /** The product already has its test calls up. */
  | { status: 'busy' }
  /** The process has all the calls it takes. */
  | { status: 'unavailable' }
  /** No G.711 in the offer. */
  | { status: 'not_acceptable' };

interface BrowserCall {
  media: WebRtcMedia;
  session: CallSession | null;
}

interface Ringing {
  invite: SipMessage;
  cancelled: boolean;
  toTag: string;
}

export class CallRuntime {
  private stack: SipStack | null = null;
  private readonly dialogs = new Map<string, Dialog>();
  private readonly ringing = new Map<string, Ringing>();
  private readonly perProduct = new Map<string, number>();
  private calls = 0;
  private readonly options: Required<Omit<RuntimeOptions, 'mediaAddress' | 'keyWaitFrames'>> & RuntimeOptions;
  private readonly settled = new Set<Promise<unknown>>();
  private readonly greetingCache = new Map<string, { frames: Uint8Array[]; at: number }>();
  /** Browsers' calls by test call id. */
  private readonly browserCalls = new Map<string, BrowserCall>();

  constructor(options: RuntimeOptions) {
    this.options = {
      allow: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
      maxCalls: 200,
      maxCallsPerProduct: 2,
      answerAfterMs: 400,
      log: () => {},
      ...options,
    };
  }

  start(): void {
    this.stack = openSipStack({
      address: this.options.address,
      port: this.options.sipPort,
      onRequest: (request, remote) => this.onRequest(request, remote),
      onError: (error) => this.options.log(`sip: ${String(error)}`),
    });
  }

  /** Calls up now (for the benchmark and the tests). */
  get activeCalls(): number {
    return this.calls;
  }

  /** Hangs up every call and closes the listeners; resolves when the calls' reports are sent. */
  async stop(): Promise<void> {
    for (const ringing of this.ringing.values()) ringing.cancelled = true;
    for (const dialog of this.dialogs.values()) {
      // A call still waiting for its ACK ends now rather than after 32 s.
      const onAck = dialog.onAck;
      dialog.onAck = null;
      onAck?.(false);
      this.hangUpFromHere(dialog);
    }
    for (const id of [...this.browserCalls.keys()]) this.hangUpBrowser(id);
    await Promise.allSettled([...this.settled]);
    // The stack sends a new request on the next tick: let the last BYEs leave before the sockets close.
    await new Promise((resolve) => setImmediate(resolve));
    this.stack?.close();
    this.stack = null;
  }

  private get contactHost(): string {
    const host = this.options.mediaAddress ?? this.options.address;
    return isIP(host) === 6 ? `[${host}]` : host;
  }

  private respond(
    request: SipMessage,
    status: number,
    reason: string,
    extension?: { headers?: Record<string, unknown>; content?: string },
  ): void {
    this.stack?.respond(makeResponse(request, status, reason, extension));
  }

  private onRequest(request: SipMessage, remote: SipRemote): void {
    const method = request.method ?? '';
    if (!this.options.allow.includes(remote.address)) {
      if (method !== 'ACK') this.respond(request, 403, 'Forbidden');
      return;
    }
    const toTag = request.headers.to?.params?.tag;
    if (method === 'CANCEL') return this.onCancel(request);
    if (method === 'OPTIONS' && !toTag)
      return this.respond(request, 200, 'OK', {
        headers: { allow: ALLOW, accept: 'application/sdp, application/dtmf-relay' },
      });
    if (toTag) {
      const dialog = this.dialogs.get(`${request.headers['call-id']}|${toTag}`);
      if (!dialog) {
        if (method !== 'ACK') this.respond(request, 481, 'Call/Transaction Does Not Exist');
        return;
      }
      return this.inDialog(dialog, request);
    }
    if (method === 'INVITE') {
      const settled = this.onInvite(request, remote).catch((error: unknown) => {
        this.options.log(`invite: ${String(error)}`);
        this.respond(request, 500, 'Server Internal Error');
      });
      this.track(settled);
      return;
    }
    if (method === 'ACK') return;
    if (method === 'BYE' || method === 'INFO' || method === 'NOTIFY')
      return this.respond(request, 481, 'Call/Transaction Does Not Exist');
    this.respond(request, 405, 'Method Not Allowed', { headers: { allow: ALLOW } });
  }

  private track(promise: Promise<unknown>): void {
    this.settled.add(promise);
    void promise.finally(() => this.settled.delete(promise));
  }

  private onCancel(cancel: SipMessage): void {
    const key = `${cancel.headers['call-id']}|${cancel.headers.via[0]?.params.branch}`;
    const ringing = this.ringing.get(key);
    if (!ringing) return this.respond(cancel, 481, 'Call/Transaction Does Not Exist');
    this.respond(cancel, 200, 'OK');
    ringing.cancelled = true;
    this.ringing.delete(key);
    this.respond(ringing.invite, 487, 'Request Terminated', {
      headers: {
        to: { ...ringing.invite.headers.to, params: { ...ringing.invite.headers.to.params, tag: ringing.toTag } },
      },
    });
  }

  private async onInvite(invite: SipMessage, remote: SipRemote): Promise<void> {
    const user = invite.uri ? (parseUri(invite.uri).user ?? '') : '';
    const token = TOKEN_USER.exec(user)?.[1];
    if (!token) return this.respond(invite, 404, 'Not Found');
    if (this.calls >= this.options.maxCalls)
      return this.respond(invite, 503, 'Service Unavailable', { headers: { 'retry-after': 5 } });
    const agreement = invite.content ? agree(invite.content) : null;
    if (!agreement)
      return this.respond(invite, 488, 'Not Acceptable Here', {
        headers: { warning: '304 portal "Only PCMU and PCMA audio are offered here"' },
      });
    this.respond(invite, 100, 'Trying');

    const grant = await this.options.backend.claim(token);
    if (!grant)
      return this.respond(invite, 404, 'Not Found', {
        headers: { warning: '399 portal "This test call address is unknown, expired or already used"' },
      });
    const release = this.admit(grant);
    if (!release)
      return this.respond(invite, 486, 'Busy Here', {
        headers: { warning: `399 portal "At most ${this.options.maxCallsPerProduct} test calls at once per phone"` },
      });

    const toTag = randomBytes(6).toString('hex');
    const ringKey = `${invite.headers['call-id']}|${invite.headers.via[0]?.params.branch}`;
    const ringing: Ringing = { invite, cancelled: false, toTag };
    this.ringing.set(ringKey, ringing);
    const to = { ...invite.headers.to, params: { ...invite.headers.to.params, tag: toTag } };
    this.respond(invite, 180, 'Ringing', {
      headers: { to, contact: [{ uri: `sip:${user}@${this.contactHost}:${this.options.sipPort}`, params: {} }] },
    });
    let greetings: Map<string, Uint8Array[]>;
    try {
      // Greetings are fetched and encoded before answering: nothing is encoded while the call plays.
      [greetings] = await Promise.all([this.greetings(grant, agreement), delay(this.options.answerAfterMs)]);
    } catch (error) {
      this.ringing.delete(ringKey);
      release();
      throw error;
    }
    this.ringing.delete(ringKey);
    if (ringing.cancelled) {
      release();
      void this.options.backend
        .finish(grant, { result: null, reason: 'caller_hung_up', voicemail: null, durationMs: 0 })
        .catch(() => {});
      return;
    }

    const rtp = await RtpSession.open(this.options.mediaAddress ?? this.options.address, agreement);
    const contact = invite.headers.contact?.[0]?.uri;
    const dialog: Dialog = {
      callId: invite.headers['call-id'],
      localTag: toTag,
      local: to,
      remote: invite.headers.from,
      remoteTarget: contact ?? invite.uri ?? '',
      routeSet: (invite.headers['record-route'] ?? []).map((r) => ({ ...r })),
      localSeq: randomInt(1, 10_000),
      remoteSeq: invite.headers.cseq.seq,
      transport: remote.protocol,
      grant,
      rtp,
      agreement,
      session: null,
      sdpVersion: 1,
      sessionId: randomInt(1, 2 ** 31),
      pendingOk: null,
      ended: false,
      onAck: null,
    };
    this.dialogs.set(`${dialog.callId}|${toTag}`, dialog);
    const acked = new Promise<boolean>((resolve) => {
      dialog.onAck = resolve;
      setTimeout(() => resolve(false), 64 * T1).unref();
    });
    this.sendOk(dialog, invite);
    if (!(await acked)) {
      // No ACK: the call never came up (RFC 3261 13.3.1.4).
      this.hangUpFromHere(dialog);
      this.end(dialog, release, { result: null, reason: 'caller_hung_up', voicemail: null, durationMs: 0 });
      return;
    }
    const started = Date.now();
    const session = this.session(grant, agreement, greetings, rtp, (outcome) => this.refer(dialog, outcome));
    dialog.session = session;
    const end = await session.run();
    if (!dialog.ended) this.hangUpFromHere(dialog);
    this.end(dialog, release, { ...end, durationMs: Date.now() - started });
  }

  /** Counts a call in (the product's and the process's); the release, or null when the product has its calls up. */
  private admit(grant: TestCallGrant): (() => void) | null {
    const product = this.perProduct.get(grant.productId) ?? 0;
    if (product >= this.options.maxCallsPerProduct) return null;
    this.perProduct.set(grant.productId, product + 1);
    this.calls++;
    let counted = true;
    return () => {
      if (!counted) return;
      counted = false;
      this.calls--;
      const left = (this.perProduct.get(grant.productId) ?? 1) - 1;
      if (left > 0) this.perProduct.set(grant.productId, left);
      else this.perProduct.delete(grant.productId);
    };
  }

  /** The walk of one answered call, its media listened to. */
  private session(
    grant: TestCallGrant,
    agreement: MediaAgreement,
    greetings: Map<string, Uint8Array[]>,
    media: CallMedia,
    refer: (outcome: SimulationOutcome) => void,
  ): CallSession {
    const codec = agreement.codec;
    const session = new CallSession({
      flow: grant.flow,
      at: grant.at,
      holidays: grant.holidays,
      clock: this.options.clock,
      greeting: (file) => greetings.get(file) ?? [],
      announcement: (outcome) => this.announcement(outcome, grant, codec),
      silence: silence(codec),
      send: (frame) => media.send(frame),
      report: (moment) => this.options.backend.moment(grant, moment),
      decode: (payload) => decode(codec, payload),
      refer,
      ...(this.options.keyWaitFrames !== undefined && { keyWaitFrames: this.options.keyWaitFrames }),
    });
    media.listen({ key: (key) => session.key(key), audio: (payload, timestamp) => session.audio(payload, timestamp) });
    return session;
  }

  /**
   * A browser's call (the portal passes its WebRTC offer on): the token claimed as for a SIP call, the offer answered
   * with G.711 and telephone-events, and the walk started once the browser connects. A browser gets no REFER: the
   * announcement tells where the call would go.
   */
  async answerBrowser(token: string, offer: string): Promise<BrowserAnswer> {
    if (this.calls >= this.options.maxCalls) return { status: 'unavailable' };
    const agreement = agree(offer);
    if (!agreement) return { status: 'not_acceptable' };
    const grant = await this.options.backend.claim(token);
    if (!grant) return { status: 'not_found' };
    const release = this.admit(grant);
    if (!release) return { status: 'busy' };
    let media: WebRtcMedia;
    let sdp: string;
    let greetings: Map<string, Uint8Array[]>;
    try {
      [greetings, { media, sdp }] = await Promise.all([
        this.greetings(grant, agreement),
        WebRtcMedia.answer(offer, agreement, this.options.mediaAddress ?? this.options.address),
      ]);
    } catch (error) {
      release();
      void this.options.backend
        .finish(grant, { result: null, reason: 'caller_hung_up', voicemail: null, durationMs: 0 })
        .catch(() => {});
      throw error;
    }
    const call: BrowserCall = { media, session: null };
    this.browserCalls.set(grant.id, call);
    this.track(this.runBrowserCall(grant, agreement, greetings, call, release));
    return { status: 'answered', sdp };
  }

  /** Hangs up a browser's call (the caller pressed Hang up); false when no such call is up. */
  hangUpBrowser(id: string): boolean {
    const call = this.browserCalls.get(id);
    if (!call) return false;
    this.browserCalls.delete(id);
    call.session?.hangUp();
    call.media.close();
    return true;
  }

  private async runBrowserCall(
    grant: TestCallGrant,
    agreement: MediaAgreement,
    greetings: Map<string, Uint8Array[]>,
    call: BrowserCall,
    release: () => void,
  ): Promise<void> {
    const finish = (report: Parameters<CallBackend['finish']>[1]) => {
      call.media.close();
      if (this.browserCalls.get(grant.id) === call) this.browserCalls.delete(grant.id);
      release();
      return this.options.backend
        .finish(grant, report)
        .catch((error: unknown) => this.options.log(`finish: ${String(error)}`));
    };
    if (!(await call.media.connected()))
      return finish({ result: null, reason: 'caller_hung_up', voicemail: null, durationMs: 0 });
    const started = Date.now();
    const session = this.session(grant, agreement, greetings, call.media, () => {});
    call.session = session;
    call.media.onEnd(() => session.hangUp());
    const end = await session.run();
    return finish({ ...end, durationMs: Date.now() - started });
  }

  private end(dialog: Dialog, release: () => void, report: Parameters<CallBackend['finish']>[1]): void {
    dialog.rtp.close();
    this.dialogs.delete(`${dialog.callId}|${dialog.localTag}`);
    release();
    this.track(
      this.options.backend
        .finish(dialog.grant, report)
        .catch((error: unknown) => this.options.log(`finish: ${String(error)}`)),
    );
  }

  /**
   * Every audio file the flow can play, fetched and encoded for the agreed codec. Kept a minute per product, file
   * and codec, so a caller testing again (or a benchmark's many calls) costs no fetch and no encoding.
   */
  private async greetings(grant: TestCallGrant, agreement: MediaAgreement): Promise<Map<string, Uint8Array[]>> {
    const files = audioFiles(grant.flow);
    const encoded = new Map<string, Uint8Array[]>();
    const now = Date.now();
    for (const [key, entry] of this.greetingCache)
      if (now - entry.at > GREETING_CACHE_MS) this.greetingCache.delete(key);
    await Promise.all(
      [...files].map(async (file) => {
        const key = `${grant.productId}|${agreement.codec}|${file}`;
        const cached = this.greetingCache.get(key);
        if (cached) return encoded.set(file, cached.frames);
        const samples = await this.options.backend.audio(grant, file);
        if (!samples) return;
        const encodedFrames = frames(agreement.codec, samples);
        encoded.set(file, encodedFrames);
        if (this.greetingCache.size < GREETING_CACHE_ENTRIES)
          this.greetingCache.set(key, { frames: encodedFrames, at: now });
      }),
    );
    return encoded;
  }

  private async announcement(
    outcome: SimulationOutcome,
    grant: TestCallGrant,
    codec: MediaAgreement['codec'],
  ): Promise<Uint8Array[]> {
    if (outcome.kind === 'voicemail') return frames(codec, tone(1000, 400));
    const text = announcementText(outcome, grant.names);
    if (!text) return [];
    try {
      return frames(codec, await this.options.backend.speak(text));
    } catch (error) {
      this.options.log(`speech: ${String(error)}`);
      return [];
    }
  }

  private sendOk(dialog: Dialog, invite: SipMessage): void {
    const content = answer(dialog.agreement, dialog.rtp.local, dialog.sessionId).replace(
      /^o=(.*) 1 IN/m,
      `o=$1 ${dialog.sdpVersion} IN`,
    );
    const response = makeResponse(invite, 200, 'OK', {
      headers: {
        to: dialog.local,
        contact: [
          {
            uri: `sip:${parseUri(invite.uri ?? '').user ?? 'flow'}@${this.contactHost}:${this.options.sipPort}${dialog.transport === 'TCP' ? ';transport=tcp' : ''}`,
            params: {},
          },
        ],
        'record-route': invite.headers['record-route'],
        allow: ALLOW,
        'content-type': 'application/sdp',
      },
      content,
    });
    this.stack?.respond(response);
    if (dialog.transport !== 'UDP') return;
    // Over UDP the 2xx is the dialog's to retransmit until the ACK (RFC 3261 13.3.1.4).
    let interval = T1;
    const resend = () => {
      if (!dialog.pendingOk) return;
      this.stack?.respond(response);
      interval = Math.min(interval * 2, T2);
      dialog.pendingOk.timer = setTimeout(resend, interval);
    };
    dialog.pendingOk = { response, timer: setTimeout(resend, interval), seq: invite.headers.cseq.seq };
  }

  private inDialog(dialog: Dialog, request: SipMessage): void {
    const method = request.method ?? '';
    if (method === 'ACK') {
      if (dialog.pendingOk && request.headers.cseq.seq === dialog.pendingOk.seq) {
        clearTimeout(dialog.pendingOk.timer);
        dialog.pendingOk = null;
      }
      const onAck = dialog.onAck;
      dialog.onAck = null;
      onAck?.(true);
      return;
    }
    if (request.headers.cseq.seq < dialog.remoteSeq)
      return this.respond(request, 500, 'Server Internal Error', { headers: { 'retry-after': 1 } });
    dialog.remoteSeq = request.headers.cseq.seq;
    switch (method) {
      case 'BYE':
        this.respond(request, 200, 'OK');
        dialog.ended = true;
        if (dialog.session) dialog.session.hangUp();
        else {
          // BYE before the ACK: the call ends before it started.
          const onAck = dialog.onAck;
          dialog.onAck = null;
          if (dialog.pendingOk) clearTimeout(dialog.pendingOk.timer);
          dialog.pendingOk = null;
          onAck?.(false);
        }
        return;
      case 'INFO': {
        const key = dtmfRelayKey(request);
        if (key === undefined)
          return this.respond(request, 415, 'Unsupported Media Type', {
            headers: { accept: 'application/dtmf-relay' },
          });
        this.respond(request, 200, 'OK');
        if (key) dialog.session?.key(key);
        return;
      }
      case 'OPTIONS':
        return this.respond(request, 200, 'OK', {
          headers: { allow: ALLOW, accept: 'application/sdp, application/dtmf-relay' },
        });
      case 'NOTIFY':
        // The progress of our REFER (RFC 3515): noted, nothing to do.
        return this.respond(request, 200, 'OK');
      case 'INVITE': {
        // A re-INVITE: the caller may move its media (hold, a new port); the codec must stay G.711.
        const agreement = request.content ? agree(request.content) : dialog.agreement;
        if (!agreement) return this.respond(request, 488, 'Not Acceptable Here');
        dialog.agreement = {
          ...agreement,
          codec: dialog.agreement.codec,
          payloadType:
            agreement.codec === dialog.agreement.codec ? agreement.payloadType : dialog.agreement.payloadType,
        };
        dialog.rtp.update(dialog.agreement);
        dialog.sdpVersion++;
        this.sendOk(dialog, request);
        return;
      }
      default:
        this.respond(request, 405, 'Method Not Allowed', { headers: { allow: ALLOW } });
    }
  }

  private request(
    dialog: Dialog,
    method: string,
    headers: Record<string, unknown> = {},
    onResponse?: (response: SipMessage) => void,
  ): void {
    dialog.localSeq++;
    const request: SipMessage = {
      method,
      uri: dialog.remoteTarget,
      headers: {
        via: [],
        to: dialog.remote,
        from: dialog.local,
        'call-id': dialog.callId,
        cseq: { seq: dialog.localSeq, method },
        'max-forwards': 70,
        ...(dialog.routeSet.length > 0 && { route: dialog.routeSet.map((r) => ({ ...r })) }),
        contact: [
          {
            uri: `sip:flow@${this.contactHost}:${this.options.sipPort}${dialog.transport === 'TCP' ? ';transport=tcp' : ''}`,
            params: {},
          },
        ],
        ...headers,
      },
    };
    if (dialog.transport === 'TCP' && !/;transport=/i.test(request.uri ?? ''))
      request.uri = `${request.uri};transport=tcp`;
    this.stack?.request(request, onResponse);
  }

  /** A REFER naming where the flow sends the call, so a test tool can assert it (RFC 3515). */
  private refer(dialog: Dialog, outcome: SimulationOutcome): void {
    const target =
      outcome.kind === 'transfer' ? outcome.extensions[0] : outcome.kind === 'divert' ? outcome.number : undefined;
    if (!target) return;
    const host = parseUri(dialog.remoteTarget).host;
    this.request(dialog, 'REFER', {
      'refer-to': `<sip:${encodeURIComponent(target)}@${host}>`,
      'referred-by': `<sip:flow@${this.contactHost}>`,
    });
  }

  private hangUpFromHere(dialog: Dialog): void {
    if (dialog.ended) return;
    dialog.ended = true;
    if (dialog.pendingOk) clearTimeout(dialog.pendingOk.timer);
    dialog.pendingOk = null;
    dialog.session?.hangUp();
    this.request(dialog, 'BYE');
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The key in an application/dtmf-relay INFO ("Signal=5"), '' for another INFO with no body, undefined for a body we cannot read. */
export function dtmfRelayKey(request: SipMessage): string | undefined {
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  if (!request.content) return '';
  if (!type.startsWith('application/dtmf-relay') && !type.startsWith('application/dtmf')) return undefined;
  const signal =
    /signal\s*=\s*([0-9*#A-D])/i.exec(request.content)?.[1] ?? /^\s*([0-9*#A-D])\s*$/i.exec(request.content)?.[1];
  return signal?.toUpperCase() ?? undefined;
}

/** Every audio file a flow can play: greetings and menus. */
function audioFiles(flow: CallFlow): Set<string> {
  const files = new Set<string>();
  walk(flow.data, (node) => {
    const value = node.args.audio_file?.value;
    if ((node.type === 'play_audio' || node.type === 'dial_menu') && typeof value === 'string' && value !== '')
      files.add(value);
  });
  return files;
}
