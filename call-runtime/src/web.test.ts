// The browser's call: werift's own RTCPeerConnection plays the browser on loopback (no STUN or TURN, host candidates
// only, the offer gathered in full), posts its offer to the runtime's web listener as the portal passes it on (the
// shared secret and a granted token), hears the flow as paced G.711, presses a key as RFC 4733 telephone-events
// (as RTCDTMFSender sends them) and hangs up through the listener.
import alawmulaw from 'alawmulaw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtpHeader,
  type RTCDtlsTransport,
  type RtpPacket,
} from 'werift';

import { buildPath, CALL_RUNTIME_SECRET_HEADER, callRuntimeWebPaths } from '@portal/contract';
import { simulateCall } from '@portal/editor-core';

import { PacedClock } from './media-clock.ts';
import { CallRuntime } from './runtime.ts';
import { FakeBackend, freePort, menuFlow, tonesHeard } from './testing.ts';
import { openWebListener } from './web.ts';

const OUT_OF_HOURS = new Date('2025-01-06T08:30:00Z');
const SECRET = 'the-portal-and-its-runtime';
/** The menu's greeting: 440 Hz (FakeBackend's tone), long enough to fill the second of audio counted. */
const GREETING_MS = 3000;
const GREETING_HZ = 440;
const TELEPHONE_EVENT = 101;

const cleanUps: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

/** `promise`, or a failure naming `what` after `ms`: no wait of this file is unbounded. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Polls `test` every 20 ms until it holds, for at most `ms`. */
async function until(test: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

async function setUp() {
  const backend = new FakeBackend();
  backend.greetingMs = GREETING_MS;
  const clock = new PacedClock();
  const runtime = new CallRuntime({
    address: '127.0.0.1',
    sipPort: await freePort(),
    clock,
    backend,
    keyWaitFrames: 250,
  });
  runtime.start();
  cleanUps.push(() => runtime.stop());
  const web = await openWebListener(runtime, { address: '127.0.0.1', port: 0, secret: SECRET, log: () => {} });
  cleanUps.push(() => new Promise<void>((done) => web.server.close(() => done())));
  const base = `http://127.0.0.1:${web.port}`;
  const post = (path: string, body?: unknown, secret = SECRET) =>
    within(
      fetch(new URL(path, base), {
        method: 'POST',
        headers: { [CALL_RUNTIME_SECRET_HEADER]: secret, 'content-type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(15_000),
      }),
      15_000,
      `POST ${path}`,
    );
  return { backend, clock, post };
}

const codec = (mimeType: string, payloadType: number) =>
  new RTCRtpCodecParameters({ mimeType, clockRate: 8000, channels: 1, payloadType });

/** Keeps only the SDP's candidates on 127.0.0.1: no packet of this test leaves loopback. */
function loopbackOnly(sdp: string): string {
  return sdp
    .split('\r\n')
    .filter((line) => !line.startsWith('a=candidate:') || line.split(' ')[4] === '127.0.0.1')
    .join('\r\n');
}

/**
 * The browser (the offerer, so the DTLS server) answers the runtime's first ClientHello only, as a browser's DTLS does
 * (Chromium's sends no HelloVerifyRequest at all). werift's server would answer a ClientHello the runtime sent again
 * (after 500 ms without an answer, on a loaded machine) with a second HelloVerifyRequest, on which werift's client
 * fails the handshake. The hook goes in as the transport makes its DTLS socket, before any packet reaches it.
 */
function oneHelloVerifyRequest(transport: RTCDtlsTransport): void {
  const { unSubscribe } = transport.onStateChange.subscribe((state) => {
    if (state !== 'connecting') return;
    unSubscribe();
    queueMicrotask(() => {
      const socket = transport.dtls?.transport.socket;
      if (!socket) return;
      const receive = socket.onData;
      let hello = false;
      socket.onData = (data, address) => {
        // A handshake record (22) holding a ClientHello (1) of message_seq 0: the one without a cookie.
        const firstHello = data[0] === 22 && data[13] === 1 && data.length > 18 && data.readUInt16BE(17) === 0;
        if (firstHello && hello) return;
        hello ||= firstHello;
        receive(data, address);
      };
    });
  });
}

/** A browser: an audio transceiver offering `codecs`, its candidates gathered in full (no trickle). */
async function browser(codecs: RTCRtpCodecParameters[]) {
  const peer = new RTCPeerConnection({
    iceServers: [],
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceUseIpv6: false,
    iceFilterCandidatePair: (pair) =>
      pair.localCandidate.host === '127.0.0.1' && pair.remoteCandidate.host === '127.0.0.1',
    codecs: { audio: codecs, video: [] },
  });
  cleanUps.push(() => peer.close().catch(() => {}));
  const transceiver = peer.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendrecv' });
  oneHelloVerifyRequest(transceiver.dtlsTransport);
  const heard: Array<{ at: number; packet: RtpPacket }> = [];
  peer.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((packet) => heard.push({ at: performance.now(), packet }));
  });
  await peer.setLocalDescription(await peer.createOffer());
  if (peer.iceGatheringState !== 'complete')
    await peer.iceGatheringStateChange.watch((state) => state === 'complete', 10_000);
  return { peer, transceiver, heard, offer: loopbackOnly(peer.localDescription?.sdp ?? '') };
}

/**
 * Presses a key as a browser's RTCDTMFSender does (RFC 4733): packets 20 ms apart with one timestamp and a growing
 * duration, the first marked, the end bit on the last three.
 */
async function pressKey(
  sender: { ssrc: number; dtlsTransport: { sendRtp(payload: Buffer, header: RtpHeader): unknown } },
  key: number,
) {
  const timestamp = 123_456;
  let sequence = 1000;
  const durations = [160, 320, 480, 640, 800, 800, 800];
  for (const [i, duration] of durations.entries()) {
    const end = i >= durations.length - 3;
    const payload = Buffer.alloc(4);
    payload[0] = key;
    payload[1] = (end ? 0x80 : 0) | 10;
    payload.writeUInt16BE(duration, 2);
    const header = new RtpHeader({
      payloadType: TELEPHONE_EVENT,
      sequenceNumber: sequence++,
      timestamp,
      marker: i === 0,
      ssrc: sender.ssrc,
    });
    await sender.dtlsTransport.sendRtp(payload, header);
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe("the runtime's web listener answers a browser's WebRTC call", { timeout: 30_000 }, () => {
  it('connects, plays the menu as G.711 paced at 20 ms, takes key 2 as RFC 4733, and hangs up on request', async () => {
    const { backend, clock, post } = await setUp();
    const flow = menuFlow();
    const token = backend.grant({ flow, at: OUT_OF_HOURS });
    const callId = backend.grants.get(token)?.id ?? '';
    const caller = await browser([codec('audio/PCMU', 0), codec('audio/PCMA', 8), codec('audio/telephone-event', 101)]);
    expect(caller.offer).toMatch(/^a=candidate:.* 127\.0\.0\.1 \d+ typ host/m);

    const response = await post(callRuntimeWebPaths.offer, { token, sdp: caller.offer });
    expect(response.status).toBe(200);
    const { sdp } = (await response.json()) as { sdp: string };
    // G.711 (PCMU, the browser's first choice) and telephone-event; host candidates only, loopback among them.
    expect(sdp).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF 0 101\r?$/m);
    expect(sdp).toMatch(/^a=candidate:.* 127\.0\.0\.1 \d+ typ host/m);
    expect(sdp).not.toMatch(/typ (srflx|relay)/);
    await caller.peer.setRemoteDescription({ type: 'answer', sdp: loopbackOnly(sdp) });
    // ICE and DTLS-SRTP up (or given up on) within the 15 s the runtime waits for a browser.
    await until(() => ['connected', 'failed', 'closed'].includes(caller.peer.connectionState), 15_000, 'connecting');
    expect(caller.peer.connectionState).toBe('connected');

    // About one second of audio from the first packet: one packet per 20 ms. After a stall of the machine (a tick
    // over 100 ms late) the media clock sends at most 5 missed frames and drops the rest (media-clock.ts): the test's
    // own listener on the clock sees such a stall, and then only a bound from below holds.
    const ticks: number[] = [];
    cleanUps.push(clock.subscribe(() => ticks.push(performance.now())));
    await until(() => caller.heard.length > 0, 5000, 'the first audio packet');
    const first = caller.heard[0]?.at ?? 0;
    await new Promise((done) => setTimeout(done, 1100));
    const second = caller.heard.filter((h) => h.at - first < 1000);
    const inWindow = ticks.filter((t) => t >= first - 100 && t < first + 1000);
    const stall = Math.max(0, ...inWindow.slice(1).map((t, i) => t - (inWindow[i] ?? t)));
    const figures = `${second.length} packets in 1 s, the longest gap between clock ticks ${Math.round(stall)} ms`;
    expect(second.length, figures).toBeGreaterThanOrEqual(stall < 100 ? 40 : 15);
    expect(second.length, figures).toBeLessThanOrEqual(60);
    expect(second.every((h) => h.packet.header.payloadType === 0)).toBe(true);
    const timestamps = second.map((h) => h.packet.header.timestamp);
    expect(timestamps.slice(1).every((t, i) => (t - (timestamps[i] ?? 0)) >>> 0 === 160)).toBe(true);
    expect(second.every((h) => h.packet.payload.length === 160)).toBe(true);
    // What was heard is the menu's greeting: its tone, not silence.
    const samples = alawmulaw.mulaw.decode(Buffer.concat(second.map((h) => h.packet.payload)));
    expect(tonesHeard(samples, 8000, [GREETING_HZ, 1000, 300])).toEqual([GREETING_HZ]);
    expect(backend.moments.filter((m) => m.kind === 'menu')).toHaveLength(1);

    // Key 2 during the greeting (barge-in): the walk goes to the voicemail.
    await pressKey(caller.transceiver.sender, 2);
    await until(() => backend.moments.some((m) => m.kind === 'outcome'), 5000, 'the outcome after key 2');
    expect(backend.moments.find((m) => m.kind === 'outcome')).toMatchObject({
      outcome: { kind: 'voicemail', extension: '300' },
    });
    expect(backend.reports).toHaveLength(0);

    const hangUp = await post(buildPath(callRuntimeWebPaths.hangUp, { call: callId }));
    expect(hangUp.status).toBe(204);
    await within(backend.reported(1), 5000, 'the finish report');
    const report = backend.reports[0];
    expect(report?.reason).toBe('caller_hung_up');
    expect(report?.result?.outcome).toMatchObject({ kind: 'voicemail', extension: '300' });
    // The same path as the simulator's for the same flow, instant and key.
    expect(report?.result?.path).toEqual(simulateCall({ flow, at: OUT_OF_HOURS, keys: ['2'] }).path);
    // The call is gone: a second hang-up finds nothing.
    expect((await post(buildPath(callRuntimeWebPaths.hangUp, { call: callId }))).status).toBe(404);
  });

  it('refuses a wrong secret (403), an unknown or used token (404) and an offer without G.711 (488)', async () => {
    const { backend, post } = await setUp();
    const token = backend.grant({ flow: menuFlow(), at: OUT_OF_HOURS });
    const g711 = await browser([codec('audio/PCMU', 0), codec('audio/telephone-event', 101)]);

    const wrongSecret = await post(callRuntimeWebPaths.offer, { token, sdp: g711.offer }, 'not-the-secret');
    expect(wrongSecret.status).toBe(403);
    expect(backend.grants.has(token)).toBe(true);

    const opusOnly = await browser([
      new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2, payloadType: 111 }),
    ]);
    const noG711 = await post(callRuntimeWebPaths.offer, { token, sdp: opusOnly.offer });
    expect(noG711.status).toBe(488);
    // Refused before the token was taken: it is still unused.
    expect(backend.grants.has(token)).toBe(true);

    const unknown = await post(callRuntimeWebPaths.offer, { token: 'AAAAAAAAAAAAAAAAAAAAAA', sdp: g711.offer });
    expect(unknown.status).toBe(404);

    const answered = await post(callRuntimeWebPaths.offer, { token, sdp: g711.offer });
    expect(answered.status).toBe(200);
    const again = await browser([codec('audio/PCMU', 0), codec('audio/telephone-event', 101)]);
    const used = await post(callRuntimeWebPaths.offer, { token, sdp: again.offer });
    expect(used.status).toBe(404);

    const unknownCall = await post(buildPath(callRuntimeWebPaths.hangUp, { call: 'no-such-call' }));
    expect(unknownCall.status).toBe(404);
  });
});
