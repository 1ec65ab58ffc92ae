import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

import { AnalyticsSettings, CSP_NONCE_PLACEHOLDER } from '@portal/contract';

import { useTestApp } from '../test/helper.ts';
import { firstRoutePreloads, type ViteManifest } from './first-route-preloads.ts';
import { analyticsMeta, registerSpa } from './spa.ts';

// A build as Vite writes it with html.cspNonce: the placeholder in a meta tag, a <style> and the entry's <script>.
const staticDir = mkdtempSync(join(tmpdir(), 'portal-spa-page-'));
mkdirSync(join(staticDir, 'assets'));
mkdirSync(join(staticDir, '.vite'));
const indexHtml = (entry: string) =>
  `<!doctype html><html><head><title>Customer Portal</title>` +
  `<script type="module" async src="/early.js"></script>` +
  `<style nonce="${CSP_NONCE_PLACEHOLDER}">body{margin:0}</style>` +
  `<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
  `<script type="module" crossorigin src="/assets/${entry}" nonce="${CSP_NONCE_PLACEHOLDER}"></script>` +
  `</head><body><div id="root">${'<!-- the shell -->'.repeat(80)}</div></body></html>`;
writeFileSync(join(staticDir, 'index.html'), indexHtml('index-1.js'));
writeFileSync(join(staticDir, 'assets', 'index-1.js'), 'console.log("portal")');
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime-1.js' },
  'src/app/routes/auth/login.tsx': {
    file: 'assets/login-1.js',
    imports: ['_runtime.js', 'index.html', '_use-form.js'],
  },
  '_use-form.js': { file: 'assets/use-form-1.js', imports: ['index.html'] },
  'src/features/social-sign-in/components/social-sign-in-buttons.tsx': {
    file: 'assets/social-1.js',
    imports: ['index.html', '_use-form.js'],
  },
  'src/app/layouts/default-layout.tsx': { file: 'assets/default-layout-1.js', imports: ['index.html', '_toaster.js'] },
  '_toaster.js': { file: 'assets/toaster-1.js' },
  'src/app/routes/app/home.tsx': {
    file: 'assets/home-1.js',
    imports: ['index.html', '_app-downloads.js'],
    dynamicImports: ['src/app/routes/app/home-divert-notices.tsx'],
  },
  '_app-downloads.js': {
    file: 'assets/app-downloads-1.js',
    imports: ['index.html'],
    dynamicImports: ['src/features/download-apps/components/app-qr-code.tsx'],
  },
  'src/features/download-apps/components/app-qr-code.tsx': { file: 'assets/qr-1.js', imports: ['index.html'] },
  'src/app/routes/app/home-divert-notices.tsx': { file: 'assets/divert-notices-1.js', imports: ['index.html'] },
};
writeFileSync(join(staticDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const t = useTestApp({ staticDir, seed: false });

const styleSrc = (csp: string) => /(?:^|;)style-src ([^;]*)/.exec(csp)?.[1] ?? '';

describe('the SPA page', () => {
  it('carries a fresh nonce per request, in the page and in the policy, and allows no inline style without it', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/auth/login/', '/index.html', '/billing?id=1', '/auth/login/']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).not.toContain(CSP_NONCE_PLACEHOLDER);
      const csp = String(page.headers['content-security-policy']);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(styleSrc(csp))?.[1];
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(styleSrc(csp), url).toBe(`'self' 'nonce-${nonce}'`);
      expect(csp, url).toContain("style-src-attr 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(/(?:^|;)script-src ([^;]*)/.exec(csp)?.[1], url).toBe("'self'");
      // The same nonce on the meta tag the client reads, the <style> and the entry's <script>.
      expect(page.body.split(`nonce="${nonce}"`), url).toHaveLength(4);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(5);
  });

  it('allows no inline style at all on answers that are not the page', async () => {
    for (const url of ['/assets/index-1.js', '/auth/csrf/', '/api/v3/navigation/']) {
      const answer = await t.app.inject({ method: 'GET', url });
      const csp = String(answer.headers['content-security-policy']);
      expect(styleSrc(csp), url).toBe("'self'");
      expect(csp, url).not.toContain('nonce-');
      expect(csp, url).not.toContain('unsafe-inline');
    }
  });

  it('is compressed on the way out (it cannot be pre-compressed), and never cached', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/auth/login/',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(page.rawPayload).toString();
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
  });

  it('preloads the modules of the first route of the login and home pages, beside the entry', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/auth/login/' });
    expect(login.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-1.js"><link rel="modulepreload" crossorigin href="/assets/use-form-1.js"></head>',
    );
    // The social sign-in buttons load once the page has drawn.
    expect(login.body).not.toContain('social-1.js');
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('href="/assets/default-layout-1.js"');
    expect(home.body).toContain('href="/assets/toaster-1.js"');
    expect(home.body).toContain('href="/assets/home-1.js"');
    // What home imports (the app download block), and none of its lazy parts: they load once the page has drawn.
    expect(home.body).toContain('href="/assets/app-downloads-1.js"');
    expect(home.body).not.toContain('qr-1.js');
    expect(home.body).not.toContain('divert-notices-1.js');
    expect(home.body).not.toContain('login-1.js');
    // Other pages preload nothing more than index.html does.
    const other = await t.app.inject({ method: 'GET', url: '/billing' });
    expect(other.body).not.toContain('modulepreload');
  });

  it('leaves out early.js on the login page only: a guest there has no session to ask about', async () => {
    for (const url of ['/auth/login/', '/auth/login']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.body, url).not.toContain('early.js');
      expect(page.body, url).toContain('<title>Customer Portal</title><style');
    }
    for (const url of ['/', '/billing', '/auth/login/magic-link']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.body, url).toContain('<script type="module" async src="/early.js"></script>');
    }
  });

  it('picks up a new build without a restart', async () => {
    writeFileSync(join(staticDir, 'index.html'), indexHtml('index-2.js'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(staticDir, 'index.html'), later, later);
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('/assets/index-2.js');
  });
});

describe('the analytics settings in the page', () => {
  it('are written, escaped, only when a service is configured; the default page has none', async () => {
    const settings: AnalyticsSettings = {
      services: [
        { kind: 'product-analytics', url: 'https://events.example/track?a=1&b=</head>', key: 'k"1' },
        { kind: 'sandbox' },
      ],
    };
    const app = Fastify();
    try {
      await registerSpa(app, staticDir, () => "default-src 'self'", undefined, settings);
      const page = await app.inject({ method: 'GET', url: '/auth/login/' });
      const content = /<meta name="portal-analytics" content="([^"]*)">/.exec(page.body)?.[1];
      const text = content
        ?.replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
      expect(AnalyticsSettings.parse(JSON.parse(text ?? 'null'))).toEqual(settings);
      // Nothing of the settings closes the head early.
      expect(page.body.match(/<\/head>/g)).toHaveLength(1);
    } finally {
      await app.close();
    }
    expect(analyticsMeta({ services: [] })).toBe('');
    const plain = await t.app.inject({ method: 'GET', url: '/auth/login/' });
    expect(plain.body).not.toContain('portal-analytics');
  });
});

describe('firstRoutePreloads', () => {
  it('leaves out what the entry loads, and answers nothing without a manifest', () => {
    const preloads = firstRoutePreloads(manifest);
    expect(preloads('/auth/login')).not.toContain('runtime-1.js');
    expect(preloads('/auth/login/')).not.toContain('index-1.js');
    expect(preloads('/auth/login/magic-link')).toBe('');
    expect(firstRoutePreloads({})('/')).toBe('');
  });
});
