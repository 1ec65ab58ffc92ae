import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { errorMessages, LoginResponse, MANAGE_OTHER_USERS, Me } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { authTokens, users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, postLogin, useTestApp } from '../../test/helper.ts';
import { hashKey, issueToken, TOKEN_ABSOLUTE_LIFETIME_MS, TOKEN_IDLE_LIFETIME_MS } from '../identity/index.ts';

const t = useTestApp();
const MINUTE = 60 * 1000;

async function me(key: string) {
  return t.app.inject({ method: 'GET', url: '/api/v3/me/', headers: authHeaders(key) });
}

describe('POST /auth/login/', () => {
  it('answers a token key for the right password, whatever the e-mail case', async () => {
    const response = await postLogin(t.app, { ...demoLogins.customer, email: ' ALEX@Acme-Plumbing.example ' });
    expect(response.statusCode).toBe(200);
    const { key } = LoginResponse.parse(response.json());
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers['cache-control']).toBe('no-store');
    // Only the hash is stored.
    const [stored] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashKey(key)));
    expect(stored).toBeDefined();
    expect(JSON.stringify(stored)).not.toContain(key);
  });

  it('gives a wrong password and an unknown e-mail the identical answer', async () => {
    const wrongPassword = await postLogin(t.app, { email: demoLogins.customer.email, password: 'not-it' });
    const unknownEmail = await postLogin(t.app, { email: 'nobody@acme-plumbing.example', password: 'not-it' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ detail: errorMessages.badCredentials });
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, ...rest } = headers;
      return rest;
    };
    expect(comparable(unknownEmail.headers)).toEqual(comparable(wrongPassword.headers));
  });

  it('answers field arrays with the contract messages for invalid input', async () => {
    const response = await postLogin(t.app, { email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['Enter an email address in the correct format, like name@example.com'],
      password: ['Enter your password'],
    });

    const csrf = await getCsrf(t.app);
    const missing = await t.app.inject({ method: 'POST', url: '/auth/login/', headers: csrf.headers, payload: {} });
    expect(missing.json()).toEqual({ email: ['Enter your email address'], password: ['Enter your password'] });

    const notAnObject = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { ...csrf.headers, 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json()).toEqual({ non_field_errors: ['Send the details as a JSON object.'] });
  });
});

describe('token authentication', () => {
  it('answers the current user for a valid token', async () => {
    const key = await login(t.app, demoLogins.customer);
    const response = await me(key);
    expect(response.statusCode).toBe(200);
    const body = Me.parse(response.json());
    expect(body).toMatchObject({
      user_profile: { first_name: 'Alex', last_name: 'Morgan', email: demoLogins.customer.email },
      initials: 'AM',
      name: 'Alex Morgan',
      is_staff: false,
      permissions: [],
      logged_in_as: null,
    });
    expect(response.body).not.toContain('password');
  });

  it('answers the staff role for the staff user', async () => {
    const body = Me.parse((await me(await login(t.app, demoLogins.staff))).json());
    expect(body.is_staff).toBe(true);
    expect(body.permissions).toEqual([MANAGE_OTHER_USERS]);
  });

  it('names the acting staff user in logged_in_as', async () => {
    const [customer] = await t.db.select().from(users).where(eq(users.email, demoLogins.customer.email));
    const [staff] = await t.db.select().from(users).where(eq(users.email, demoLogins.staff.email));
    const key = await issueToken(t.db, customer!.id, t.clock.now(), staff!.id);
    const body = Me.parse((await me(key)).json());
    expect(body.user_profile.email).toBe(demoLogins.customer.email);
    // With the acting staff member's own permissions: Show getting started follows their role (spec 000 section 6).
    expect(body.logged_in_as).toEqual({
      email: demoLogins.staff.email,
      name: demoLogins.staff.name,
      permissions: [MANAGE_OTHER_USERS],
    });
  });

  it('answers 401 without a token, and with a malformed or unknown one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v3/me/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: errorMessages.notAuthenticated });
    expect(none.headers['www-authenticate']).toBe('Token');

    for (const authorization of ['Token', 'Token abc', `Token ${'a'.repeat(43)}`, `Token ${'a'.repeat(43)} extra`]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v3/me/', headers: { authorization } });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ detail: errorMessages.invalidToken });
    }
  });

  it('revokes the token on logout, and only that token', async () => {
    const key = await login(t.app, demoLogins.customer);
    const other = await login(t.app, demoLogins.customer);
    const csrf = await getCsrf(t.app);
    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: authHeaders(key, csrf) });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ detail: 'Successfully logged out.' });

    const after = await me(key);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: errorMessages.invalidToken });
    expect((await me(other)).statusCode).toBe(200);
  });

  it('expires a token left idle for 8 hours', async () => {
    const key = await login(t.app, demoLogins.customer);
    t.clock.advance(TOKEN_IDLE_LIFETIME_MS - MINUTE);
    expect((await me(key)).statusCode).toBe(200); // use renews the idle lifetime
    t.clock.advance(TOKEN_IDLE_LIFETIME_MS - MINUTE);
    expect((await me(key)).statusCode).toBe(200);
    t.clock.advance(TOKEN_IDLE_LIFETIME_MS + 1000);
    const expired = await me(key);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: errorMessages.invalidToken });
  });

  it('expires a token 7 days after sign-in however much it is used', async () => {
    const key = await login(t.app, demoLogins.customer);
    let elapsed = 0;
    while (elapsed + TOKEN_IDLE_LIFETIME_MS / 2 <= TOKEN_ABSOLUTE_LIFETIME_MS) {
      t.clock.advance(TOKEN_IDLE_LIFETIME_MS / 2);
      elapsed += TOKEN_IDLE_LIFETIME_MS / 2;
      expect((await me(key)).statusCode, `after ${elapsed / 3_600_000} h`).toBe(200);
    }
    t.clock.advance(TOKEN_ABSOLUTE_LIFETIME_MS - elapsed + 1000);
    expect((await me(key)).statusCode).toBe(401);
  });

  it('writes last_used_at at most once a minute', async () => {
    const key = await login(t.app, demoLogins.customer);
    const lastUsed = async () =>
      (
        await t.db
          .select()
          .from(authTokens)
          .where(eq(authTokens.keyHash, hashKey(key)))
      )[0]?.lastUsedAt.getTime();
    const signedInAt = t.clock.now().getTime();
    t.clock.advance(30 * 1000);
    await me(key);
    expect(await lastUsed()).toBe(signedInAt);
    t.clock.advance(31 * 1000);
    await me(key);
    expect(await lastUsed()).toBe(t.clock.now().getTime());
  });
});

describe('CSRF', () => {
  it('sets a readable csrftoken cookie on any answer that lacks one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v3/me/' });
    const cookie = response.cookies.find((c) => c.name === 'csrftoken');
    expect(cookie?.value).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();

    const csrf = await getCsrf(t.app);
    const again = await t.app.inject({ method: 'GET', url: '/auth/csrf/', headers: { cookie: csrf.headers.cookie } });
    expect(again.cookies).toEqual([]);
    expect(again.json()).toEqual({ csrftoken: csrf.token });
  });

  it('refuses unsafe calls without the header, or with one that does not match the cookie', async () => {
    const csrf = await getCsrf(t.app);
    const attempts = [
      { cookie: csrf.headers.cookie },
      { cookie: csrf.headers.cookie, 'x-csrftoken': 'f'.repeat(64) },
      { 'x-csrftoken': csrf.token },
      { cookie: 'csrftoken=short', 'x-csrftoken': 'short' },
    ];
    for (const headers of attempts) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        headers,
        payload: demoLogins.customer,
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ detail: errorMessages.csrfFailed });
    }
    const key = await login(t.app, demoLogins.customer);
    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: authHeaders(key) });
    expect(logout.statusCode).toBe(403);
    expect((await me(key)).statusCode).toBe(200);
  });
});
