import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

import { ANALYTICS_META_NAME, CSP_NONCE_PLACEHOLDER, type AnalyticsSettings } from '@portal/contract';

import { sendNotFound } from './errors.ts';
import { firstRoutePreloads, LOGIN_PAGE_PATH, type ViteManifest } from './first-route-preloads.ts';
import type { PageCsp } from './security-headers.ts';

interface PageTemplate {
  /** index.html's modification time, so a new build is picked up without a restart. */
  mtimeMs: number;
  /** index.html cut at the nonce placeholder. */
  parts: string[];
  /** The module preloads for the first route of a path (first-route-preloads.ts). */
  preloadsFor: (path: string) => string;
}

function readTemplate(staticDir: string, mtimeMs: number): PageTemplate {
  const html = readFileSync(join(staticDir, 'index.html'), 'utf8');
  const manifestPath = join(staticDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest) : {};
  return { mtimeMs, parts: html.split(CSP_NONCE_PLACEHOLDER), preloadsFor: firstRoutePreloads(manifest) };
}

/**
 * Pages served without public/early.js (index.html's first script), which asks for the user and the navigation with
 * the session's token while the app's code downloads. A guest on the login page has no token, so it would ask for
 * nothing, and a signed-in visitor there is sent on (the app asks for the user itself): on a slow phone its request
 * only shared the link with the page's code (Lighthouse's mobile run, bench/lighthouse).
 */
const WITHOUT_EARLY_REQUESTS = LOGIN_PAGE_PATH;
const EARLY_SCRIPT = /<script\b[^>]*\ssrc="\/early\.js"[^>]*><\/script>/;

const attributeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page's note of the configured analytics services (spec 000 section 7), read by the SPA before it asks
 * for consent; nothing when none is configured, so the page asks for none.
 */
export function analyticsMeta(settings: AnalyticsSettings | undefined): string {
  if (!settings || settings.services.length === 0) return '';
  return `<meta name="${ANALYTICS_META_NAME}" content="${attributeText(JSON.stringify(settings))}">`;
}

/**
 * Serves the built SPA: its files, and index.html for any other GET that is not an API
 * path, so client-side routes (/auth/login/, /billing?id=1) load the app. Without a
 * build, every unknown path is a JSON 404.
 *
 * The page is made per request: a fresh Content-Security-Policy nonce (16 random bytes) in
 * place of the build's placeholder and in the policy's style-src, and module preloads for the
 * first route of the path. So index.html is not pre-compressed (scripts/precompress.ts skips
 * it); about 2 KB, it is compressed on the way out (plugins/compression.ts). With analytics configured, the page
 * also carries their settings (analyticsMeta).
 */
export async function registerSpa(
  app: FastifyInstance,
  staticDir: string,
  pageCsp: PageCsp,
  pageStatus: (path: string) => number = () => 200,
  analytics?: AnalyticsSettings,
) {
  const meta = analyticsMeta(analytics);
  const hasSpa = existsSync(join(staticDir, 'index.html'));
  let template: PageTemplate | undefined;

  function sendPage(path: string, reply: FastifyReply) {
    const mtimeMs = statSync(join(staticDir, 'index.html')).mtimeMs;
    if (template?.mtimeMs !== mtimeMs) template = readTemplate(staticDir, mtimeMs);
    const nonce = randomBytes(16).toString('base64');
    let html = template.parts.join(nonce).replace('</head>', `${meta}${template.preloadsFor(path)}</head>`);
    if (WITHOUT_EARLY_REQUESTS.test(path)) html = html.replace(EARLY_SCRIPT, '');
    return reply
      .code(pageStatus(path))
      .header('content-security-policy', pageCsp(nonce))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  if (!hasSpa) {
    app.log.warn(`No SPA build in ${staticDir}; run \`npm run build\` to serve the pages.`);
  } else {
    await app.register(fastifyStatic, {
      root: staticDir,
      dotfiles: 'ignore',
      // The page is made per request (sendPage): a directory never answers its index.html.
      index: false,
      // file.br / file.gz written at build time (scripts/precompress.ts), chosen by Accept-Encoding, with Vary.
      preCompressed: true,
      // Source maps stay on the machine that built them: a request for one is a 404. index.html
      // and directories (/ above all) go to sendPage: the placeholder must never reach a browser.
      allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.endsWith('/') && pathName !== '/index.html',
      cacheControl: false, // set below, per file
      setHeaders(reply, path) {
        // Vite puts content-hashed names under assets/, so they never change; the rest must be revalidated.
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
      !path.startsWith('/broadband/api/') &&
      // Sandbox pages exist only with the sandbox adapters; otherwise they are missing, not SPA routes.
      !path.startsWith('/sandbox/') &&
      // A missing hashed file must not come back as HTML with a 200.
      !path.startsWith('/assets/');
    return isPage ? sendPage(path, reply) : sendNotFound(reply);
  });
}
