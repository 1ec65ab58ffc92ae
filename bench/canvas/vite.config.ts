import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  worker: { format: 'es' },
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    minify: process.env.BENCH_MINIFY !== 'off',
    // The canvas harness and its floor (a bare @xyflow/react page), two pages of one build.
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        floor: fileURLToPath(new URL('floor.html', import.meta.url)),
      },
    },
  },
});
