import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { GettingStarted, Welcome, welcomeMessages } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { products, users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, useTestApp, type Csrf } from '../../test/helper.ts';

const t = useTestApp();

const url = (productId: number | string) => `/api/v1/voip/${productId}/welcome/`;

let csrf: Csrf;
let welcome: string;
let customer: string;
let staff: string;
let novaPhone: number;
let acmePhone: number;
let acmeBroadband: number;

/** The demo account's products, in id order. */
async function productsOf(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return t.db.select().from(products).where(eq(products.accountId, user!.accountId!)).orderBy(products.id);
}

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [welcome, customer, staff] = await Promise.all([
    login(t.app, demoLogins.gettingStarted),
    login(t.app, demoLogins.customer),
    login(t.app, demoLogins.staff),
  ]);
  novaPhone = (await productsOf(demoLogins.gettingStarted.email))[0]!.id;
  const acme = await productsOf(demoLogins.customer.email);
  acmePhone = acme.find((p) => p.kind === 'voip')!.id;
  acmeBroadband = acme.find((p) => p.subKind === 'broadband')!.id;
});

const post = (key: string, productId: number | string, payload: unknown = { is_show_welcome: false }) =>
  t.app.inject({ method: 'POST', url: url(productId), headers: authHeaders(key, csrf), payload: payload as object });

const gettingStarted = async (key: string) =>
  GettingStarted.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v3/voip/getting-started/', headers: authHeaders(key) })).json(),
  );

const showWelcome = async (productId: number) =>
  (await t.db.select().from(products).where(eq(products.id, productId)))[0]?.showWelcome;

describe('POST /api/v1/voip/{product_id}/welcome/', () => {
  it('refuses bad bodies with 400 and a readable message, changing nothing', async () => {
    for (const payload of [
      {},
      { is_show_welcome: true },
      { is_show_welcome: 'false' },
      { is_show_welcome: null },
      [false],
    ]) {
      const response = await post(welcome, novaPhone, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json())).not.toMatch(/undefined|\[object/);
    }
    expect((await post(welcome, novaPhone, { is_show_welcome: true })).json()).toEqual({
      is_show_welcome: [welcomeMessages.isShowWelcome],
    });
    const notJson = await t.app.inject({
      method: 'POST',
      url: url(novaPhone),
      headers: { ...authHeaders(welcome, csrf), 'content-type': 'application/json' },
      payload: '{"is_show_welcome": fal',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await gettingStarted(welcome)).getting_started_product_ids).toEqual([novaPhone]);
  });

  it("answers 404 for another customer's product, a broadband product, an unknown id and staff without a customer", async () => {
    expect((await post(customer, novaPhone)).statusCode).toBe(404);
    expect((await post(welcome, acmePhone)).statusCode).toBe(404);
    expect((await post(customer, acmeBroadband)).statusCode).toBe(404);
    expect((await post(welcome, 2_147_483_648)).statusCode).toBe(404);
    expect((await post(staff, novaPhone)).statusCode).toBe(404);
    expect(await showWelcome(novaPhone)).toBe(true);
    expect((await post(welcome, 'abc')).statusCode).toBe(400);
  });

  it('answers 401 without a token and 403 without the CSRF header', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: url(novaPhone),
          headers: csrf.headers,
          payload: { is_show_welcome: false },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: url(novaPhone),
          headers: authHeaders(welcome),
          payload: { is_show_welcome: false },
        })
      ).statusCode,
    ).toBe(403);
    expect(await showWelcome(novaPhone)).toBe(true);
  });

  it('turns the welcome off, so the product leaves the getting-started list; again changes nothing', async () => {
    const response = await post(welcome, novaPhone);
    expect(response.statusCode).toBe(200);
    expect(Welcome.parse(response.json())).toEqual({ product_id: novaPhone, is_show_welcome: false });
    expect(await gettingStarted(welcome)).toEqual({ getting_started_product_ids: [] });

    const again = await post(welcome, novaPhone);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ product_id: novaPhone, is_show_welcome: false });

    // A product whose welcome was never due answers the same, and stays off.
    expect((await post(customer, acmePhone)).json()).toEqual({ product_id: acmePhone, is_show_welcome: false });
    expect(await showWelcome(acmePhone)).toBe(false);
  });
});
