import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUDIO_FORMAT } from '@portal/contract';
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
