import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; images, audio and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;
/** Below this, the headers of a compressed answer cost about what compression saves. */
const MIN_BYTES = 256;

/**
 * Writes `file.br` and `file.gz` beside every text asset of the build, at the strongest
 * settings (brotli 11, gzip 9): build time, not per request. The server sends them by
 * Accept-Encoding (@fastify/static's preCompressed). Skipped where compression would not
 * make the file smaller. Returns what it wrote, for the build log.
 */
export function precompressFolder(root: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.')) walk(path);
        continue;
      }
      if (!COMPRESSIBLE.test(entry.name) || statSync(path).size < MIN_BYTES) continue;
      // The page is made per request (a CSP nonce in it: server/src/plugins/spa.ts) and compressed then.
      if (folder === root && entry.name === 'index.html') continue;
      const bytes = readFileSync(path);
      const brotli = brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      });
      const gzip = gzipSync(bytes, { level: 9 });
      if (brotli.length < bytes.length) writeFileSync(`${path}.br`, brotli);
      if (gzip.length < bytes.length) writeFileSync(`${path}.gz`, gzip);
      totals.files++;
      totals.bytes += bytes.length;
      totals.brotli += Math.min(brotli.length, bytes.length);
      totals.gzip += Math.min(gzip.length, bytes.length);
    }
  };
  walk(root);
  return totals;
}

/** The Vite plugin: runs precompressFolder on the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { files, bytes, brotli, gzip } = precompressFolder(outDir);
      const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
      console.log(`precompressed ${files} files: ${kib(bytes)} -> brotli ${kib(brotli)}, gzip ${kib(gzip)}`);
    },
  };
}
