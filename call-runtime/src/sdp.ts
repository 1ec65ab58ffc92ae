/** The SDP answer of a test call: G.711 (PCMU, else PCMA) plus RFC 4733 telephone-events, or none (488). */
import { parse, write, type MediaAttributes, type SessionDescription } from 'sdp-transform';

export type Codec = 'PCMU' | 'PCMA';

/** What was agreed: where to send RTP, in which payload types. */
export interface MediaAgreement {
  codec: Codec;
  payloadType: number;
  /** The caller's telephone-event payload type, or null when it offered none (keys then come by SIP INFO). */
  telephoneEvent: number | null;
  remote: { address: string; port: number };
}

const STATIC_TYPES: Record<number, Codec> = { 0: 'PCMU', 8: 'PCMA' };

/** Reads an offer: the first audio stream's G.711 choice (PCMU before PCMA), or null when it offers neither. */
export function agree(offer: string): MediaAgreement | null {
  let session: SessionDescription;
  try {
    session = parse(offer);
  } catch {
    return null;
  }
  const audio = session.media.find((m) => m.type === 'audio' && m.port > 0);
  if (!audio) return null;
  const offered = String(audio.payloads ?? '')
    .split(/\s+/)
    .filter((p) => /^\d+$/.test(p))
    .map(Number);
  const codecOf = (pt: number): string | undefined =>
    audio.rtp.find((r) => r.payload === pt)?.codec.toUpperCase() ?? STATIC_TYPES[pt];
  const pick = (['PCMU', 'PCMA'] as const)
    .map((codec) => ({ codec, pt: offered.find((pt) => codecOf(pt) === codec) }))
    .find((c) => c.pt !== undefined);
  if (!pick || pick.pt === undefined) return null;
  const event = offered.find(
    (pt) => codecOf(pt) === 'TELEPHONE-EVENT' && audio.rtp.find((r) => r.payload === pt)?.rate === 8000,
  );
  const address = audio.connection?.ip ?? session.connection?.ip;
  if (!address) return null;
  return {
    codec: pick.codec,
    payloadType: pick.pt,
    telephoneEvent: event ?? null,
    remote: { address, port: audio.port },
  };
}

/** The answer: our address and RTP port, the agreed codec and telephone-event. */
export function answer(agreement: MediaAgreement, local: { address: string; port: number }, sessionId: number): string {
  const rtp: MediaAttributes['rtp'] = [{ payload: agreement.payloadType, codec: agreement.codec, rate: 8000 }];
  const fmtp: MediaAttributes['fmtp'] = [];
  if (agreement.telephoneEvent !== null) {
    rtp.push({ payload: agreement.telephoneEvent, codec: 'telephone-event', rate: 8000 });
    fmtp.push({ payload: agreement.telephoneEvent, config: '0-16' });
  }
  const description: SessionDescription = {
    version: 0,
    origin: { username: '-', sessionId, sessionVersion: 1, netType: 'IN', ipVer: 4, address: local.address },
    name: 'portal test call',
    timing: { start: 0, stop: 0 },
    connection: { version: 4, ip: local.address },
    media: [
      {
        type: 'audio',
        port: local.port,
        protocol: 'RTP/AVP',
        payloads: [
          agreement.payloadType,
          ...(agreement.telephoneEvent === null ? [] : [agreement.telephoneEvent]),
        ].join(' '),
        rtp,
        fmtp,
        ptime: 20,
        direction: 'sendrecv',
      },
    ],
  };
  return write(description);
}
