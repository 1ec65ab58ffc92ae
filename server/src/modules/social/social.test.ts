import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  LoginResponse,
  Me,
  OAUTH_STATE_TTL_MINUTES,
  SocialAuthorizationResponse,
  socialMessages,
  type SocialProvider,
} from '@portal/contract';

import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { authTokens, oauthStates, sandboxOauthGrants, socialIdentities, users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, useTestApp } from '../../test/helper.ts';
import { consent as consentOn, form, postConsent as postConsentTo } from '../../test/sandbox-oauth.ts';
import {
  hashKey,
  issueToken,
  sandboxClientId,
  socialClients,
  socialRedirectUri,
  verifyPassword,
} from '../identity/index.ts';

const t = useTestApp();
const MINUTE = 60 * 1000;

// The sandbox's token and userinfo endpoints are reached over HTTP, as a real provider's are.
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});

// Each start from an address of its own, so the tests never meet the per-address limit unless they mean to.
let starts = 0;
const nextAddress = () => `198.51.${Math.floor(++starts / 250)}.${(starts % 250) + 1}`;

/** The cookies the test's one browser holds from the sign-in starts (the state cookies). */
const browser = new Map<string, string>();
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

async function start(provider: string = 'google', query = '', remoteAddress = nextAddress()) {
  const response = await t.app.inject({ method: 'GET', url: `/auth/accesstoken/${provider}/${query}`, remoteAddress });
  for (const cookie of response.cookies) browser.set(cookie.name, cookie.value);
  return response;
}

/** GET /auth/accesstoken/{provider}/: the authorization URL and state, parsed. */
async function begin(provider: SocialProvider = 'google') {
  const response = await start(provider, '?page=login');
  expect(response.statusCode, response.body).toBe(200);
  const body = SocialAuthorizationResponse.parse(response.json());
  return { ...body, url: new URL(body.authorization_url) };
}

const postConsent = (url: URL, fields: Record<string, string>, options: { csrf?: boolean } = {}) =>
  postConsentTo(t.app, url, fields, options);
const consent = (url: URL, fields: Record<string, string>) => consentOn(t.app, url, fields);

async function finish(provider: string, payload: unknown, contentType?: string, jar = browser) {
  const csrf = await getCsrf(t.app);
  const cookie = [csrf.headers.cookie, cookieHeader(jar)].filter(Boolean).join('; ');
  return t.app.inject({
    method: 'POST',
    url: `/auth/${provider}/`,
    headers: { ...csrf.headers, cookie, ...(contentType && { 'content-type': contentType }) },
    payload: payload as string,
  });
}

/** The whole round trip for a typed identity; answers the final response. */
async function signInAs(
  identity: { email: string; given_name?: string; family_name?: string; email_verified?: string },
  provider: SocialProvider = 'google',
) {
  const { url } = await begin(provider);
  const { code, state } = await consent(url, {
    identity: 'typed',
    given_name: 'Test',
    family_name: 'Person',
    email_verified: 'true',
    ...identity,
  });
  return finish(provider, { code, state });
}

async function me(key: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v3/me/', headers: authHeaders(key) });
  expect(response.statusCode).toBe(200);
  return Me.parse(response.json());
}

const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('the state is bound to the browser that started the sign-in', () => {
  it('sets a short-lived HttpOnly, SameSite=Lax state cookie, and refuses the state from another browser', async () => {
    const started = await start('google', '?page=login');
    const cookie = started.cookies.find((c) => c.name === 'oauth_state');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/auth/',
      value: started.json<{ state: string }>().state,
    });
    expect(cookie!.maxAge).toBeGreaterThan(0);
    expect(cookie!.maxAge).toBeLessThanOrEqual(60 * 60);
    expect(cookie!.secure).toBeFalsy(); // plain http here; Secure behind TLS

    const { url } = await begin('google');
    const { code, state } = await consent(url, {
      identity: 'typed',
      email: 'two-browsers@example.com',
      given_name: 'A',
      family_name: 'B',
      email_verified: 'true',
    });
    // Another browser (no cookie) is refused, and so is one that started another sign-in.
    const elsewhere = await finish('google', { code, state }, undefined, new Map());
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ detail: socialMessages.stateOtherBrowser('Google') });
    const otherSignIn = await finish('google', { code, state }, undefined, new Map([['oauth_state', 'another-state']]));
    expect(otherSignIn.statusCode).toBe(400);
    expect(otherSignIn.json()).toEqual({ detail: socialMessages.stateInvalid('Google') });
    // The browser that started it still signs in: the refusals spent nothing.
    const signedIn = await finish('google', { code, state });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.cookies.find((c) => c.name === 'oauth_state')?.value).toBe('');
  });
});

describe('GET /auth/accesstoken/{provider}/', () => {
  it("answers the sandbox provider's authorization URL with the state, client, redirect URI and a PKCE S256 challenge", async () => {
    const { url, state } = await begin('google');
    expect(url.pathname).toBe('/sandbox/oauth/google/authorize');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(sandboxClientId('google'));
    expect(url.searchParams.get('redirect_uri')).toBe(socialRedirectUri());
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');

    // Only the state's hash is kept, with the verifier whose challenge went to the provider.
    const [row] = await t.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, hashKey(state)));
    expect(row).toMatchObject({ provider: 'google', page: 'login', usedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(OAUTH_STATE_TTL_MINUTES * MINUTE);
    expect(createHash('sha256').update(row!.codeVerifier).digest('base64url')).toBe(
      url.searchParams.get('code_challenge'),
    );
    expect(JSON.stringify(row)).not.toContain(state);
  });

  it('makes a new random state every time, and remembers the page the journey began on', async () => {
    const first = await begin('linkedin');
    const second = SocialAuthorizationResponse.parse((await start('linkedin', '?page=register')).json());
    expect(second.state).not.toBe(first.state);
    expect(first.state).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const [row] = await t.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, hashKey(second.state)));
    expect(row).toMatchObject({ provider: 'linkedin', page: 'register' });
  });

  it('refuses a provider other than google, facebook or linkedin, and an unknown page', async () => {
    const twitter = await start('twitter');
    expect(twitter.statusCode).toBe(400);
    expect(twitter.json()).toEqual({ provider: [socialMessages.unknownProvider] });
    const page = await start('google', '?page=checkout');
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({ page: [socialMessages.unknownPage] });
  });

  it('answers 429 with Retry-After once one address has started too many sign-ins', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < 60; i++) expect((await start('google', '', address)).statusCode).toBe(200);
    const refused = await start('google', '', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: socialMessages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await start('google', '', '203.0.113.78')).statusCode).toBe(200);
  });
});

describe('POST /auth/{provider}/ through the sandbox provider', () => {
  it('signs an existing customer in, and links the identity', async () => {
    const customer = demoLogins.customer;
    const { url } = await begin('google');
    const { code, state } = await consent(url, { identity: customer.email });
    const response = await finish('google', { code, state });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { key } = LoginResponse.parse(response.json());
    const user = await me(key);
    expect(user.user_profile.email).toBe(customer.email);
    expect(user.name).toBe(customer.name);

    const [link] = await t.db.select().from(socialIdentities).where(eq(socialIdentities.email, customer.email));
    expect(link).toMatchObject({ provider: 'google', userId: user.id });
    // Their password still works: nothing else about the account changed.
    expect(await login(t.app, customer)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('creates an account for a new e-mail: verified, named by the provider, with no usable password', async () => {
    const response = await signInAs({ email: 'Robin.New@Example.com', given_name: 'Robin', family_name: 'Newman' });
    expect(response.statusCode, response.body).toBe(200);
    const user = await me(LoginResponse.parse(response.json()).key);
    expect(user.user_profile).toMatchObject({
      first_name: 'Robin',
      last_name: 'Newman',
      email: 'robin.new@example.com',
    });

    const stored = await userByEmail('robin.new@example.com');
    expect(stored).toMatchObject({ emailVerified: true, isStaff: false, accountId: null });
    expect(await verifyPassword('', stored!.passwordHash)).toBe(false);

    // The same person again signs in to the same account; no second one is made.
    const again = await signInAs({ email: 'robin.new@example.com', given_name: 'Robin', family_name: 'Newman' });
    expect((await me(LoginResponse.parse(again.json()).key)).id).toBe(user.id);
    expect(await t.db.select().from(users).where(eq(users.email, 'robin.new@example.com'))).toHaveLength(1);
  });

  it('refuses a state used twice: it is spent by the first sign-in', async () => {
    const { url } = await begin('google');
    const { code, state } = await consent(url, { identity: demoLogins.customer.email });
    expect((await finish('google', { code, state })).statusCode).toBe(200);
    const again = await finish('google', { code, state });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: socialMessages.stateInvalid('Google') });
  });

  it(`refuses a state older than ${OAUTH_STATE_TTL_MINUTES} minutes`, async () => {
    const { url } = await begin('google');
    t.clock.advance(OAUTH_STATE_TTL_MINUTES * MINUTE + 1000);
    const { code, state } = await consent(url, { identity: demoLogins.customer.email });
    const response = await finish('google', { code, state });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: socialMessages.stateExpired('Google') });
  });

  it("refuses a tampered state, and another provider's state without spending it", async () => {
    const { url } = await begin('google');
    const { code, state } = await consent(url, { identity: demoLogins.customer.email });

    const tampered = await finish('google', { code, state: `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}` });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toEqual({ detail: socialMessages.stateInvalid('Google') });

    const wrongProvider = await finish('facebook', { code, state });
    expect(wrongProvider.statusCode).toBe(400);
    expect(wrongProvider.json()).toEqual({ detail: socialMessages.stateInvalid('Facebook') });

    // Neither attempt spent the real state, nor the code.
    expect((await finish('google', { code, state })).statusCode).toBe(200);
  });

  it('answers 400 when the provider refuses the code, and the state is then spent', async () => {
    const { state } = await begin('google');
    const response = await finish('google', { code: 'not-a-code-the-provider-gave', state });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: socialMessages.codeRefused('Google') });
    expect((await finish('google', { code: 'x', state })).json()).toEqual({
      detail: socialMessages.stateInvalid('Google'),
    });
  });

  it('refuses an e-mail the provider has not verified, for an existing account and a new one alike', async () => {
    for (const email of [demoLogins.trial.email, 'unverified.new@example.com']) {
      const response = await signInAs({ email, email_verified: 'false' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: socialMessages.emailNotVerified('Google') });
    }
    expect(await userByEmail('unverified.new@example.com')).toBeUndefined();
  });

  it('never signs in to a staff account, whatever the provider says of the address', async () => {
    const response = await signInAs({ email: demoLogins.staff.email });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: socialMessages.staffAccount });
    const staff = await userByEmail(demoLogins.staff.email);
    expect(await t.db.select().from(socialIdentities).where(eq(socialIdentities.userId, staff!.id))).toEqual([]);
  });

  it('takes over an account whose e-mail was never confirmed: verified now, its password and sessions revoked', async () => {
    const pat = demoLogins.unverified;
    const before = await userByEmail(pat.email);
    expect(before!.emailVerified).toBe(false);
    const oldSession = await issueToken(t.db, before!.id, t.clock.now());

    const response = await signInAs({ email: pat.email });
    expect(response.statusCode, response.body).toBe(200);
    const after = await userByEmail(pat.email);
    expect(after!.emailVerified).toBe(true);
    expect(await verifyPassword(pat.password, after!.passwordHash)).toBe(false);
    const [old] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashKey(oldSession)));
    expect(old!.revokedAt).not.toBeNull();
    expect((await me(LoginResponse.parse(response.json()).key)).user_profile.email).toBe(pat.email);
  });

  it('signs a linked identity in to its account even after the e-mail there changed', async () => {
    const first = await signInAs({ email: 'mover@example.com' }, 'linkedin');
    const { id } = await me(LoginResponse.parse(first.json()).key);
    await t.db.update(users).set({ email: 'moved@example.com' }).where(eq(users.id, id));

    const again = await signInAs({ email: 'mover@example.com' }, 'linkedin');
    expect(again.statusCode).toBe(200);
    const user = await me(LoginResponse.parse(again.json()).key);
    expect(user.id).toBe(id);
    expect(user.user_profile.email).toBe('moved@example.com');
  });

  it('answers 400 with readable messages for bad payloads and unknown providers, never 500', async () => {
    const { state } = await begin('google');
    const cases: Array<[string, unknown, string | undefined, unknown]> = [
      ['google', {}, undefined, { code: [socialMessages.codeRequired], state: [socialMessages.stateRequired] }],
      ['google', { code: '', state }, undefined, { code: [socialMessages.codeRequired] }],
      ['google', { code: 'a'.repeat(3000), state }, undefined, { code: [socialMessages.codeRequired] }],
      ['google', { code: 'x', state: 's'.repeat(201) }, undefined, { state: [socialMessages.stateRequired] }],
      [
        'google',
        { code: 7, state: ['x'] },
        undefined,
        { code: [socialMessages.codeRequired], state: [socialMessages.stateRequired] },
      ],
      [
        'google',
        { code: 'x\u0000', state },
        undefined,
        { detail: 'Text in the request must be valid Unicode, without NUL characters.' },
      ],
      ['google', '{"code":', 'application/json', { detail: 'The request body is not valid JSON.' }],
      ['twitter', { code: 'x', state }, undefined, { provider: [socialMessages.unknownProvider] }],
    ];
    for (const [provider, payload, contentType, expected] of cases) {
      const response = await finish(provider, payload, contentType);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(expected);
    }
    // None of them spent the state.
    const [row] = await t.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, hashKey(state)));
    expect(row!.usedAt).toBeNull();
  });

  it('needs the CSRF header like every other unsafe call', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/google/', payload: { code: 'x', state: 'y' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('the sandbox provider', () => {
  it('shows an accessible consent page, with its own CSRF field and no framing', async () => {
    const { url } = await begin('facebook');
    const csrf = await getCsrf(t.app);
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: csrf.headers.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h1>Sign in to Facebook (sandbox)</h1>');
    expect(page.body).toContain(`name="csrfmiddlewaretoken" value="${csrf.token}"`);
    expect(page.body).toContain(`value="${demoLogins.customer.email}"`);
    // Staff sign in with their password, not through the sandbox's list.
    expect(page.body).not.toContain(demoLogins.staff.email);
    expect(page.body).toContain('<label for="email">Email address</label>');
  });

  it('refuses an authorization request with a wrong client, redirect URI or no PKCE challenge, without redirecting', async () => {
    const { url } = await begin('google');
    const broken = [
      ['client_id', 'someone-else'],
      ['redirect_uri', 'https://evil.example/login'],
      ['code_challenge_method', 'plain'],
      ['code_challenge', ''],
      ['state', ''],
      ['response_type', 'token'],
    ];
    for (const [name, value] of broken) {
      const bad = new URL(url);
      bad.searchParams.set(name!, value!);
      const page = await t.app.inject({ method: 'GET', url: `${bad.pathname}${bad.search}` });
      expect(page.statusCode, name).toBe(400);
      expect(page.headers.location).toBeUndefined();
      expect(page.body).toContain('This sign-in request is not valid');
      const post = await postConsent(bad, { identity: demoLogins.customer.email });
      expect(post.statusCode, name).toBe(400);
      expect(post.headers.location).toBeUndefined();
    }
  });

  it('refuses a consent form without its CSRF field', async () => {
    const { url } = await begin('google');
    const response = await postConsent(url, { identity: demoLogins.customer.email }, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.headers.location).toBeUndefined();
  });

  it('sends a cancelled consent back with error=access_denied and the state', async () => {
    const { url, state } = await begin('google');
    const response = await postConsent(url, { decision: 'cancel' });
    expect(response.statusCode).toBe(303);
    const callback = new URL(response.headers.location as string);
    expect(Object.fromEntries(callback.searchParams)).toEqual({ error: 'access_denied', state });
  });

  it('shows the typed identity again with GOV.UK-style errors when it is not valid', async () => {
    const { url } = await begin('google');
    const response = await postConsent(url, {
      identity: 'typed',
      email: 'not-an-email',
      given_name: '',
      family_name: 'Keeps <this>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('There is a problem');
    expect(response.body).toContain(
      '<a href="#email">Enter an email address in the correct format, like name@example.com</a>',
    );
    expect(response.body).toContain('<a href="#given_name">Enter your first name</a>');
    expect(response.body).toContain('value="not-an-email"');
    expect(response.body).toContain('value="Keeps &lt;this&gt;"');
    expect(response.body).toContain('<title>Error: Sign in to Google (sandbox)</title>');
  });

  it('exchanges a code once, only with the verifier of its PKCE challenge, and answers userinfo for the token', async () => {
    const { url, state } = await begin('google');
    const { code } = await consent(url, {
      identity: 'typed',
      email: 'pkce@example.com',
      given_name: 'Pat',
      family_name: 'Key',
      email_verified: 'true',
    });
    const [row] = await t.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, hashKey(state)));
    const token = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/oauth/google/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({
          grant_type: 'authorization_code',
          client_id: sandboxClientId('google'),
          redirect_uri: socialRedirectUri(),
          code,
          ...fields,
        }),
      });

    // A JSON body whose code is not text is a 400 too, not a 500.
    const notText = await t.app.inject({
      method: 'POST',
      url: '/sandbox/oauth/google/token',
      payload: {
        grant_type: 'authorization_code',
        client_id: sandboxClientId('google'),
        code: 123,
        code_verifier: { a: 1 },
      },
    });
    expect(notText.statusCode).toBe(400);
    expect(notText.json()).toMatchObject({ error: 'invalid_request' });

    const wrongVerifier = await token({ code_verifier: 'a'.repeat(43) });
    expect(wrongVerifier.statusCode).toBe(400);
    expect(wrongVerifier.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The code_verifier does not match the code_challenge.',
    });

    // A refused exchange spent the code all the same.
    const [grant] = await t.db
      .select()
      .from(sandboxOauthGrants)
      .where(eq(sandboxOauthGrants.codeHash, hashKey(code)));
    expect(grant!.codeUsedAt).not.toBeNull();
    expect((await token({ code_verifier: row!.codeVerifier })).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers a Bearer token and userinfo for the right verifier, and revokes the token when the code is replayed', async () => {
    const { url, state } = await begin('google');
    const { code } = await consent(url, {
      identity: 'typed',
      email: 'claims@example.com',
      given_name: 'Sam',
      family_name: 'Claims',
      email_verified: 'true',
    });
    const [row] = await t.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, hashKey(state)));
    const exchange = () =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/oauth/google/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({
          grant_type: 'authorization_code',
          client_id: sandboxClientId('google'),
          redirect_uri: socialRedirectUri(),
          code,
          code_verifier: row!.codeVerifier,
        }),
      });
    const answer = await exchange();
    expect(answer.statusCode).toBe(200);
    const { access_token: accessToken, token_type: tokenType } = answer.json<{
      access_token: string;
      token_type: string;
    }>();
    expect(tokenType).toBe('Bearer');

    const userinfo = () =>
      t.app.inject({
        method: 'GET',
        url: '/sandbox/oauth/google/userinfo',
        headers: { authorization: `Bearer ${accessToken}` },
      });
    const claims = await userinfo();
    expect(claims.json()).toEqual({
      sub: expect.stringMatching(/^sandbox-[0-9a-f]{24}$/),
      email: 'claims@example.com',
      email_verified: true,
      given_name: 'Sam',
      family_name: 'Claims',
    });
    // Another provider's userinfo does not know this token.
    const other = await t.app.inject({
      method: 'GET',
      url: '/sandbox/oauth/linkedin/userinfo',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(other.statusCode).toBe(401);

    expect((await exchange()).statusCode).toBe(400);
    expect((await userinfo()).statusCode).toBe(401);
  });

  it('refuses another client id and a wrong redirect URI at the token endpoint', async () => {
    const { url, state } = await begin('google');
    const { code } = await consent(url, { identity: demoLogins.customer.email });
    const [row] = await t.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, hashKey(state)));
    const base = { grant_type: 'authorization_code', code, code_verifier: row!.codeVerifier };
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/oauth/google/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ ...base, ...fields }),
      });
    expect((await post({ client_id: 'another-client', redirect_uri: socialRedirectUri() })).statusCode).toBe(401);
    const wrongRedirect = await post({
      client_id: sandboxClientId('google'),
      redirect_uri: 'https://evil.example/login',
    });
    expect(wrongRedirect.statusCode).toBe(400);
    expect(wrongRedirect.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('configuration', () => {
  const serverUrl = () => 'http://127.0.0.1:1';
  const socialClientsFromEnv = (env: Record<string, string>, url: () => string, sandboxServer?: boolean) =>
    socialClients(readConfig(env).social, url, sandboxServer);

  it('uses the providers themselves when configured, with PKCE for Google only', () => {
    const clients = socialClientsFromEnv(
      {
        GOOGLE_CLIENT_ID: 'g-id',
        GOOGLE_CLIENT_SECRET: 'g-secret',
        FACEBOOK_CLIENT_ID: 'f-id',
        FACEBOOK_CLIENT_SECRET: 'f-secret',
      },
      serverUrl,
    );
    expect(clients.google).toMatchObject({ mode: 'live', pkce: true });
    expect(clients.facebook).toMatchObject({ mode: 'live', pkce: false });
    // One real provider means production: the sandbox is not offered beside it.
    expect(clients.linkedin).toBeNull();

    const google = clients.google!.authorizationUrl('the-state', 'v'.repeat(43));
    expect(google.origin).toBe('https://accounts.google.com');
    expect(google.searchParams.get('client_id')).toBe('g-id');
    expect(google.searchParams.get('redirect_uri')).toBe(socialRedirectUri());
    expect(google.searchParams.get('code_challenge_method')).toBe('S256');
    expect(google.searchParams.get('scope')).toBe('openid email profile');
    const facebook = clients.facebook!.authorizationUrl('the-state', 'v'.repeat(43));
    expect(facebook.hostname).toBe('www.facebook.com');
    expect(facebook.searchParams.get('state')).toBe('the-state');
    expect(facebook.searchParams.has('code_challenge')).toBe(false);
  });

  it('has no provider at all where neither configured nor sandboxed, and refuses half a configuration', () => {
    const clients = socialClientsFromEnv({ SOCIAL_SIGN_IN_SANDBOX: 'off' }, serverUrl);
    expect(clients).toEqual({ google: null, facebook: null, linkedin: null });
    // Nor on a server whose mail or texts really leave the machine.
    expect(socialClientsFromEnv({}, serverUrl, false)).toEqual({ google: null, facebook: null, linkedin: null });
    expect(socialClientsFromEnv({}, serverUrl, true).google).toMatchObject({ mode: 'sandbox' });
    expect(() => socialClientsFromEnv({ LINKEDIN_CLIENT_ID: 'l-id' }, serverUrl)).toThrow(/LINKEDIN_CLIENT_SECRET/);
  });

  describe('with the sandbox off', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({
        db: t.db,
        audio: t.audio,
        now: t.clock.now,
        staticDir: '/nonexistent/portal-spa',
        config: readConfig({ SOCIAL_SIGN_IN_SANDBOX: 'off' }),
      });
      await app.ready();
    });
    afterAll(async () => app?.close());

    it('answers 400 "not available" and has no sandbox pages', async () => {
      const response = await app.inject({ method: 'GET', url: '/auth/accesstoken/google/' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: socialMessages.notAvailable('Google') });
      const csrf = await getCsrf(app);
      const post = await app.inject({
        method: 'POST',
        url: '/auth/linkedin/',
        headers: csrf.headers,
        payload: { code: 'x', state: 'y' },
      });
      expect(post.json()).toEqual({ detail: socialMessages.notAvailable('LinkedIn') });
      const page = await app.inject({ method: 'GET', url: '/sandbox/oauth/google/authorize' });
      expect(page.statusCode).toBe(404);
    });
  });
});
