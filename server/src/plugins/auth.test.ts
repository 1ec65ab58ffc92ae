import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { errorMessages, MANAGE_OTHER_USERS, Me, Navigation } from '@portal/contract';

import { demoLogins } from '../db/demo-logins.ts';
import { authTokens, users } from '../db/schema/index.ts';
import {
  hashKey,
  newKey,
  revokeToken,
  selectWithSession,
  TOKEN_ABSOLUTE_LIFETIME_MS,
  TOKEN_IDLE_LIFETIME_MS,
  TOKEN_TOUCH_INTERVAL_MS,
} from '../modules/identity/index.ts';
import { authHeaders, seededProductIds, tokenOf, userIdOf, useTestApp } from '../test/helper.ts';

// GET me, the navigation, the call-flow list and the layout's start-up statuses and trial read the session in their own query
// (one round trip, plugins/auth.ts readWithSession); every other route asks for the token's row first (authenticate). A caller
// must not be able to tell them apart: the same 401s, the same expiry, the same touch of the last use.

const t = useTestApp();

/** Those, the layout's start-up statuses and trial (which also read the session themselves), and an ordinary route (the notifications), which authenticates before its handler. */
const routes = [
  '/api/v3/me/',
  '/api/v3/navigation/',
  'call-flow list',
  '/api/v3/voip/getting-started/',
  '/api/v3/voip/service-status/',
  '/customer/status/',
  '/api/v1/trial/status/',
  '/api/v3/notifications/',
] as const;

async function urlOf(route: (typeof routes)[number]) {
  return route === 'call-flow list' ? `/api/v2/voip/${(await seededProductIds(t.db)).acme}/call-flows/` : route;
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

const lastUsedAt = async (key: string) =>
  (
    await t.db
      .select({ at: authTokens.lastUsedAt })
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashKey(key)))
  )[0]?.at;

describe.each(routes)('GET %s', (route) => {
  it('answers a live token, and touches its last use at most once a minute', async () => {
    const url = await urlOf(route);
    const key = await tokenOf(t, demoLogins.customer);
    const issued = await lastUsedAt(key);
    expect((await get(url, authHeaders(key))).statusCode).toBe(200);
    expect(await lastUsedAt(key)).toEqual(issued);
    t.clock.advance(TOKEN_TOUCH_INTERVAL_MS + 1000);
    expect((await get(url, authHeaders(key))).statusCode).toBe(200);
    expect(await lastUsedAt(key)).toEqual(t.clock.now());
  });

  it('answers 401, and says which, without a token and for a token that is not live', async () => {
    const url = await urlOf(route);
    const missing = await get(url);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: errorMessages.notAuthenticated });
    expect(missing.headers['www-authenticate']).toBe('Token');

    const revoked = await tokenOf(t, demoLogins.customer);
    const [row] = await t.db
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashKey(revoked)));
    await revokeToken(t.db, row!.id, t.clock.now());
    const expired = await tokenOf(t, demoLogins.customer);
    t.clock.advance(TOKEN_IDLE_LIFETIME_MS + 1000);
    for (const header of [
      'Token not-a-key',
      `Token ${newKey()}`,
      `Token ${newKey()} extra`,
      `Token ${revoked}`,
      `Token ${expired}`,
    ]) {
      const response = await get(url, { authorization: header });
      expect(response.statusCode, header).toBe(401);
      expect(response.json()).toEqual({ detail: errorMessages.invalidToken });
      expect(response.headers['www-authenticate']).toBe('Token');
    }
  });

  it('ends a switched session whose staff member has lost the role, once it has been used', async () => {
    const url = await urlOf(route);
    const key = await tokenOf(t, demoLogins.customer, demoLogins.staff);
    expect((await get(url, authHeaders(key))).statusCode).toBe(200);
    const staffId = await userIdOf(t.db, demoLogins.staff);
    await t.db.update(users).set({ permissions: [] }).where(eq(users.id, staffId));
    try {
      const response = await get(url, authHeaders(key));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: errorMessages.invalidToken });
      const [token] = await t.db
        .select({ revokedAt: authTokens.revokedAt })
        .from(authTokens)
        .where(eq(authTokens.keyHash, hashKey(key)));
      expect(token!.revokedAt).toEqual(t.clock.now());
    } finally {
      await t.db
        .update(users)
        .set({ permissions: [MANAGE_OTHER_USERS] })
        .where(eq(users.id, staffId));
    }
  });

  it('ends a session past its absolute lifetime, however much it is used', async () => {
    const url = await urlOf(route);
    const key = await tokenOf(t, demoLogins.customer);
    let elapsed = 0;
    while (elapsed + TOKEN_IDLE_LIFETIME_MS / 2 <= TOKEN_ABSOLUTE_LIFETIME_MS) {
      expect((await get(url, authHeaders(key))).statusCode).toBe(200);
      t.clock.advance(TOKEN_IDLE_LIFETIME_MS / 2);
      elapsed += TOKEN_IDLE_LIFETIME_MS / 2;
    }
    expect((await get(url, authHeaders(key))).statusCode).toBe(200);
    t.clock.advance(TOKEN_ABSOLUTE_LIFETIME_MS - elapsed + 1000);
    expect((await get(url, authHeaders(key))).statusCode).toBe(401);
  });
});

describe('routes that read the session in their own query', () => {
  it("read only the session's token, whatever a route's query adds", async () => {
    const key = await tokenOf(t, demoLogins.customer);
    await tokenOf(t, demoLogins.staff);
    const widened = selectWithSession(t.db, {})
      .where(sql`true`)
      .prepare('test_widened_session');
    expect((await widened.execute({ keyHash: hashKey(key) })).map((row) => row.user.email)).toEqual([
      demoLogins.customer.email,
    ]);
    expect(await widened.execute({ keyHash: hashKey(newKey()) })).toEqual([]);
  });

  // (An id the contract refuses, such as 0, answers 400 here before the token is looked at: the params are checked
  // before the handler runs. That tells a caller nothing about any account.)
  it('check the token before the product: an id that names no product of theirs answers 401 without a live token, 404 with one', async () => {
    const key = await tokenOf(t, demoLogins.customer);
    for (const id of ['99999999', String((await seededProductIds(t.db)).cafe)]) {
      const url = `/api/v2/voip/${id}/call-flows/`;
      expect((await get(url, { authorization: `Token ${newKey()}` })).statusCode, url).toBe(401);
      expect((await get(url, authHeaders(key))).statusCode, url).toBe(404);
    }
  });

  it('answer a staff member switched to a customer as they answer the customer', async () => {
    const own = await tokenOf(t, demoLogins.multiProduct);
    const switched = await tokenOf(t, demoLogins.multiProduct, demoLogins.staff);
    for (const route of routes.filter((route) => route !== '/api/v3/me/')) {
      const url = await urlOf(route);
      const [asCustomer, asStaff] = [await get(url, authHeaders(own)), await get(url, authHeaders(switched))];
      expect(asStaff.statusCode, url).toBe(asCustomer.statusCode);
      expect(asStaff.json(), url).toEqual(asCustomer.json());
    }
  });

  it('answer as the customer while a staff member is switched, and a staff member alone has no account', async () => {
    const switched = await tokenOf(t, demoLogins.customer, demoLogins.staff);
    const me = Me.parse((await get('/api/v3/me/', authHeaders(switched))).json());
    expect(me.user_profile.email).toBe(demoLogins.customer.email);
    expect(me.logged_in_as?.email).toBe(demoLogins.staff.email);
    const navigation = Navigation.parse((await get('/api/v3/navigation/', authHeaders(switched))).json());
    expect(navigation.account?.name).toBe('Acme Plumbing Ltd');
    expect(navigation.products.length).toBeGreaterThan(0);

    const staff = await tokenOf(t, demoLogins.staff);
    expect(Me.parse((await get('/api/v3/me/', authHeaders(staff))).json()).logged_in_as).toBeNull();
    expect(Navigation.parse((await get('/api/v3/navigation/', authHeaders(staff))).json())).toEqual({
      account: null,
      products: [],
    });
    const flows = await get(`/api/v2/voip/${(await seededProductIds(t.db)).acme}/call-flows/`, authHeaders(staff));
    expect(flows.statusCode).toBe(404);
  });
});
