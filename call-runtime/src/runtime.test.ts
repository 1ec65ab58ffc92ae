// The runtime answering SIP over UDP on loopback, driven by a bare peer that writes each request by hand: the
// dialog rules (RFC 3261), the media agreement, keys by SIP INFO and RFC 4733, the REFER of a transfer, and who
// may call.
import { createSocket, type Socket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';

import {
  findNode,
  insertBetween,
  insertNode,
  removeSubtree,
  setArgs,
  type CallFlow,
  type Command,
} from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { PacedClock } from './media-clock.ts';
import { CallRuntime } from './runtime.ts';
import { BarePeer, FakeBackend, freePort, offer } from './testing.ts';

const OUT_OF_HOURS = new Date('2025-01-06T08:30:00Z');

const open: Array<{ close(): void } | CallRuntime> = [];
afterEach(async () => {
  for (const thing of open.splice(0)) {
    if (thing instanceof CallRuntime) await thing.stop();
    else thing.close();
  }
});

async function setUp(options: Partial<ConstructorParameters<typeof CallRuntime>[0]> = {}) {
  const backend = new FakeBackend();
  const port = await freePort();
  const runtime = new CallRuntime({
    address: '127.0.0.1',
    sipPort: port,
    clock: new PacedClock(),
    backend,
    answerAfterMs: 50,
    keyWaitFrames: 10,
    ...options,
  });
  runtime.start();
  open.push(runtime);
  const peer = await BarePeer.open(port);
  open.push(peer);
  const media = await rtpSocket();
  open.push(media.socket);
  return { backend, runtime, peer, media };
}

async function rtpSocket(): Promise<{ socket: Socket; port: number; packets: Buffer[] }> {
  const socket = createSocket('udp4');
  const packets: Buffer[] = [];
  socket.on('message', (data) => packets.push(data));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { socket, port: socket.address().port, packets };
}

/** Sends the INVITE, reads 100, 180 and 200, sends the ACK; answers the To-tag and the runtime's RTP port. */
async function call(peer: BarePeer, token: string, mediaPort: number, payloads?: number[]) {
  const user = `flow-${token}`;
  peer.request('INVITE', user, { body: offer(mediaPort, payloads), type: 'application/sdp' });
  const ok = await peer.status(200);
  const toTag = String(ok.headers.to.params.tag);
  peer.request('ACK', user, { toTag });
  const port = Number(/m=audio (\d+)/.exec(ok.content ?? '')?.[1]);
  return { ok, toTag, user, port };
}

/** Out of hours, a dial menu: key 1 -> divert to 07700900123, no other key. */
function menuFlow(): CallFlow {
  const run = (flow: CallFlow, ...commands: Command[]) => commands.reduce((f, c) => apply(f, c)?.flow ?? f, flow);
  let flow = run(sampleFlow(), insertBetween('n4', 'n6', 'dial_menu'));
  const menu = findNode(flow.data, 'n4')?.children[0];
  const key1 = menu?.children[0];
  if (!menu || !key1) throw new Error('menu not made');
  flow = run(
    flow,
    setArgs(menu.id, { audio_file: 'menu.mp3' }),
    removeSubtree('n6'),
    insertNode(key1.id, 'divert_to_external', { args: { target: '07700900123' } }),
  );
  return flow;
}

function rfc4733(event: number, timestamp: number, sequence: number, end: boolean): Buffer {
  const packet = Buffer.alloc(16);
  packet[0] = 0x80;
  packet[1] = 101;
  packet.writeUInt16BE(sequence, 2);
  packet.writeUInt32BE(timestamp, 4);
  packet.writeUInt32BE(0x1234, 8);
  packet[12] = event;
  packet[13] = end ? 0x80 | 10 : 10;
  packet.writeUInt16BE(800, 14);
  return packet;
}

describe('the call runtime over SIP', () => {
  it('answers OPTIONS, 404 for other addresses and unknown tokens, 488 without G.711, 481 outside a dialog', async () => {
    const { peer, backend } = await setUp();
    peer.request('OPTIONS', 'anyone');
    expect(String((await peer.status(200, 'OPTIONS')).headers.allow)).toContain('INFO');
    peer.request('INVITE', 'alice', { body: offer(4000), type: 'application/sdp' });
    await peer.status(404);
    peer.request('INVITE', 'flow-AAAAAAAAAAAAAAAAAAAAAA', { body: offer(4000), type: 'application/sdp' });
    await peer.status(404);
    peer.request('INVITE', `flow-${backend.grant()}`, { body: offer(4000, [9, 111]), type: 'application/sdp' });
    await peer.status(488);
    peer.request('BYE', 'anyone', { toTag: 'nosuch' });
    await peer.status(481, 'BYE');
    peer.request('INFO', 'anyone', {
      toTag: 'nosuch',
      type: 'application/dtmf-relay',
      body: 'Signal=1\r\nDuration=160\r\n',
    });
    await peer.status(481, 'INFO');
  });

  it('plays the flow as paced G.711, says where a transfer goes with a REFER, then hangs up', async () => {
    const { peer, backend, media } = await setUp();
    const { ok, toTag } = await call(peer, backend.grant(), media.port, [8, 101]);
    expect(ok.content).toMatch(/m=audio \d+ RTP\/AVP 8 101/);
    expect(ok.content).toContain('a=rtpmap:101 telephone-event/8000');
    const refer = await peer.next((m) => m.method === 'REFER');
    expect(JSON.stringify(refer.headers['refer-to'])).toContain('sip:200@');
    peer.answer(refer, 202, 'Accepted');
    const bye = await peer.next((m) => m.method === 'BYE');
    peer.answer(bye, 200, 'OK');
    await backend.reported(1);
    expect(backend.reports[0]?.result?.outcome).toMatchObject({ kind: 'transfer', extensions: ['200'] });
    expect(backend.reports[0]?.result?.path).toEqual(['n1', 'n2', 'n3', 'n5']);
    // PCMA (payload type 8), one packet per 20 ms: 100 ms of speech and the silence around it.
    expect(media.packets.length).toBeGreaterThan(4);
    expect(media.packets.every((p) => ((p[1] ?? 0) & 0x7f) === 8)).toBe(true);
    const sequences = media.packets.map((p) => p.readUInt16BE(2));
    expect(sequences.slice(1).every((s, i) => s === (((sequences[i] ?? 0) + 1) & 0xffff))).toBe(true);
    peer.request('BYE', 'x', { toTag });
    await peer.status(481, 'BYE');
  });

  it('takes a key by SIP INFO (application/dtmf-relay)', async () => {
    const { peer, backend, media } = await setUp();
    const { toTag, user } = await call(peer, backend.grant({ flow: menuFlow(), at: OUT_OF_HOURS }), media.port);
    peer.request('INFO', user, { toTag, type: 'application/dtmf-relay', body: 'Signal=1\r\nDuration=160\r\n' });
    await peer.status(200, 'INFO');
    const refer = await peer.next((m) => m.method === 'REFER');
    expect(JSON.stringify(refer.headers['refer-to'])).toContain('sip:07700900123@');
    peer.answer(refer, 202, 'Accepted');
    peer.answer(await peer.next((m) => m.method === 'BYE'), 200, 'OK');
    await backend.reported(1);
    expect(backend.reports[0]?.result?.outcome).toMatchObject({ kind: 'divert', number: '07700900123' });
  });

  it("takes a key by RFC 4733, once for an event's repeated packets, only from the SDP's address", async () => {
    const { peer, backend, media } = await setUp();
    const { port } = await call(peer, backend.grant({ flow: menuFlow(), at: OUT_OF_HOURS }), media.port);
    for (const [i, end] of [false, false, true, true, true].entries())
      media.socket.send(rfc4733(1, 5000, 10 + i, end), port, '127.0.0.1');
    const refer = await peer.next((m) => m.method === 'REFER');
    peer.answer(refer, 202, 'Accepted');
    peer.answer(await peer.next((m) => m.method === 'BYE'), 200, 'OK');
    await backend.reported(1);
    expect(backend.reports[0]?.result?.outcome.kind).toBe('divert');
    const menus = backend.moments.filter((m) => m.kind === 'menu');
    expect(menus).toHaveLength(1);
  });

  it("ends the call on the caller's BYE, no key pressed", async () => {
    const { peer, backend, media } = await setUp();
    const { toTag, user } = await call(peer, backend.grant({ flow: menuFlow(), at: OUT_OF_HOURS }), media.port);
    peer.request('BYE', user, { toTag });
    await peer.status(200, 'BYE');
    await backend.reported(1);
    expect(backend.reports[0]?.reason).toBe('caller_hung_up');
  });

  it('answers CANCEL before the answer with 487 to the INVITE', async () => {
    const { peer, backend } = await setUp({ answerAfterMs: 600 });
    const user = `flow-${backend.grant()}`;
    const branch = peer.request('INVITE', user, { body: offer(4000), type: 'application/sdp' });
    await peer.status(180);
    peer.request('CANCEL', user, { branch });
    await peer.status(200, 'CANCEL');
    await peer.status(487);
    await backend.reported(1);
    expect(backend.reports[0]).toMatchObject({ result: null, reason: 'caller_hung_up' });
  });

  it('answers a re-INVITE moving the media with 200 and the same codec, 488 without G.711, 415 for an INFO it cannot read', async () => {
    const { peer, backend, media } = await setUp();
    const { toTag, user } = await call(
      peer,
      backend.grant({ flow: menuFlow(), at: OUT_OF_HOURS }),
      media.port,
      [8, 101],
    );
    const moved = await rtpSocket();
    open.push(moved.socket);
    peer.request('INVITE', user, { toTag, body: offer(moved.port, [8, 0, 101]), type: 'application/sdp' });
    const ok = await peer.status(200);
    expect(ok.content).toMatch(/m=audio \d+ RTP\/AVP 8 101/);
    expect(ok.content).toMatch(/^o=- \d+ 2 IN/m);
    peer.request('ACK', user, { toTag, seq: ok.headers.cseq.seq });
    // The greeting now goes to the new port.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(moved.packets.length).toBeGreaterThan(0);
    peer.request('INVITE', user, { toTag, body: offer(moved.port, [9]), type: 'application/sdp' });
    await peer.status(488);
    peer.request('INFO', user, { toTag, type: 'text/plain', body: 'hello' });
    await peer.status(415, 'INFO');
    peer.request('BYE', user, { toTag });
    await peer.status(200, 'BYE');
  });

  it('fetches and encodes a greeting once for calls of one product in the same minute', async () => {
    const { peer, backend, media } = await setUp({ answerAfterMs: 0 });
    const { toTag, user } = await call(peer, backend.grant({ flow: menuFlow(), at: OUT_OF_HOURS }), media.port);
    peer.request('BYE', user, { toTag });
    await peer.status(200, 'BYE');
    const second = await BarePeer.open(peer.target);
    open.push(second);
    await call(second, backend.grant({ flow: menuFlow(), at: OUT_OF_HOURS }), media.port);
    expect(backend.audioFetches).toBe(1);
  });

  it('answers 503 past the calls one process takes', async () => {
    const { peer, backend, media } = await setUp({ maxCalls: 1, answerAfterMs: 0 });
    await call(peer, backend.grant({ flow: menuFlow(), at: OUT_OF_HOURS }), media.port);
    const second = await BarePeer.open(peer.target);
    open.push(second);
    second.request('INVITE', `flow-${backend.grant({ productId: 'p2' })}`, {
      body: offer(4000),
      type: 'application/sdp',
    });
    await second.status(503);
  });

  it('refuses a used token, a third call of one product, and callers off the allow-list', async () => {
    const { peer, backend, media } = await setUp({ answerAfterMs: 0 });
    // Menu flows wait for a key, so both calls are still up when the third comes.
    const token = backend.grant({ flow: menuFlow(), at: OUT_OF_HOURS });
    await call(peer, token, media.port);
    const again = await BarePeer.open(peer.target);
    open.push(again);
    again.request('INVITE', `flow-${token}`, { body: offer(4000), type: 'application/sdp' });
    await again.status(404);

    const second = await BarePeer.open(peer.target);
    const third = await BarePeer.open(peer.target);
    open.push(second, third);
    await call(second, backend.grant({ flow: menuFlow(), at: OUT_OF_HOURS }), media.port);
    third.request('INVITE', `flow-${backend.grant()}`, { body: offer(4000), type: 'application/sdp' });
    await third.status(486);

    const guarded = await setUp({ allow: ['10.9.8.7'] });
    guarded.peer.request('INVITE', `flow-${guarded.backend.grant()}`, { body: offer(4000), type: 'application/sdp' });
    await guarded.peer.status(403);
  });
});
