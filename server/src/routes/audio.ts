import { and, asc, eq } from 'drizzle-orm';
import { audioFiles } from '../db/schema.ts';
import { parseRange } from '../audio/range.ts';
import { detailError } from '../plugins/errors.ts';
import type { Handlers } from './index.ts';
import { notFound, ownedVoipProduct } from './ownership.ts';

export const audioHandlers = {
  listCallFlowAudioFiles: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const rows = await request.server.db
      .select()
      .from(audioFiles)
      .where(eq(audioFiles.productId, product.id))
      .orderBy(asc(audioFiles.id));
    return {
      results: rows.map((row) => ({
        stored_filename: row.storedFilename,
        kind: row.kind,
        sub_kind: row.subKind,
        call_flow_filename: row.callFlowFilename,
        name: row.name,
        text: row.text,
        tts_voice: row.ttsVoice,
        duration_ms: row.durationMs,
      })),
    };
  },

  downloadCallFlowAudioFile: async ({ params, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    // PostgreSQL text cannot hold NUL, so such a name can name no file.
    if (params.name.includes('\u0000')) throw notFound();
    const [file] = await request.server.db
      .select()
      .from(audioFiles)
      .where(and(eq(audioFiles.productId, product.id), eq(audioFiles.storedFilename, params.name)))
      .limit(1);
    const bytes = file ? await request.server.audio.get(file.storageKey) : null;
    if (!file || !bytes) throw notFound();

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
    reply.header('content-disposition', `inline; filename="${file.storedFilename.replace(/[^\w.-]/g, '_')}"`);
    reply.type(file.contentType);
    if (range === null) return bytes;
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
      .send(bytes.subarray(range.start, range.end + 1));
  },
} satisfies Pick<Handlers, 'listCallFlowAudioFiles' | 'downloadCallFlowAudioFile'>;
