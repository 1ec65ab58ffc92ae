// Types for npm `sip` 0.0.6 (it ships none): only what sip-stack.ts uses.
declare module 'sip' {
  export interface SipUri {
    schema?: string;
    user?: string;
    password?: string;
    host: string;
    port?: number;
    params: Record<string, string | null | undefined>;
    headers?: Record<string, string>;
  }
  export interface NameAddr {
    name?: string;
    uri: string;
    params: Record<string, string | null | undefined>;
  }
  export interface Via {
    version?: string;
    protocol?: string;
    host?: string;
    port?: number;
    params: Record<string, string | null | undefined>;
  }
  export interface SipHeaders {
    via: Via[];
    to: NameAddr;
    from: NameAddr;
    'call-id': string;
    cseq: { seq: number; method: string };
    contact?: NameAddr[];
    'record-route'?: NameAddr[];
    route?: NameAddr[];
    'content-type'?: string;
    'max-forwards'?: number | string;
    [name: string]: unknown;
  }
  export interface SipMessage {
    method?: string;
    uri?: string;
    status?: number;
    reason?: string;
    version?: string;
    headers: SipHeaders;
    content?: string;
  }
  export interface SipRemote {
    protocol: string;
    address: string;
    port: number;
    local?: { address: string; port: number };
  }
  export interface SipOptions {
    address?: string;
    port?: number;
    udp?: boolean;
    tcp?: boolean;
    publicAddress?: string;
    hostname?: string;
    logger?: {
      error?: (error: unknown) => void;
      send?: (m: SipMessage, target: unknown) => void;
      recv?: (m: SipMessage, remote: SipRemote) => void;
    };
  }
  export interface SipStackHandle {
    send(message: SipMessage, callback?: (response: SipMessage) => void): void;
    destroy(): void;
    hostname(): string;
  }
  export function create(
    options: SipOptions,
    callback: (request: SipMessage, remote: SipRemote) => void,
  ): SipStackHandle;
  export function makeResponse(
    request: SipMessage,
    status: number,
    reason?: string,
    extension?: { headers?: Record<string, unknown>; content?: string },
  ): SipMessage;
  export function parseUri(uri: string): SipUri;
  export function stringifyUri(uri: SipUri): string;
  export function generateBranch(): string;
  export function parse(text: string): SipMessage | undefined;
  export function stringify(message: SipMessage): string;
}
