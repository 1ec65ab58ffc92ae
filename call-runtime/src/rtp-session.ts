/**
 * The RTP of one call over UDP: sends a G.711 frame per clock tick (the session decides which), reads the caller's
 * keys from RFC 4733 telephone-events and its audio for a voicemail message. Packets from any address but the one in
 * the caller's SDP are dropped (any port: a caller may send from another port than it receives on).
 */
import { randomInt } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { RtpHeader, RtpPacket } from 'werift';

import { FRAME_SAMPLES } from './media-clock.ts';
import type { MediaAgreement } from './sdp.ts';

/** RFC 4733 event codes 0-15 as keys. */
const EVENT_KEYS = '0123456789*#ABCD';

/**
 * The key of an RFC 4733 telephone-event packet, once per event: its packets repeat with one timestamp, so the
 * timestamps already taken are kept in `taken` (the last 32). Null for a repeat or an event that is not a key.
 */
export function telephoneEventKey(payload: Uint8Array, timestamp: number, taken: number[]): string | null {
  const event = payload[0];
  if (event === undefined || event > 15 || taken.includes(timestamp)) return null;
  taken.push(timestamp);
  if (taken.length > 32) taken.shift();
  return EVENT_KEYS.charAt(event);
}

export interface RtpHandlers {
  key(key: string): void;
  audio(payload: Uint8Array, timestamp: number): void;
}

export class RtpSession {
  private sequence = randomInt(0, 0xffff);
  private timestamp = randomInt(0, 0xffffffff);
  private readonly ssrc = randomInt(1, 0xffffffff);
  private first = true;
  /** Timestamps of telephone-events already taken: an event's packets repeat with one timestamp. */
  private readonly events: number[] = [];
  private handlers: RtpHandlers | null = null;
  private closed = false;
  /** Figures for the call's report: packets sent and received. */
  readonly counts = { sent: 0, received: 0, dropped: 0 };

  private constructor(
    private readonly socket: Socket,
    readonly local: { address: string; port: number },
    private agreement: MediaAgreement,
  ) {
    socket.on('message', (data, from) => this.receive(data, from.address));
    socket.on('error', () => {});
  }

  /** Binds a UDP port on `address` for a call. */
  static open(address: string, agreement: MediaAgreement): Promise<RtpSession> {
    return new Promise((resolve, reject) => {
      const socket = createSocket('udp4');
      socket.once('error', reject);
      socket.bind(0, address, () => {
        socket.removeListener('error', reject);
        resolve(new RtpSession(socket, { address, port: socket.address().port }, agreement));
      });
    });
  }

  /** A re-INVITE may move the caller's media; the codec stays. */
  update(agreement: MediaAgreement): void {
    this.agreement = agreement;
  }

  listen(handlers: RtpHandlers): void {
    this.handlers = handlers;
  }

  send(frame: Uint8Array): void {
    if (this.closed) return;
    const header = new RtpHeader({
      payloadType: this.agreement.payloadType,
      sequenceNumber: this.sequence,
      timestamp: this.timestamp,
      ssrc: this.ssrc,
      marker: this.first,
    });
    this.first = false;
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0;
    const packet = new RtpPacket(header, Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength)).serialize();
    this.counts.sent++;
    this.socket.send(packet, this.agreement.remote.port, this.agreement.remote.address);
  }

  private receive(data: Buffer, address: string): void {
    const { remote } = this.agreement;
    if (address !== remote.address || data.length < 12 || (data[0] ?? 0) >> 6 !== 2) {
      this.counts.dropped++;
      return;
    }
    let packet: RtpPacket;
    try {
      packet = RtpPacket.deSerialize(data);
    } catch {
      this.counts.dropped++;
      return;
    }
    this.counts.received++;
    const { payloadType, timestamp } = packet.header;
    if (payloadType === this.agreement.telephoneEvent) {
      const key = telephoneEventKey(packet.payload, timestamp, this.events);
      if (key) this.handlers?.key(key);
    } else if (payloadType === this.agreement.payloadType) {
      this.handlers?.audio(packet.payload, timestamp);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.close();
  }
}
