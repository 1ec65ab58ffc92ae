// The floor page's build: the product's Vite configuration (../../vite.config.ts: plugins, aliases, chunking,
// hashes, pre-compression, CSP nonce placeholder), with this folder as its root and its own output folder, so the
// floor is built exactly as the portal is and never lands in the portal's dist/.
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';

import product from '../../vite.config.ts';

export default defineConfig((env) =>
  mergeConfig(product(env), {
    root: fileURLToPath(new URL('.', import.meta.url)),
    logLevel: 'warn',
    build: { outDir: 'dist', emptyOutDir: true },
  }),
);
