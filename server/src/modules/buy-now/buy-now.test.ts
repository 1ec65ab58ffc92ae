import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { BuyNowSummary, errorMessages, Navigation } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { products, users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, useTestApp, type Csrf } from '../../test/helper.ts';

const t = useTestApp();

const summaryUrl = (productId: number | string) => `/api/v1/voip/${productId}/buy-now/summary/`;

let csrf: Csrf;
let pier: string;
let cafe: string;
let customer: string;
let novaKey: string;
let staff: string;
let pierPhone: number;
let cafePhone: number;
let acmePhone: number;
let acmeBroadband: number;
let novaPhone: number;

/** The demo account's products, in id order. */
async function productsOf(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return t.db.select().from(products).where(eq(products.accountId, user!.accountId!)).orderBy(products.id);
}

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [pier, cafe, customer, novaKey, staff] = await Promise.all([
    login(t.app, demoLogins.buyNowProvisioned),
    login(t.app, demoLogins.buyNow),
    login(t.app, demoLogins.customer),
    login(t.app, demoLogins.gettingStarted),
    login(t.app, demoLogins.staff),
  ]);
  pierPhone = (await productsOf(demoLogins.buyNowProvisioned.email))[0]!.id;
  cafePhone = (await productsOf(demoLogins.buyNow.email))[0]!.id;
  novaPhone = (await productsOf(demoLogins.gettingStarted.email))[0]!.id;
  const acme = await productsOf(demoLogins.customer.email);
  acmePhone = acme.find((p) => p.kind === 'voip')!.id;
  acmeBroadband = acme.find((p) => p.subKind === 'broadband')!.id;
});

const getSummary = (key: string, productId: number | string) =>
  t.app.inject({ method: 'GET', url: summaryUrl(productId), headers: authHeaders(key) });

const postWelcome = (key: string, productId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/voip/${productId}/welcome/`,
    headers: authHeaders(key, csrf),
    payload: { is_show_welcome: false },
  });

const navigationProduct = async (key: string, productId: number) =>
  Navigation.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v3/navigation/', headers: authHeaders(key) })).json(),
  ).products.find((p) => p.product_id === productId);

describe('GET /api/v1/voip/{product_id}/buy-now/summary/', () => {
  it('answers what was bought: the product, its new number, its users and where it is installed', async () => {
    const response = await getSummary(pier, pierPhone);
    expect(response.statusCode).toBe(200);
    expect(BuyNowSummary.parse(response.json())).toEqual({
      product_id: pierPhone,
      product_detail: 'Cloud phone - 1 user',
      status: 'buy now provisioned',
      supplier: 3,
      confirmed_date: '2025-03-03',
      pilot_number: '01632960401',
      other_numbers: [],
      users: [{ name: 'Jamie Cole', extension: '200' }],
      installation_address: 'Suite 3, 40 North Road, Brighton, BN1 1YE',
      is_show_welcome: true,
    });
  });

  it('answers a buy-now phone that is live already, without a welcome due; no address yet is null', async () => {
    const summary = BuyNowSummary.parse((await getSummary(cafe, cafePhone)).json());
    expect(summary).toMatchObject({
      product_id: cafePhone,
      status: 'live',
      is_show_welcome: false,
      installation_address: null,
      pilot_number: '01632960301',
    });
  });

  it("answers 404 for a phone not bought online, another customer's phone, a broadband product, an unknown id and staff", async () => {
    for (const [key, id] of [
      [customer, acmePhone],
      [novaKey, novaPhone],
      [customer, pierPhone],
      [pier, cafePhone],
      [customer, acmeBroadband],
      [pier, 2_147_483_647],
      [pier, 2_147_483_648],
      [staff, pierPhone],
    ] as const) {
      const response = await getSummary(key, id);
      expect(response.statusCode, `${id}`).toBe(404);
      expect(response.json()).toEqual({ detail: errorMessages.notFound });
    }
  });

  it('answers 400 with a readable message for an id that is not one, and 401 without a token', async () => {
    for (const id of ['abc', '0x1', '01', '1e0', '-1']) {
      const response = await getSummary(pier, id);
      expect(response.statusCode, id).toBe(400);
      expect(JSON.stringify(response.json())).toContain('Unknown product');
    }
    expect((await t.app.inject({ method: 'GET', url: summaryUrl(pierPhone) })).statusCode).toBe(401);
  });
});

describe('the welcome call on a buy-now phone just provisioned', () => {
  it('makes it live, so the start-up rule no longer applies; the summary says so; again changes nothing', async () => {
    expect(await navigationProduct(pier, pierPhone)).toMatchObject({
      status: 'buy now provisioned',
      channel: 'Buy Now',
    });

    const response = await postWelcome(pier, pierPhone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ product_id: pierPhone, is_show_welcome: false });
    expect(await navigationProduct(pier, pierPhone)).toMatchObject({ status: 'live', channel: 'Buy Now' });
    expect(BuyNowSummary.parse((await getSummary(pier, pierPhone)).json())).toMatchObject({
      status: 'live',
      is_show_welcome: false,
      pilot_number: '01632960401',
    });
    // Getting started was never due for it, and is not now.
    const gettingStarted = await t.app.inject({
      method: 'GET',
      url: '/api/v3/voip/getting-started/',
      headers: authHeaders(pier),
    });
    expect(gettingStarted.json()).toEqual({ getting_started_product_ids: [] });

    expect((await postWelcome(pier, pierPhone)).statusCode).toBe(200);
    expect(await navigationProduct(pier, pierPhone)).toMatchObject({ status: 'live' });
  });

  it("leaves another product's status alone: a live buy-now phone and a phone set up by its customer", async () => {
    expect((await postWelcome(cafe, cafePhone)).statusCode).toBe(200);
    expect(await navigationProduct(cafe, cafePhone)).toMatchObject({ status: 'live' });
    const [acme] = await t.db.select().from(products).where(eq(products.id, acmePhone));
    expect((await postWelcome(customer, acmePhone)).statusCode).toBe(200);
    const [after] = await t.db.select().from(products).where(eq(products.id, acmePhone));
    expect(after?.status).toBe(acme?.status);
  });
});
