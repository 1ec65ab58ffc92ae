import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accountMessages } from '@portal/contract';

import { buildApp } from '../../app.ts';
import { MemoryAudioStorage } from '../../audio/storage.ts';
import { messagingAdapters, readConfig } from '../../config.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { outbox } from '../../db/schema/index.ts';
import { publicUrl } from '../../modules/identity/index.ts';
import { HttpsSmsGateway } from '../../sms/https-gateway.ts';
import type { SpeechEngine } from '../../speech/engine.ts';
import { getCsrf, openTestDatabase, useTestApp } from '../../test/helper.ts';
import { bodyHtml, OutboxList } from './routes.ts';

const t = useTestApp();

const post = async (url: string, payload: object) => {
  const csrf = await getCsrf(t.app);
  return t.app.inject({ method: 'POST', url, headers: csrf.headers, payload });
};

const list = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/sandbox/outbox.json${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return OutboxList.parse(response.json()).results;
};

/** A sign-up journey whose e-mail is confirmed: the SMS calls need its token (texts cost money). */
async function journeyToken(email: string): Promise<string> {
  const lead = await post('/api/v3/signup/create-lead/', {
    email,
    first_name: 'Robin',
    last_name: 'Hale',
    business_name: 'Hale Joinery',
    channel: 'Self Sign Up',
  });
  expect(lead.statusCode, lead.body).toBe(201);
  const { token } = lead.json<{ token: string }>();
  const [mail] = await list(`?to=${encodeURIComponent(email)}&channel=email`);
  const pin = /\b(\d{6})\b/.exec(mail!.body)![1]!;
  expect((await post('/auth/email/verify/', { token, pin })).statusCode).toBe(200);
  return token;
}

describe('GET /sandbox/outbox.json', () => {
  it('lists what the portal sent, newest first, filtered by recipient and channel', async () => {
    const token = await journeyToken('outbox-list@new-business.example');
    await post('/auth/magic-link/', { email: demoLogins.customer.email });
    await post('/auth/sms/send/', { mobile_number: '07700 900123', token });
    await post('/auth/password/reset/', { email: demoLogins.customer.email });

    const all = await list();
    expect(all.map((message) => message.channel).slice(0, 3)).toEqual(['email', 'sms', 'email']);
    expect(all.map((message) => message.id)).toEqual([...all.map((message) => message.id)].sort((a, b) => b - a));

    const toAlex = await list(`?to=${encodeURIComponent(demoLogins.customer.email.toUpperCase())}`);
    expect(toAlex.map((message) => message.subject)).toEqual(['Reset your password', 'Your sign-in link']);
    expect(toAlex[0]).toMatchObject({ channel: 'email', to: demoLogins.customer.email });
    expect(Date.parse(toAlex[0]!.created_at)).toBe(t.clock.now().getTime());

    // A number as typed finds the text sent to it in E.164.
    const texts = await list('?to=07700%20900123&channel=sms');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ channel: 'sms', to: '+447700900123', subject: '' });
    expect(texts[0]!.body).toMatch(/\b\d{6}\b/);
    expect(await list(`?to=${encodeURIComponent(demoLogins.customer.email)}&channel=sms`)).toEqual([]);
  });

  it('refuses a bad filter with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/outbox.json?channel=fax' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ channel: ['channel must be email or sms'] });
    const nul = await t.app.inject({ method: 'GET', url: '/sandbox/outbox.json?to=%00' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ to: ['to must not contain NUL characters'] });
  });
});

describe('GET /sandbox/outbox', () => {
  it('is an accessible page: language, title, headings, a table with headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>Sandbox outbox - Customer Portal<\/title>/);
    expect(html).toContain('<h1>Sandbox outbox</h1>');
    expect(html).toContain('<label for="to">');
    expect(html).toContain('<th scope="col">Message</th>');
  });

  it('escapes everything, and links only to this portal', async () => {
    await t.db.insert(outbox).values({
      to: 'victim@example.com',
      subject: '<img src=x onerror=alert(1)>',
      body: `Hi <script>alert("x")</script>\nevil: https://evil.example/phish?a=1&b=2\nours: ${publicUrl()}/auth/login/signin#key=abc"onmouseover="x`,
      createdAt: t.clock.now(),
    });
    const html = (await t.app.inject({ method: 'GET', url: '/sandbox/outbox?to=victim%40example.com' })).body;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('href="https://evil.example');
    expect(html).toContain('https://evil.example/phish?a=1&amp;b=2');
    expect(html).toContain(`<a href="${publicUrl()}/auth/login/signin#key=abc">`);
    expect(html).toContain('<h2>Messages to victim@example.com</h2>');

    const filter = (await t.app.inject({ method: 'GET', url: '/sandbox/outbox?to=%22%3E%3Cscript%3E' })).body;
    expect(filter).toContain('value="&quot;&gt;&lt;script&gt;"');
    expect(filter).not.toContain('"><script>');
  });

  it('bodyHtml does not treat a look-alike host as the portal', () => {
    expect(bodyHtml('go https://portal.example.evil.example/x', 'https://portal.example')).not.toContain('<a ');
    expect(bodyHtml('go https://portal.example/x', 'https://portal.example')).toContain(
      '<a href="https://portal.example/x">',
    );
  });

  it('is left out of the OpenAPI document', async () => {
    const schema = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(schema.paths).filter((path) => path.startsWith('/sandbox'))).toEqual([]);
    expect(Object.keys(schema.paths)).toContain('/auth/magic-link/');
  });
});

describe('POST /sandbox/outbox/{id}/expire-links/', () => {
  it("makes a message's links expire now, so a person can see what an expired link does", async () => {
    await post('/auth/magic-link/', { email: demoLogins.trial.email });
    const [mail] = await list(`?to=${encodeURIComponent(demoLogins.trial.email)}`);
    const key = /#key=([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
    const expired = await post(`/sandbox/outbox/${mail!.id}/expire-links/`, {});
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toEqual({ expired: 1 });
    expect((await post('/auth/magic-link/login/', { key })).json()).toEqual({ detail: accountMessages.linkExpired });

    expect((await post('/sandbox/outbox/999999/expire-links/', {})).statusCode).toBe(404);
    expect((await post('/sandbox/outbox/nope/expire-links/', {})).statusCode).toBe(400);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/sandbox/outbox/${mail!.id}/expire-links/`,
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
  });

  it('expires the code of a text message', async () => {
    const token = await journeyToken('outbox-expire@new-business.example');
    await post('/auth/sms/send/', { mobile_number: '07700900124', token });
    const [text] = await list('?to=07700900124&channel=sms');
    const code = /\b(\d{6})\b/.exec(text!.body)![1]!;
    expect((await post(`/sandbox/outbox/${text!.id}/expire-links/`, {})).json()).toEqual({ expired: 1 });
    expect((await post('/auth/sms/verify/', { mobile_number: '07700900124', sms_code: code, token })).json()).toEqual({
      status: 'FAILED',
      detail: accountMessages.smsCodeExpired,
    });
    expect(await t.db.select().from(outbox).where(eq(outbox.id, text!.id))).toHaveLength(1);
  });
});

describe('with production transports', () => {
  // Never asked to speak here; it only keeps the app from starting eSpeak.
  const silentSpeech: SpeechEngine = { name: 'silent', synthesize: () => Promise.reject(new Error('not used')) };
  let staticDir: string;
  beforeAll(() => {
    // A built SPA, so the check also covers the fallback that serves index.html for unknown pages.
    staticDir = mkdtempSync(join(tmpdir(), 'portal-spa-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>SPA</title>');
  });
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

  it('has no sandbox pages (not even the SPA in their place) when either transport is real', async () => {
    const database = await openTestDatabase();
    const configs = [
      {
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525',
        MAIL_FROM: 'Portal <no-reply@portal.example>',
      },
      { SMS_TRANSPORT: 'https', SMS_GATEWAY_URL: 'https://sms.example/v1/messages', SMS_GATEWAY_TOKEN: 'token' },
    ];
    try {
      for (const env of configs) {
        const adapters = messagingAdapters(readConfig(env).messaging);
        const app = await buildApp({
          db: database.db,
          audio: new MemoryAudioStorage(),
          staticDir,
          speech: silentSpeech,
          ...adapters,
        });
        try {
          for (const url of ['/sandbox/outbox', '/sandbox/outbox.json', '/sandbox/outbox?to=a']) {
            const response = await app.inject({ method: 'GET', url });
            expect(response.statusCode, `${url} with ${JSON.stringify(env)}`).toBe(404);
            expect(response.headers['content-type']).toContain('application/json');
          }
          // The SPA still answers its own pages.
          expect((await app.inject({ method: 'GET', url: '/auth/login/' })).statusCode).toBe(200);
          expect(app.sms instanceof HttpsSmsGateway).toBe(env.SMS_TRANSPORT === 'https');
        } finally {
          await app.close();
        }
      }
    } finally {
      await database.close();
    }
  });
});
