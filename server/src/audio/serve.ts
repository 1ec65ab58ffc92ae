import type { FastifyReply, FastifyRequest } from 'fastify';

import { AUDIO_FORMAT } from '@portal/contract';

import { auditSwitchedChange } from '../modules/staff/audit.ts';
import { detailError } from '../plugins/errors.ts';
import { parseRange } from './range.ts';

/** A filename safe inside a quoted content-disposition value: letters, digits, dot, dash and underscore. */
export function safeFilename(name: string): string {
  return name.replace(/[^\w.-]/g, '_').slice(0, 200) || 'audio.wav';
}

/**
 * Sends audio bytes as audio/wav, whole or the one byte range asked for (206; 416 past the
 * end), named `filename` for a browser that saves it.
 */
export function sendAudio(request: FastifyRequest, reply: FastifyReply, bytes: Buffer, filename: string): FastifyReply {
  // A Range with If-Range is for a copy we cannot vouch for (no validators here): the whole file is the safe answer.
  const range = request.headers['if-range'] === undefined ? parseRange(request.headers.range, bytes.length) : null;
  if (range === 'unsatisfiable') {
    throw detailError(416, 'The requested range is beyond the end of the file.', {
      'Accept-Ranges': 'bytes',
      'Content-Range': `bytes */${bytes.length}`,
    });
  }
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', 'private, no-cache');
  reply.header('content-disposition', `inline; filename="${safeFilename(filename)}"`);
  reply.type(AUDIO_FORMAT.contentType);
  if (range === null) return reply.send(bytes);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
    .send(bytes.subarray(range.start, range.end + 1));
}

/** Headers of a download: saved under `filename` (made safe), never cached. */
export function attachmentHeaders(reply: FastifyReply, filename: string, type: string): FastifyReply {
  return reply
    .header('content-disposition', `attachment; filename="${safeFilename(filename)}"`)
    .header('cache-control', 'private, no-store')
    .type(type);
}

/** How long one part may wait for a client that stopped reading before the connection is dropped. */
const STALLED_WRITE_MS = 60_000;

/**
 * Writes `part` to the answer and resolves once the socket has taken it, so its buffer may be used again.
 * A client that stops reading for `STALLED_WRITE_MS` loses the connection (and frees the file and buffer).
 */
function writeOut(raw: FastifyReply['raw'], part: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (raw.destroyed) {
      reject(new Error('The client closed the connection'));
      return;
    }
    const closed = () => {
      clearTimeout(stalled);
      reject(new Error('The client closed the connection'));
    };
    const stalled = setTimeout(() => raw.destroy(), STALLED_WRITE_MS);
    raw.once('close', closed);
    raw.write(part, (error) => {
      clearTimeout(stalled);
      raw.off('close', closed);
      if (error) reject(error);
      else resolve();
    });
  });
}

export interface StreamedAttachment {
  filename: string;
  type: string;
  /** The whole size when it is known before the first byte (Content-Length: the page shows a percentage). */
  length?: number;
}

/**
 * Answers with an attachment that `body` writes part by part: each part is on the socket before `write`
 * resolves, so the parts may share one buffer and memory stays flat whatever the size. Nothing is sent
 * before the first part, so an error thrown before it is answered as any other (a 404 as JSON); an error
 * after it aborts the connection, so no client keeps a cut-off file as if it were whole. The answer goes to
 * the socket directly, past Fastify's onSend hooks: the staff audit those hooks keep is written here (and
 * the CSRF cookie is a plain header for that reason, plugins/csrf.ts).
 */
export async function streamAttachment(
  request: FastifyRequest,
  reply: FastifyReply,
  attachment: StreamedAttachment,
  body: (write: (part: Buffer) => Promise<void>) => Promise<void>,
): Promise<FastifyReply> {
  const raw = reply.raw;
  let started = false;
  const start = async () => {
    attachmentHeaders(reply.code(200), attachment.filename, attachment.type);
    if (attachment.length !== undefined) reply.header('content-length', attachment.length);
    // Before anything is sent: an audit that cannot be written is answered as an error, as for any change.
    await auditSwitchedChange(request, reply, undefined);
    reply.hijack();
    started = true;
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
    // Node then refuses to send more or fewer bytes than announced.
    raw.strictContentLength = attachment.length !== undefined;
    raw.writeHead(200);
  };
  try {
    await body(async (part) => {
      if (!started) await start();
      await writeOut(raw, part);
    });
    if (!started) await start();
  } catch (error) {
    if (!started) throw error;
    if (!raw.destroyed) request.log.error({ err: error }, `${attachment.filename}: stopped while it was sent`);
    raw.destroy();
    return reply;
  }
  raw.end();
  return reply;
}
