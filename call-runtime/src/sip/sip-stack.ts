/**
 * The SIP stack behind an interface of our own: npm `sip` (RFC 3261 parsing, UDP and TCP transports, transactions)
 * today. It has no dialog layer (dialogs.ts is ours), so another stack (SIP.js's core) can replace it here alone.
 */
import sip, { type SipMessage, type SipRemote } from 'sip';

export type { SipMessage, SipRemote };

export interface SipStack {
  /** Answers a request (its server transaction sends and retransmits the answer). */
  respond(response: SipMessage): void;
  /** Sends a request; `onResponse` gets each response, provisional ones too. */
  request(request: SipMessage, onResponse?: (response: SipMessage) => void): void;
  close(): void;
}

export interface SipStackOptions {
  address: string;
  port: number;
  onRequest(request: SipMessage, remote: SipRemote): void;
  onError?(error: unknown): void;
}

export function makeResponse(
  request: SipMessage,
  status: number,
  reason: string,
  extension?: { headers?: Record<string, unknown>; content?: string },
): SipMessage {
  return sip.makeResponse(request, status, reason, extension);
}

export const parseUri = sip.parseUri;
export const parse = sip.parse;

/** Opens UDP and TCP listeners on one address and port. */
export function openSipStack(options: SipStackOptions): SipStack {
  const handle = sip.create(
    {
      address: options.address,
      port: options.port,
      udp: true,
      tcp: true,
      // npm sip treats a request to its own hostname as one to itself; with the listening address as hostname it
      // could not reach a peer on loopback (every peer here). 'localhost' is never a peer's Contact host.
      publicAddress: 'localhost',
      logger: { error: options.onError ?? (() => {}) },
    },
    (request, remote) => options.onRequest(request, remote),
  );
  return {
    respond: (response) => handle.send(response),
    request: (request, onResponse) => handle.send(request, onResponse),
    close: () => handle.destroy(),
  };
}
