/**
 * The media of a browser's test call: a WebRTC peer (werift: ICE, DTLS-SRTP, pure TypeScript) answering the
 * browser's offer with G.711 and RFC 4733 telephone-events, so the session plays and hears exactly as over SIP.
 * No STUN or TURN server is ever asked (werift's default would be Google's public STUN): only host candidates.
 */
import { randomInt } from 'node:crypto';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket } from 'werift';

import { FRAME_SAMPLES } from './media-clock.ts';
import { telephoneEventKey, type RtpHandlers } from './rtp-session.ts';
import type { MediaAgreement } from './sdp.ts';

/** How long the browser has to connect (ICE and DTLS) after the answer; the prototype took about half a second. */
const CONNECT_TIMEOUT_MS = 15_000;

export class WebRtcMedia {
  private sequence = randomInt(0, 0xffff);
  private timestamp = randomInt(0, 0xffffffff);
  private first = true;
  private handlers: RtpHandlers | null = null;
  private closed = false;
  private readonly events: number[] = [];
  private readonly endListeners: Array<() => void> = [];

  private constructor(
    private readonly peer: RTCPeerConnection,
    private readonly track: MediaStreamTrack,
    private readonly agreement: MediaAgreement,
  ) {
    peer.onTrack.subscribe((remote) => {
      remote.onReceiveRtp.subscribe((packet) => this.receive(packet));
    });
    peer.connectionStateChange.subscribe((state) => {
      if (state === 'closed' || state === 'failed' || state === 'disconnected') this.ended();
    });
  }

  /**
   * Answers a browser's offer (already agreed: PCMU or PCMA plus telephone-event), with every host candidate
   * gathered in the answer. `address` is also offered as a host candidate (loopback is left out by default).
   */
  static async answer(
    offer: string,
    agreement: MediaAgreement,
    address: string,
  ): Promise<{ media: WebRtcMedia; sdp: string }> {
    const codecs = [
      new RTCRtpCodecParameters({
        mimeType: `audio/${agreement.codec}`,
        clockRate: 8000,
        channels: 1,
        payloadType: agreement.payloadType,
      }),
    ];
    if (agreement.telephoneEvent !== null)
      codecs.push(
        new RTCRtpCodecParameters({
          mimeType: 'audio/telephone-event',
          clockRate: 8000,
          channels: 1,
          payloadType: agreement.telephoneEvent,
        }),
      );
    const peer = new RTCPeerConnection({
      iceServers: [],
      iceAdditionalHostAddresses: [address],
      iceUseIpv6: false,
      codecs: { audio: codecs, video: [] },
    });
    const track = new MediaStreamTrack({ kind: 'audio' });
    peer.addTransceiver(track, { direction: 'sendrecv' });
    const media = new WebRtcMedia(peer, track, agreement);
    try {
      await peer.setRemoteDescription({ type: 'offer', sdp: offer });
      await peer.setLocalDescription(await peer.createAnswer());
      if (peer.iceGatheringState !== 'complete')
        await peer.iceGatheringStateChange.watch((state) => state === 'complete', CONNECT_TIMEOUT_MS);
    } catch (error) {
      media.close();
      throw error;
    }
    return { media, sdp: peer.localDescription?.sdp ?? '' };
  }

  /** Resolves true once ICE and DTLS are up, false when the browser never connects or gives up. */
  connected(): Promise<boolean> {
    if (this.peer.connectionState === 'connected') return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), CONNECT_TIMEOUT_MS);
      timer.unref();
      const { unSubscribe } = this.peer.connectionStateChange.subscribe((state) => {
        if (state === 'connecting' || state === 'new') return;
        clearTimeout(timer);
        unSubscribe();
        resolve(state === 'connected');
      });
    });
  }

  /** Told once when the browser goes (closed, failed or lost). */
  onEnd(listener: () => void): void {
    if (this.closed) listener();
    else this.endListeners.push(listener);
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
      marker: this.first,
    });
    this.first = false;
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0;
    this.track.writeRtp(new RtpPacket(header, Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength)));
  }

  private receive(packet: RtpPacket): void {
    const { payloadType, timestamp } = packet.header;
    if (payloadType === this.agreement.telephoneEvent) {
      const key = telephoneEventKey(packet.payload, timestamp, this.events);
      if (key) this.handlers?.key(key);
    } else if (payloadType === this.agreement.payloadType) {
      this.handlers?.audio(packet.payload, timestamp);
    }
  }

  private ended(): void {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.endListeners.splice(0)) listener();
  }

  close(): void {
    this.ended();
    this.track.stop();
    void this.peer.close().catch(() => {});
  }
}
