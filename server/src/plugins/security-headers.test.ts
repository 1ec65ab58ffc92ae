import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

import { buildApp } from '../app.ts';
import { MemoryAudioStorage } from '../audio/storage.ts';
import { demoLogins } from '../db/demo-logins.ts';
import { authHeaders, login, seededProductIds, useTestApp } from '../test/helper.ts';
import { cspDirectives, parseThirdPartyHosts } from './security-headers.ts';
import { registerTrustProxyWarning } from './trust-proxy-warning.ts';

// A built SPA (its page is compressed per request) with one hashed script, its build-time .br and .gz, and a source map.
const staticDir = mkdtempSync(join(tmpdir(), 'portal-spa-headers-'));
mkdirSync(join(staticDir, 'assets'));
const indexHtml = '<!doctype html><title>Customer Portal</title><div id="root"></div>' + '<!-- padding -->'.repeat(100);
const script = 'console.log("portal");'.repeat(200);
writeFileSync(join(staticDir, 'index.html'), indexHtml);
writeFileSync(join(staticDir, 'assets', 'index-3f9a1c.js'), script);
writeFileSync(join(staticDir, 'assets', 'index-3f9a1c.js.br'), brotliCompressSync(script));
writeFileSync(join(staticDir, 'assets', 'index-3f9a1c.js.gz'), gzipSync(script));
writeFileSync(join(staticDir, 'assets', 'index-3f9a1c.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const t = useTestApp({ staticDir });

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy']);
  const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toBe("'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['permissions-policy']).toContain('microphone=(self)');
  expect(response.headers['permissions-policy']).toContain('camera=()');
  expect(response.headers['x-frame-options']).toBe('DENY');
  // helmet's other defaults come along (worked out once at start: helmetHeaders).
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers['x-dns-prefetch-control']).toBe('off');
  // Plain http: no HSTS.
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('are on the SPA page, an asset, an API answer, an API error and an audio download', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/auth/login/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page);
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset);
    const api = await t.app.inject({ method: 'GET', url: '/auth/csrf/' });
    expect(api.statusCode).toBe(200);
    expectSecurityHeaders(api);
    const refused = await t.app.inject({ method: 'GET', url: '/api/v3/navigation/' });
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused);

    const key = await login(t.app, demoLogins.customer);
    const { acme } = await seededProductIds(t.db);
    const audio = await t.app.inject({
      method: 'GET',
      url: `/api/v1/voip/${acme}/call-flows/current/audio-files/download/welcome_greeting.wav/`,
      headers: { ...authHeaders(key), 'accept-encoding': 'br, gzip' },
    });
    expect(audio.statusCode).toBe(200);
    expectSecurityHeaders(audio);
    // Audio is never compressed on the fly.
    expect(audio.headers['content-encoding']).toBeUndefined();
  });

  it('add HSTS and a Secure CSRF cookie only over TLS, seen through a trusted proxy', async () => {
    const app = await buildApp({ db: t.db, audio: new MemoryAudioStorage(), staticDir, trustProxy: true });
    try {
      const tls = await app.inject({ method: 'GET', url: '/auth/csrf/', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(tls.headers['set-cookie']).toMatch(/csrftoken=[0-9a-f]{64};.*Secure/);
      const plain = await app.inject({ method: 'GET', url: '/auth/csrf/', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(plain.headers['set-cookie']).not.toMatch(/Secure/);
    } finally {
      await app.close();
    }
    // Without TRUST_PROXY the header is not believed (anyone could send it).
    const untrusted = await t.app.inject({
      method: 'GET',
      url: '/auth/csrf/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    expect(untrusted.headers['set-cookie']).not.toMatch(/Secure/);
  });

  it('allow configured third-party hosts only, and refuse a host list that would loosen the policy', () => {
    expect(parseThirdPartyHosts(undefined)).toEqual([]);
    const hosts = parseThirdPartyHosts('https://widget.chat.example, https://*.tags.example');
    expect(hosts).toEqual(['https://widget.chat.example', 'https://*.tags.example']);
    expect(cspDirectives(hosts).scriptSrc).toEqual(["'self'", ...hosts]);
    expect(cspDirectives([]).frameSrc).toEqual(["'none'"]);
    // A widget's host may serve its stylesheet; its inline styles need the page's nonce like everyone's.
    expect(cspDirectives(hosts, 'bm9uY2U=').styleSrc).toEqual(["'self'", "'nonce-bm9uY2U='", ...hosts]);
    for (const bad of ["'unsafe-inline'", '*', 'https:', 'http://tags.example', 'https://tags.example/path', 'data:']) {
      expect(() => parseThirdPartyHosts(bad), bad).toThrow(/CSP_THIRD_PARTY_HOSTS/);
    }
  });
});

describe('compression', () => {
  it('sends the build-time brotli or gzip file by Accept-Encoding, with Vary and the asset type', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // The page for a client-side route too.
    const page = await t.app.inject({
      method: 'GET',
      url: '/calls',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('compresses JSON answers of 1 KiB or more, not smaller ones', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/api/schema/', headers: { 'accept-encoding': 'br' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const small = await t.app.inject({ method: 'GET', url: '/auth/csrf/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never serves source maps', async () => {
    const map = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });
});

describe('TRUST_PROXY hint', () => {
  async function appLoggingTo(lines: string[], trustProxy: boolean) {
    const app = Fastify({ logger: { stream: { write: (line: string) => void lines.push(line) } }, trustProxy });
    registerTrustProxyWarning(app, trustProxy);
    app.get('/', async () => ({ ok: true }));
    return app;
  }

  it('logs one warning when requests come with X-Forwarded-For and TRUST_PROXY is unset', async () => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines, false);
    await app.inject({ method: 'GET', url: '/' });
    expect(lines.filter((line) => line.includes('TRUST_PROXY'))).toHaveLength(0);
    await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-for': '203.0.113.9' } });
    await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-for': '203.0.113.10' } });
    expect(lines.filter((line) => line.includes('TRUST_PROXY is not set'))).toHaveLength(1);
    await app.close();
  });

  it('says nothing when TRUST_PROXY is set', async () => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines, true);
    await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(lines.filter((line) => line.includes('TRUST_PROXY'))).toHaveLength(0);
    await app.close();
  });
});
