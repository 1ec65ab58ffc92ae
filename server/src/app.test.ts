import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { endpoints, errorMessages } from '@portal/contract';

import { buildApp } from './app.ts';
import { MemoryAudioStorage } from './audio/storage.ts';
import type { Database } from './db/connect.ts';
import { demoLogins } from './db/demo-logins.ts';
import { products, users } from './db/schema/index.ts';
import { authHeaders, getCsrf, login, useTestApp } from './test/helper.ts';

const staticDir = mkdtempSync(join(tmpdir(), 'portal-spa-'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Customer Portal</title><div id="root"></div>');
writeFileSync(join(staticDir, 'assets', 'index-3f9a1c.js'), 'console.log("portal")');
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const t = useTestApp({ staticDir });

describe('OpenAPI document', () => {
  it('lists every contract endpoint with its success and error answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/schema/' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    }>();
    expect(document.openapi).toBe('3.1.0');
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const path = endpoint.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, `${endpoint.method} ${path}`).toBe(name);
      expect(Object.keys(operation?.responses ?? {})).toContain(String(endpoint.status ?? 200));
      if (endpoint.auth) expect(Object.keys(operation?.responses ?? {})).toContain('401');
    }
    expect(Object.keys(document.paths['/auth/login/']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['400', '403', '429']),
    );
    expect(document.paths['/api/schema/']).toBeUndefined();
  });
});

describe('unknown paths and the SPA', () => {
  it('answers JSON 404 for unknown API paths, whatever the method', async () => {
    for (const method of ['GET', 'HEAD', 'DELETE'] as const) {
      const csrf = await getCsrf(t.app);
      const response = await t.app.inject({ method, url: '/api/v3/nothing-here/', headers: csrf.headers });
      expect(response.statusCode, method).toBe(404);
      if (method !== 'HEAD') expect(response.json()).toEqual({ detail: errorMessages.notFound });
    }
  });

  it('serves index.html, uncached, for client-side routes', async () => {
    for (const url of ['/', '/auth/login/', '/some/client/route', '/billing?id=1', '/voip-details/1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toContain('<title>Customer Portal</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/auth/login/' })).statusCode).toBe(200);
  });

  it('keeps POST /auth/login/ an API call while GET /auth/login/ is the page', async () => {
    const csrf = await getCsrf(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: csrf.headers,
      payload: demoLogins.customer,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('key');
  });

  it('serves hashed assets with long cache headers, and 404 for missing ones', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("portal")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/index-000000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: errorMessages.notFound });
  });
});

describe('error answers', () => {
  const post = async (headers: Record<string, string>, payload: string | Buffer) => {
    const csrf = await getCsrf(t.app);
    return t.app.inject({ method: 'POST', url: '/auth/login/', headers: { ...csrf.headers, ...headers }, payload });
  };

  it('answers readable JSON for malformed bodies', async () => {
    const cases = [
      {
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
        status: 400,
        detail: 'The request body is not valid JSON.',
      },
      {
        headers: { 'content-type': 'application/json' },
        payload: '',
        status: 400,
        detail: 'The request body is empty; send a JSON object.',
      },
      {
        headers: { 'content-type': 'application/xml' },
        payload: '<email/>',
        status: 415,
        detail: 'Send the request body as JSON, with Content-Type: application/json.',
      },
      {
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
        status: 413,
        detail: 'The request body is too large.',
      },
    ];
    for (const { headers, payload, status, detail } of cases) {
      const response = await post(headers, payload);
      expect(response.statusCode, detail).toBe(status);
      expect(response.json()).toEqual({ detail });
    }
  });

  it('says so when a JSON body carries a __proto__ or constructor.prototype key', async () => {
    for (const payload of [
      '{"email": "a@b.example", "__proto__": {"is_staff": true}}',
      '{"constructor": {"prototype": {"x": 1}}}',
    ]) {
      const response = await post({ 'content-type': 'application/json; charset=utf-8' }, payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({ detail: errorMessages.forbiddenJsonKey });
    }
    // A key merely named constructor is fine; the body still gets its usual checks.
    const plain = await post(
      { 'content-type': 'application/json' },
      '{"email": "nobody@example.com", "password": "x", "constructor": 1}',
    );
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual({ detail: errorMessages.badCredentials });
  });

  it('refuses a JSON body that is not UTF-8 rather than storing U+FFFD in its place', async () => {
    const key = await login(t.app, demoLogins.customer);
    const csrf = await getCsrf(t.app);
    const [before] = await t.db
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.email, demoLogins.customer.email));
    // A lone continuation byte, a truncated sequence, an overlong slash and an encoded surrogate: none is UTF-8.
    for (const bytes of [[0x80], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff]]) {
      const payload = Buffer.concat([Buffer.from('{"first_name": "Al'), Buffer.from(bytes), Buffer.from('x"}')]);
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/v3/me/',
        headers: { ...authHeaders(key, csrf), 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload.toString('hex')).toBe(400);
      expect(response.json()).toEqual({ detail: errorMessages.invalidUtf8 });
    }
    const [after] = await t.db
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.email, demoLogins.customer.email));
    expect(after!.firstName).toBe(before!.firstName);
    // UTF-8 itself, a byte order mark before it included, is read as sent.
    for (const prefix of ['', '\ufeff']) {
      const named = await t.app.inject({
        method: 'PATCH',
        url: '/api/v3/me/',
        headers: { ...authHeaders(key, csrf), 'content-type': 'application/json' },
        payload: Buffer.from(`${prefix}{"first_name": "Zoë 😀"}`, 'utf8'),
      });
      expect(named.statusCode, JSON.stringify(prefix)).toBe(200);
      const [row] = await t.db
        .select({ firstName: users.firstName })
        .from(users)
        .where(eq(users.email, demoLogins.customer.email));
      expect(row!.firstName).toBe('Zoë 😀');
    }
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v3/me/',
      headers: authHeaders(key, csrf),
      payload: { first_name: before!.firstName },
    });
  });

  it('reads ids in paths as plain decimal integers only', async () => {
    const key = await login(t.app, demoLogins.customer);
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(users, eq(users.accountId, products.accountId))
      .where(eq(users.email, demoLogins.customer.email));
    const id = product!.id;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(key) });
    expect((await get(`/api/v2/voip/${id}/call-flows/`)).statusCode).toBe(200);
    for (const spelled of [
      `0x${id.toString(16)}`,
      `${id}e0`,
      `%20${id}`,
      `%2B${id}`,
      `0${id}`,
      `${id}.0`,
      '0',
      '-1',
      '2147483648',
      '99999999999999999999',
    ]) {
      for (const url of [
        `/api/v2/voip/${spelled}/call-flows/`,
        `/api/v3/voip/${spelled}/users/locked/`,
        `/api/v2/voip/${id}/call-flows/${spelled}/`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, url).toBeLessThan(500);
        expect(JSON.stringify(response.json()), url).toMatch(/Unknown (product|call flow)|Not found/);
      }
    }
  });

  it('answers 400 for an address that is not valid URL encoding', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v3/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The address is not valid.' });
  });
});

describe('unexpected failures', () => {
  it('answers 500 with the generic message, never the error itself', async () => {
    // A database that fails every query, as when PostgreSQL is down.
    const refuse = () => {
      throw new Error('connect ECONNREFUSED 10.1.2.3:5432');
    };
    const broken = { select: refuse, insert: refuse, update: refuse, delete: refuse } as unknown as Database;
    const app = await buildApp({ db: broken, audio: new MemoryAudioStorage(), staticDir });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v3/me/',
        headers: { authorization: `Token ${'a'.repeat(43)}` },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: errorMessages.serverError });
      expect(response.body).not.toContain('ECONNREFUSED');
    } finally {
      await app.close();
    }
  });
});
