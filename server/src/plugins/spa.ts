import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './errors.ts';

/**
 * Serves the built SPA: its files, and index.html for any other GET that is not an API
 * path, so client-side routes (/auth/login/, /billing?id=1) load the app. Without a
 * build, every unknown path is a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string) {
  const hasSpa = existsSync(join(staticDir, 'index.html'));
  if (!hasSpa) {
    app.log.warn(`No SPA build in ${staticDir}; run \`npm run build\` to serve the pages.`);
  } else {
    await app.register(fastifyStatic, {
      root: staticDir,
      dotfiles: 'ignore',
      // file.br / file.gz written at build time (scripts/precompress.ts), chosen by Accept-Encoding, with Vary.
      preCompressed: true,
      // Source maps stay on the machine that built them: a request for one is a 404.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      cacheControl: false, // set below, per file
      setHeaders(reply, path) {
        // Vite puts content-hashed names under assets/, so they never change; index.html must be revalidated.
        const hashed = path.startsWith(join(staticDir, 'assets') + sep);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      hasSpa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      // Sandbox pages exist only with the sandbox adapters; otherwise they are missing, not SPA routes.
      !path.startsWith('/sandbox/') &&
      // A missing hashed file must not come back as HTML with a 200.
      !path.startsWith('/assets/');
    return isPage ? reply.sendFile('index.html') : sendNotFound(reply);
  });
}
