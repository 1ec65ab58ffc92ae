import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  worker: { format: 'es' },
  logLevel: 'warn',
  build: { outDir: 'dist', emptyOutDir: true, minify: process.env.BENCH_MINIFY !== 'off' },
});
