import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { addMonths, ProductDetails, productDetailsMessages, Renewal } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { productContracts } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, productsOfUser, SEED_TIME, tokenOf, useTestApp, type Csrf } from '../../test/helper.ts';

const t = useTestApp();

let csrf: Csrf;
let jo: string;
let alex: string;
const meadow = { cloudPhone: 0, voip: 0, fibre: 0, broadband: 0, phoneline: 0, website: 0 };
let acmePhone: number;

const DAY_MS = 24 * 60 * 60 * 1000;
const seedDay = (offset: number) => new Date(SEED_TIME.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [jo, alex] = await Promise.all([tokenOf(t, demoLogins.productDetails), tokenOf(t, demoLogins.customer)]);
  const [cloudPhone, voip, fibre, broadband, phoneline, website] = await productsOfUser(
    t.db,
    demoLogins.productDetails.email,
  );
  Object.assign(meadow, {
    cloudPhone: cloudPhone!.id,
    voip: voip!.id,
    fibre: fibre!.id,
    broadband: broadband!.id,
    phoneline: phoneline!.id,
    website: website!.id,
  });
  acmePhone = (await productsOfUser(t.db, demoLogins.customer.email))[0]!.id;
});

const get = (key: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: key ? authHeaders(key) : {} });
const renew = (key: string, id: number | string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v3/products/${id}/renewal/`,
    headers: authHeaders(key, csrf),
    payload: payload as object,
  });
const details = async (key: string, id: number) => {
  const response = await get(key, `/api/v3/products/${id}/`);
  expect(response.statusCode).toBe(200);
  return ProductDetails.parse(response.json());
};

describe('GET /api/v3/products/{id}/', () => {
  it('answers the tariff, children, every contract and the cloud phone site at a glance', async () => {
    const phone = await details(jo, meadow.cloudPhone);
    expect(phone).toMatchObject({
      product_id: meadow.cloudPhone,
      product_kind: 'voip2',
      tariff_name: 'Cloud Phone Essentials',
      tariff_price: '18.00',
      promo_length: 3,
      promo_price: '9.00',
      product_detail: 'Cloud phone - 2 users (Meadow Lane)',
      contract_length_months: 24,
      live_date: seedDay(-710),
      status: 'live',
      site: {
        pilot_number: '01174960001',
        users: 2,
        numbers: 2,
        active_call_flow: { kind: 'simple', name: expect.any(String) },
      },
    });
    expect(phone.children).toEqual([
      {
        product_detail: 'Additional user (Sam Patel)',
        tariff_name: 'Cloud Phone User',
        tariff_price: '8.00',
        promo_price: '4.00',
        promo_length: 3,
      },
      {
        product_detail: 'Call recording, 3 years storage',
        tariff_name: 'Call Recording 3yr',
        tariff_price: '3.50',
        promo_price: null,
        promo_length: null,
      },
    ]);
    // The VOID contract is in the answer (the page hides it); the current one gives the length and the token.
    // By start date: the current one started 24 months before its end, the VOID one a day later.
    expect(phone.contracts.map((c) => [c.status, c.end_date])).toEqual([
      ['ACTIVE', seedDay(20)],
      ['VOID', seedDay(-700)],
    ]);
    expect(phone.download_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it.each([
    ['voip', 'voip1'],
    ['fibre', 'fibre'],
    ['broadband', 'broadband'],
    ['phoneline', 'phoneline'],
    ['website', 'web'],
  ] as const)('answers the %s product as %s, with no site summary', async (name, kind) => {
    const product = await details(jo, meadow[name]);
    expect(product.product_kind).toBe(kind);
    expect(product.site).toBeNull();
    expect(product.tariff_price).toMatch(/^\d+\.\d{2}$/);
  });

  it('answers nulls for what is not known (the phone line: no contract end or length); its live date is the confirmed date', async () => {
    const line = await details(jo, meadow.phoneline);
    expect(line).toMatchObject({
      live_date: seedDay(-900),
      contract_length_months: null,
      promo_price: null,
      promo_length: null,
    });
    expect(line.contracts[0]).toMatchObject({ end_date: null, contract_length_months: null });
  });

  it("gives every other demo product its kind's tariff and a contract", async () => {
    const phone = await details(alex, acmePhone);
    expect(phone.tariff_name).toBe('Cloud Phone Essentials');
    expect(phone.contracts).toHaveLength(1);
    expect(phone.site?.users).toBeGreaterThan(0);
  });

  it("is 404 for another customer's product and an unknown id, 400 for junk, 401 signed out", async () => {
    expect((await get(alex, `/api/v3/products/${meadow.fibre}/`)).statusCode).toBe(404);
    expect((await get(jo, `/api/v3/products/${acmePhone}/`)).statusCode).toBe(404);
    expect((await get(jo, '/api/v3/products/2147483647/')).statusCode).toBe(404);
    expect((await get(jo, '/api/v3/products/99999999999/')).statusCode).toBe(404);
    const junk = await get(jo, '/api/v3/products/0x1/');
    expect(junk.statusCode).toBe(400);
    expect(JSON.stringify(junk.json())).toContain(productDetailsMessages.unknownProduct);
    expect((await get(null, `/api/v3/products/${meadow.fibre}/`)).statusCode).toBe(401);
  });
});

describe('GET /api/v3/products/{id}/renewal/', () => {
  it('answers the current tariff and contract beside the renewal tariff', async () => {
    const response = await get(jo, `/api/v3/products/${meadow.broadband}/renewal/`);
    expect(response.statusCode).toBe(200);
    expect(Renewal.parse(response.json())).toEqual({
      current_tariff_name: 'Standard 80',
      current_tariff_price: '32.00',
      current_promo_length: null,
      current_promo_price: null,
      current_contract_length: 12,
      current_contract_end_date: seedDay(10),
      renewal_tariff_name: 'Standard 80 (renewal)',
      renewal_tariff_price: '29.00',
      renewal_promo_length: 3,
      renewal_promo_price: '19.50',
    });
  });

  it("is 404 for another customer's product", async () => {
    expect((await get(alex, `/api/v3/products/${meadow.broadband}/renewal/`)).statusCode).toBe(404);
  });
});

describe('POST /api/v3/products/{id}/renewal/', () => {
  it('renews a contract ending within a month for 24 months: a new contract from the day after; the current tariff stays until then', async () => {
    const before = Renewal.parse((await get(jo, `/api/v3/products/${meadow.cloudPhone}/renewal/`)).json());
    expect(before).toMatchObject({
      current_tariff_name: 'Cloud Phone Essentials',
      current_tariff_price: '18.00',
      current_contract_end_date: seedDay(20),
    });
    const response = await renew(jo, meadow.cloudPhone, { contract_length_months: 24 });
    expect(response.statusCode).toBe(201);
    const phone = ProductDetails.parse(response.json());
    const renewed = phone.contracts.at(-1)!;
    expect(renewed).toMatchObject({
      start_date: seedDay(21),
      end_date: addMonths(seedDay(20), 24),
      contract_length_months: 24,
      status: 'PENDING',
      contract_sent: true,
    });
    // The current contract and its tariff stay current until it ends; the renewal is agreed, from its date.
    expect(phone).toMatchObject({
      tariff_name: 'Cloud Phone Essentials',
      tariff_price: '18.00',
      promo_length: 3,
      promo_price: '9.00',
      contract_length_months: before.current_contract_length,
    });
    expect(phone.renewal_agreed).toEqual({
      contract_id: renewed.contract_id,
      tariff_name: 'Cloud Phone Essentials (renewal)',
      tariff_price: '16.00',
      promo_length: 1,
      promo_price: '0.00',
      contract_length_months: 24,
      start_date: seedDay(21),
      end_date: addMonths(seedDay(20), 24),
    });
    expect(Renewal.parse((await get(jo, `/api/v3/products/${meadow.cloudPhone}/renewal/`)).json())).toEqual(before);
    // Agreed once: renewing again is refused.
    const again = await renew(jo, meadow.cloudPhone, { contract_length_months: 12 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: productDetailsMessages.alreadyRenewed });

    // From the renewal's first day it is the current contract, on the renewal tariff.
    t.clock.set(new Date(SEED_TIME.getTime() + 21 * DAY_MS));
    try {
      const key = await tokenOf(t, demoLogins.productDetails);
      const later = await details(key, meadow.cloudPhone);
      expect(later).toMatchObject({
        tariff_name: 'Cloud Phone Essentials (renewal)',
        tariff_price: '16.00',
        promo_length: 1,
        promo_price: '0.00',
        contract_length_months: 24,
        renewal_agreed: null,
      });
      expect(later.contracts.at(-1)).toMatchObject({ contract_id: renewed.contract_id, status: 'ACTIVE' });
      expect(Renewal.parse((await get(key, `/api/v3/products/${meadow.cloudPhone}/renewal/`)).json())).toMatchObject({
        current_tariff_name: 'Cloud Phone Essentials (renewal)',
        current_tariff_price: '16.00',
        current_contract_length: 24,
        current_contract_end_date: addMonths(seedDay(20), 24),
      });
      // The new contract is current: renewing again is refused until it is within a month of its end.
      expect((await renew(key, meadow.cloudPhone, { contract_length_months: 12 })).json()).toEqual({
        detail: productDetailsMessages.notRenewable,
      });
    } finally {
      t.clock.set(SEED_TIME);
    }
  });

  it('refuses a contract ending in more than a month, one already ended, and one whose end or length is unknown', async () => {
    const fibre = await renew(jo, meadow.fibre, { contract_length_months: 12 });
    expect(fibre.statusCode).toBe(400);
    expect(fibre.json()).toEqual({ detail: productDetailsMessages.notRenewable });
    expect((await renew(jo, meadow.voip, { contract_length_months: 12 })).json()).toEqual({
      detail: productDetailsMessages.notRenewable,
    });
    const line = await renew(jo, meadow.phoneline, { contract_length_months: 12 });
    expect(line.statusCode).toBe(400);
    expect(line.json()).toEqual({ detail: productDetailsMessages.unknownContract });
    const contracts = await t.db.select().from(productContracts).where(eq(productContracts.productId, meadow.fibre));
    expect(contracts).toHaveLength(2);
  });

  it('reads the window on the server clock: the fibre renews once its end is less than a month away', async () => {
    t.clock.set(new Date(SEED_TIME.getTime() + 180 * DAY_MS));
    try {
      // Signed in again: a token does not last half a year.
      const response = await renew(await tokenOf(t, demoLogins.productDetails), meadow.fibre, {
        contract_length_months: 12,
      });
      expect(response.statusCode).toBe(201);
      expect(ProductDetails.parse(response.json()).contracts.at(-1)).toMatchObject({
        start_date: seedDay(201),
        end_date: addMonths(seedDay(200), 12),
      });
    } finally {
      t.clock.set(SEED_TIME);
    }
  });

  it('takes only 12 or 24 months, with a readable message', async () => {
    for (const body of [
      { contract_length_months: 36 },
      { contract_length_months: '12' },
      {},
      { contract_length_months: null },
    ]) {
      const response = await renew(jo, meadow.website, body);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(productDetailsMessages.lengthRequired);
    }
  });

  it("is 404 for another customer's product, 403 without the CSRF header", async () => {
    expect((await renew(alex, meadow.broadband, { contract_length_months: 12 })).statusCode).toBe(404);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/v3/products/${meadow.broadband}/renewal/`,
      headers: authHeaders(jo),
      payload: { contract_length_months: 12 },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('makes one contract when two renewals are sent at once', async () => {
    const answers = await Promise.all([
      renew(jo, meadow.broadband, { contract_length_months: 12 }),
      renew(jo, meadow.broadband, { contract_length_months: 24 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const pending = await t.db
      .select()
      .from(productContracts)
      .where(and(eq(productContracts.productId, meadow.broadband), eq(productContracts.status, 'PENDING')));
    expect(pending).toHaveLength(1);
  });
});

describe('GET /api/v3/products/{id}/contract-document/{token}/', () => {
  it('answers the contract document for the download token', async () => {
    const website = await details(jo, meadow.website);
    const response = await get(jo, `/api/v3/products/${meadow.website}/contract-document/${website.download_token}/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.headers['content-disposition']).toContain(`contract-${website.contracts[0]!.contract_id}.txt`);
    expect(response.body).toContain(website.contracts[0]!.contract_id);
    expect(response.body).toContain('Website Starter');
  });

  it("is 404 for an unknown token, a VOID contract's, another product's and another customer's", async () => {
    const [voidContract] = await t.db
      .select()
      .from(productContracts)
      .where(and(eq(productContracts.productId, meadow.cloudPhone), eq(productContracts.status, 'VOID')));
    const website = await details(jo, meadow.website);
    expect(
      (await get(jo, `/api/v3/products/${meadow.cloudPhone}/contract-document/${voidContract!.downloadToken}/`))
        .statusCode,
    ).toBe(404);
    expect((await get(jo, `/api/v3/products/${meadow.website}/contract-document/nope/`)).statusCode).toBe(404);
    expect(
      (await get(jo, `/api/v3/products/${meadow.fibre}/contract-document/${website.download_token}/`)).statusCode,
    ).toBe(404);
    expect(
      (await get(alex, `/api/v3/products/${meadow.website}/contract-document/${website.download_token}/`)).statusCode,
    ).toBe(404);
    expect((await get(jo, `/api/v3/products/${meadow.website}/contract-document/${'x'.repeat(65)}/`)).statusCode).toBe(
      400,
    );
  });
});
