import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias, type Plugin, type ProxyOptions } from 'vite';

import { CSP_NONCE_PLACEHOLDER } from './contract/src/csp.ts';
import { precompress } from './scripts/precompress.ts';
import { FIRST_ROUTES } from './server/src/plugins/first-route-preloads.ts';

// The API server the dev server forwards to (in production one server serves both).
const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:8080';

/** A browser asking for a page under /auth/ (e.g. /auth/login/) gets the SPA, not the API. */
function serveAuthPagesFromSpa(req: IncomingMessage): string | undefined {
  const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
  return wantsPage ? req.url : undefined;
}

const toApi: ProxyOptions = { target: apiTarget, changeOrigin: false, xfwd: true };
// Keys starting with ^ are patterns: /api and /api/..., never /apiary.
const proxy: Record<string, ProxyOptions> = {
  '^/api(/|$)': toApi,
  // Switch user (POST /accounts/, /accounts/return/): no page lives under /accounts.
  '^/accounts(/|$)': toApi,
  '^/customer(/|$)': toApi,
  '^/auth(/|$)': { ...toApi, bypass: serveAuthPagesFromSpa },
  '^/sandbox(/|$)': toApi,
  // Broadband address and availability data (spec 001 section 7); the pages are /broadband-availability, never /broadband/.
  '^/broadband/api(/|$)': toApi,
};

/**
 * react-router's package exports only its development build, warnings included
 * (remix-run/react-router#14753); a production bundle takes the production build that
 * ships beside it. Skipped if a later version moves it.
 */
function reactRouterProductionBuild(): Alias[] {
  const file = (name: string) =>
    fileURLToPath(new URL(`./node_modules/react-router/dist/production/${name}`, import.meta.url));
  if (!existsSync(file('index.mjs')) || !existsSync(file('dom-export.mjs'))) return [];
  return [
    { find: /^react-router$/, replacement: file('index.mjs') },
    { find: /^react-router\/dom$/, replacement: file('dom-export.mjs') },
  ];
}

/**
 * The first routes' modules (server/src/plugins/first-route-preloads.ts) as keys of the build manifest even when a
 * code-splitting group holds one (the login page in 'forms', below): the manifest keys a chunk by its module only
 * when the chunk is that module's own. The key is the chunk's entry under the module's name, so the server's
 * preloads and bench:bundle find it.
 */
function firstRouteManifestKeys(): Plugin {
  const sources = FIRST_ROUTES.flatMap((route) => route.sources);
  return {
    name: 'first-route-manifest-keys',
    apply: 'build',
    writeBundle(options, bundle) {
      const file = `${options.dir ?? 'dist'}/.vite/manifest.json`;
      if (!existsSync(file)) return;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string; src?: string }>;
      let added = false;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const key = Object.keys(manifest).find((name) => manifest[name]?.file === chunk.fileName);
        const entry = key === undefined ? undefined : manifest[key];
        if (!entry) continue;
        const holds = (source: string) => chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/${source}`));
        for (const source of sources.filter((source) => !manifest[source] && holds(source))) {
          manifest[source] = { ...entry, src: source };
          added = true;
        }
      }
      if (added) writeFileSync(file, JSON.stringify(manifest, null, 2));
    },
  };
}

/** The small shared modules of the 'common' chunk (see codeSplitting below). */
const COMMON_MODULES =
  /(rolldown[\\/]runtime|src[\\/]lib[\\/]use-media-query|src[\\/]components[\\/]toast(er|-store)|contract[\\/]src[\\/](ids|trial|buy-now-rules)|features[\\/]navigation[\\/](rules|selection)|features[\\/]trial[\\/]api[\\/]get-trial-status|button[\\/]icon-button|download-apps[\\/](components[\\/]app-downloads-intro|device))\.[jt]sx?$/;

export default defineConfig(({ command }) => ({
  // precompress: .br and .gz beside each text asset, which the server sends by Accept-Encoding.
  plugins: [react(), precompress(), firstRouteManifestKeys()],
  resolve: { alias: command === 'build' ? reactRouterProductionBuild() : [] },
  // A nonce attribute on index.html's <style> and <script> tags and a <meta property="csp-nonce">,
  // holding a placeholder the server replaces per request (server/src/plugins/spa.ts). Vite's
  // preload helper puts the same nonce on the <link>s it adds.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: { proxy },
  preview: { proxy },
  // Module workers (the canvas starts its layout worker with type 'module'), so the layout worker can import
  // elkjs on demand, in a chunk of its own, only when a user picks the left-to-right arrangement.
  worker: { format: 'es' },
  build: {
    // bench/ reads dist/.vite/manifest.json to sum the JS each route needs.
    manifest: true,
    // Maps for debugging, without a reference in the shipped files; the server refuses *.map
    // (plugins/spa.ts), so they stay on the machine that built them.
    sourcemap: 'hidden',
    // No modulepreload polyfill in the entry: every browser the build targets but Safari 16 has
    // modulepreload, and there a missing preload only means the module loads when imported.
    modulePreload: { polyfill: false },
    // react-dom alone is most of this; the budget that matters (gzip per route) is bench/'s.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Seven characters of hash, not eight (the fewest rolldown allows for this many chunks): the entry lists every
        // lazy chunk's file for its preloads, and random characters barely compress (about 60 bytes gzip on the first
        // load, which public/early.js's consumer needed); 42 bits still tell every version apart. For the same reason a
        // lazy chunk's file is its hash alone, without the module's name: the names cost the login and home pages
        // about 0.85 KiB gzip. The manifest (dist/.vite/manifest.json) says which module each file holds.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        codeSplitting: {
          groups: [
            // Everything the entry imports statically goes in one chunk. Left to automatic
            // splitting, every lazy page that shares a different subset of those modules
            // (React, Chakra, the router, zod) cuts them into more shared chunks, and the
            // shell pays for each file (about 1 KiB gzip on the login and home pages).
            { name: 'initial', tags: ['$initial'] },
            // Small modules most signed-in pages share (the toasts, ids, the trial's call, a media query, the icon
            // button, ark-ui's bundled runtime helper): one file, not seven of 200-800 bytes each. On a slow phone
            // every file loaded beside the entry takes a share of the link and a round trip; the home page's
            // largest paint came 0.3 s sooner with them together (Lighthouse's
            // mobile run, bench/lighthouse). The navigation's rules and selected product (the layout, home and the
            // product pages) are here rather than in the entry, which the login page loads too; and the app download
            // block's heading and words (home draws them with the page, its largest text), 0.4 KiB, rather than a file
            // of their own beside home's.
            { name: 'common', test: COMMON_MODULES },
            // The form parts (fields, errors, submit button, the form hook): five of the login page's small files
            // became one, and its largest paint on a slow phone came about 0.2 s sooner. A page with one field (a search box)
            // loads the whole group, 1.2-1.8 KiB more; most form pages load 0.5-0.9 KiB less (fewer files).
            // The sign-in's own small modules go with them (its call, the action hook, the auth links, the journeys'
            // paths, the social buttons' loader, 0.2-0.5 KiB each, shared with the other sign-in and sign-up
            // pages), and the login page itself (0.5 KiB more for the other form pages): with the social buttons asked
            // for after the paint, the login page's nine route files before it draws became one. On a slow phone the
            // entry then shares the link with two files, not three or eleven: the login page's largest paint came
            // 0.2 s sooner (Lighthouse's mobile run, bench/lighthouse).
            {
              name: 'forms',
              test: /(src[\\/]components[\\/](form[\\/][^\\/]+|text-field|error-summary)|src[\\/]lib[\\/]use-action|src[\\/]config[\\/]journey-paths|features[\\/]auth[\\/](api[\\/]login|components[\\/]auth-link)|social-sign-in[\\/]load-social-sign-in-buttons|src[\\/]app[\\/]routes[\\/]auth[\\/]login)\.tsx?$/,
            },
            // The list of apps, which home loads after its first paint and the download page draws.
            { name: 'app-downloads', test: /download-apps[\\/](components[\\/]app-downloads|rules)\.tsx?$/ },
          ],
        },
      },
    },
  },
}));
