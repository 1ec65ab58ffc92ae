import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { Navigation } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { products } from '../../db/schema/index.ts';
import { authHeaders, login, useTestApp } from '../../test/helper.ts';

const t = useTestApp();

async function navigation(key: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v3/navigation/', headers: authHeaders(key) });
  expect(response.statusCode).toBe(200);
  return Navigation.parse(response.json());
}

describe('GET /api/v3/navigation/', () => {
  it("answers the customer's account and products with their derived kinds", async () => {
    const body = await navigation(await login(t.app, demoLogins.customer));
    expect(body.account?.name).toBe('Acme Plumbing Ltd');
    expect(body.products.map((p) => [p.product_kind, p.kind, p.status, p.supplier])).toEqual([
      ['voip2', 'voip', 'live', 3],
      ['broadband', 'telco', 'live', 1],
      ['fibre', 'telco', 'live', 1],
    ]);
    expect(body.products[0]).toMatchObject({
      account_id: body.account?.id,
      show_product_pages: true,
      channel: 'Self Sign Up',
      product_detail: 'Cloud phone - 3 users',
      has_installation_address: true,
      ceased_date: null,
      confirmed_date: '2024-03-04',
    });
  });

  it('lists live products first, keeping the order otherwise', async () => {
    const key = await login(t.app, demoLogins.customer);
    const [voip] = (await navigation(key)).products;
    await t.db
      .update(products)
      .set({ status: 'ceased', ceasedDate: '2025-02-28' })
      .where(eq(products.id, voip!.product_id));
    try {
      const body = await navigation(key);
      expect(body.products.map((p) => [p.product_kind, p.status])).toEqual([
        ['broadband', 'live'],
        ['fibre', 'live'],
        ['voip2', 'ceased'],
      ]);
      expect(body.products[2]?.ceased_date).toBe('2025-02-28');
    } finally {
      await t.db.update(products).set({ status: 'live', ceasedDate: null }).where(eq(products.id, voip!.product_id));
    }
  });

  it('answers a Buy Now product without an installation address', async () => {
    const body = await navigation(await login(t.app, demoLogins.buyNow));
    expect(body.account?.name).toBe('Corner Cafe');
    expect(body.products).toHaveLength(1);
    expect(body.products[0]).toMatchObject({
      product_kind: 'voip2',
      channel: 'Buy Now',
      has_installation_address: false,
    });
  });

  it('counts an installation address without a field the spec requires (town/city, county...) as none, so the prompt asks again', async () => {
    const key = await login(t.app, demoLogins.buyNow);
    const [cafe] = (await navigation(key)).products;
    const complete = {
      summary_line: '1 Bakery Row, Leeds, LS11 5PZ',
      line_one: '1 Bakery Row',
      line_two: '',
      city: 'Leeds',
      county: 'West Yorkshire',
      post_code: 'LS11 5PZ',
    };
    try {
      await t.db
        .update(products)
        .set({ installationAddress: { ...complete, city: '', county: '', summary_line: '1 Bakery Row, LS11 5PZ' } })
        .where(eq(products.id, cafe!.product_id));
      expect((await navigation(key)).products[0]?.has_installation_address).toBe(false);
      await t.db
        .update(products)
        .set({ installationAddress: { ...complete, county: '  ' } })
        .where(eq(products.id, cafe!.product_id));
      expect((await navigation(key)).products[0]?.has_installation_address).toBe(false);
      await t.db.update(products).set({ installationAddress: complete }).where(eq(products.id, cafe!.product_id));
      expect((await navigation(key)).products[0]?.has_installation_address).toBe(true);
    } finally {
      await t.db.update(products).set({ installationAddress: null }).where(eq(products.id, cafe!.product_id));
    }
  });

  it('answers a customer with products of every kind, live first', async () => {
    const body = await navigation(await login(t.app, demoLogins.multiProduct));
    expect(body.account?.name).toBe('Harbour Freight Ltd');
    expect(body.products.map((p) => [p.product_kind, p.status, p.supplier, p.show_product_pages])).toEqual([
      ['voip2', 'live', 2, true],
      ['voip2', 'live', 3, true],
      ['broadband', 'live', 1, false],
      ['fibre', 'pending', 1, false],
    ]);
  });

  it('answers a provisioned buy-now product with its status', async () => {
    const body = await navigation(await login(t.app, demoLogins.buyNowProvisioned));
    expect(body.products).toEqual([
      expect.objectContaining({
        product_kind: 'voip2',
        supplier: 3,
        channel: 'Buy Now',
        status: 'buy now provisioned',
      }),
    ]);
  });

  it('answers no account and no products for staff', async () => {
    expect(await navigation(await login(t.app, demoLogins.staff))).toEqual({ account: null, products: [] });
  });

  it('answers the account with no products once it has none', async () => {
    const key = await login(t.app, demoLogins.trial);
    const before = await navigation(key);
    expect(before.products.length).toBeGreaterThan(0);
    await t.db.delete(products).where(eq(products.accountId, before.account!.id));
    expect(await navigation(key)).toEqual({ account: before.account, products: [] });
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v3/navigation/' })).statusCode).toBe(401);
  });
});
