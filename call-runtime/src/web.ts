/**
 * The runtime's own HTTP listener, on loopback only, for the server: a browser's WebRTC offer (the portal checked
 * the customer and passes it on with the shared secret) and its hang-up. Browsers never reach it: the portal's
 * authenticated API is their only way in.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

import { CALL_RUNTIME_SECRET_HEADER, callRuntimeWebPaths, TestCallOffer } from '@portal/contract';

import type { CallRuntime } from './runtime.ts';

const MAX_BODY = 64 * 1024;
const HANG_UP = /^\/webrtc\/calls\/([A-Za-z0-9-]{1,64})\/hang-up\/$/;

const STATUS = { answered: 200, not_found: 404, busy: 486, unavailable: 503, not_acceptable: 488 } as const;

function send(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => resolve(null));
  });
}

function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Listens on `address:port` (0: a port the system picks); resolves with the port once listening. */
export function openWebListener(
  runtime: CallRuntime,
  options: { address: string; port: number; secret: string; log: (line: string) => void },
): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      options.log(`web: ${String(error)}`);
      if (!response.headersSent) send(response, 500, { detail: 'The call runtime failed' });
    });
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!sameSecret(request.headers[CALL_RUNTIME_SECRET_HEADER], options.secret))
      return send(response, 403, { detail: 'Only the portal may call this.' });
    if (request.method !== 'POST') return send(response, 405, { detail: 'Method not allowed' });
    const url = request.url ?? '';
    if (url === callRuntimeWebPaths.offer) {
      const text = await readBody(request);
      let json: unknown;
      try {
        json = JSON.parse(text ?? '');
      } catch {
        return send(response, 400, { detail: 'Invalid JSON' });
      }
      const offer = TestCallOffer.safeParse(json);
      if (!offer.success) return send(response, 400, { detail: offer.error.issues[0]?.message ?? 'Invalid offer' });
      const answer = await runtime.answerBrowser(offer.data.token, offer.data.sdp);
      return send(
        response,
        STATUS[answer.status],
        answer.status === 'answered' ? { sdp: answer.sdp } : { detail: answer.status },
      );
    }
    const hangUp = HANG_UP.exec(url);
    if (hangUp?.[1]) return send(response, runtime.hangUpBrowser(hangUp[1]) ? 204 : 404);
    send(response, 404, { detail: 'Not found' });
  }
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.address, () => {
      server.removeListener('error', reject);
      const bound = server.address();
      resolve({ server, port: typeof bound === 'object' && bound ? bound.port : options.port });
    });
  });
}
