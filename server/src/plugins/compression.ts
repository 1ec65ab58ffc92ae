import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers of 1 KiB or more (JSON above all) with brotli or gzip by
 * Accept-Encoding, adding Vary: Accept-Encoding. Not audio (audio/wav is not a compressible
 * type), not partial content, and not files that already went out compressed: the built
 * SPA's assets are compressed at build time (scripts/precompress.ts) and sent as they are.
 * Brotli at quality 4 for answers made per request: close to gzip's speed, smaller.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
