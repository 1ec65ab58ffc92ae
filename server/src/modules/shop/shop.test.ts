import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  HardwareCatalogue,
  HardwareDevices,
  NextInvoice,
  OrderPage,
  PurchaseResult,
  shopMessages,
  shopTotals,
  type PurchaseLine,
  type ShopItem,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { products, shopPurchases, users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, seededProductIds, tokenOf, useTestApp, type Csrf } from '../../test/helper.ts';
import { checkBasket, isRefusal, type ShopItemRow } from './rules.ts';

const t = useTestApp();

let csrf: Csrf;
let harbour: string;
let acme: string;
let harbourAccount: number;
let acmeAccount: number;
let harbourPhone: number;
let acmePhone: number;
let items: ShopItem[];

const address = {
  post_code: 'cf10 1ep',
  line_one: '1 Bute Street',
  line_two: '',
  city: 'Cardiff',
  county: 'South Glamorgan',
};

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [harbour, acme] = await Promise.all([tokenOf(t, demoLogins.multiProduct), tokenOf(t, demoLogins.customer)]);
  const accountOf = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0]!.accountId!;
  [harbourAccount, acmeAccount] = await Promise.all([
    accountOf(demoLogins.multiProduct.email),
    accountOf(demoLogins.customer.email),
  ]);
  ({ acme: acmePhone } = await seededProductIds(t.db));
  const harbourProducts = await t.db
    .select()
    .from(products)
    .where(eq(products.accountId, harbourAccount))
    .orderBy(products.id);
  harbourPhone = harbourProducts.find(
    (product) => product.kind === 'voip' && product.supplier === 2 && product.showProductPages,
  )!.id;
  expect(harbourPhone).toBeGreaterThan(0);
  items = HardwareCatalogue.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v1/voip/hardware/', headers: authHeaders(harbour) })).json(),
  ).items;
});

const item = (name: string) => {
  const found = items.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no shop item ${name}`);
  return found;
};
const line = (name: string, quantity: number, total?: string): PurchaseLine => {
  const found = item(name);
  return {
    charge_credit_id: found.id,
    product: found.name,
    quantity,
    total: total ?? (Number(found.price) * quantity).toFixed(2),
  };
};
let keys = 0;
const freshKey = () => `test-checkout-${String(keys++).padStart(6, '0')}`;
const purchase = (key: string, accountId: number, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/voip/${accountId}/hardware/purchase/`,
    headers: authHeaders(key, csrf),
    payload: body,
  });
const basket = (lines: PurchaseLine[], extra: Record<string, unknown> = {}) => ({
  idempotency_key: freshKey(),
  product_id: harbourPhone,
  delivery_address: address,
  lines,
  ...extra,
});
const devicesOf = async (key: string, productId: number) =>
  HardwareDevices.parse(
    (
      await t.app.inject({ method: 'GET', url: `/api/v3/voip/${productId}/hardware/`, headers: authHeaders(key) })
    ).json(),
  ).results;

describe('the catalogue: GET /api/v1/voip/hardware/', () => {
  it('answers a dozen items by category and sub-category, prices as poundsOf with 2 decimals, and the delivery charge in Setup', () => {
    const goods = items.filter((candidate) => candidate.category !== 'Setup');
    expect(goods.length).toBeGreaterThanOrEqual(12);
    expect(goods.every((candidate) => /^\d+\.\d{2}$/.test(candidate.price) && candidate.sub_category)).toBe(true);
    expect(item('Yealink T31P desk phone')).toMatchObject({
      price: '59.99',
      category: 'Phones',
      sub_category: 'Desk phones',
    });
    expect(items.filter((candidate) => candidate.category === 'Setup')).toEqual([
      expect.objectContaining({ name: 'Delivery', price: '7.99', sub_category: null }),
    ]);
  });
});

describe('the totals rule (contract shopTotals) as the server charges it', () => {
  const catalogue: ShopItemRow[] = [
    { id: 1, name: 'Phone', category: 'Phones', subCategory: 'Desk phones', pricePence: 5999, hardwareModelId: 1 },
    { id: 2, name: 'Cable', category: 'Accessories', subCategory: 'Cables', pricePence: 299, hardwareModelId: null },
    { id: 3, name: 'Delivery', category: 'Setup', subCategory: null, pricePence: 799, hardwareModelId: null },
  ];
  const posted = (id: number, quantity: number, total: string): PurchaseLine => ({
    charge_credit_id: id,
    product: 'x',
    quantity,
    total,
  });

  it('VAT at 20 % on the items plus delivery, in pence', () => {
    expect(shopTotals([{ pricePence: 5999, quantity: 2 }], 799)).toEqual({
      items: 11998,
      delivery: 799,
      subtotal: 12797,
      vat: 2559,
      total: 15356,
    });
    expect(shopTotals([], 799).total).toBe(0);
  });

  it('prices the lines itself, names them from the catalogue, and lists the devices to add', () => {
    const checked = checkBasket([posted(1, 2, '119.98'), posted(2, 3, '8.97'), posted(3, 1, '7.99')], catalogue);
    if (isRefusal(checked)) throw new Error(checked.message);
    expect(checked.totals).toEqual({ items: 12895, delivery: 799, subtotal: 13694, vat: 2739, total: 16433 });
    expect(checked.lines.map((l) => l.product)).toEqual(['Phone', 'Cable', 'Delivery']);
    expect(checked.devices).toEqual([{ hardwareModelId: 1, quantity: 2 }]);
    expect(checked.parts).toEqual([
      { name: 'Phone', quantity: 2 },
      { name: 'Cable', quantity: 3 },
    ]);
  });

  it('refuses a basket without items, without delivery or with delivery twice, repeated or unknown items, and other prices', () => {
    expect(checkBasket([posted(3, 1, '7.99')], catalogue)).toEqual({ status: 400, message: shopMessages.emptyBasket });
    expect(checkBasket([posted(1, 1, '59.99')], catalogue)).toEqual({
      status: 400,
      message: shopMessages.deliveryOnce,
    });
    expect(checkBasket([posted(1, 1, '59.99'), posted(3, 2, '15.98')], catalogue)).toEqual({
      status: 400,
      message: shopMessages.deliveryOnce,
    });
    expect(checkBasket([posted(1, 1, '59.99'), posted(1, 1, '59.99'), posted(3, 1, '7.99')], catalogue)).toEqual({
      status: 400,
      message: shopMessages.duplicateItem,
    });
    expect(checkBasket([posted(9, 1, '1.00'), posted(3, 1, '7.99')], catalogue)).toEqual({
      status: 400,
      message: shopMessages.unknownItem,
    });
    expect(checkBasket([posted(1, 2, '0.02'), posted(3, 1, '7.99')], catalogue)).toEqual({
      status: 409,
      message: shopMessages.priceChanged,
    });
  });
});

describe('POST /api/v1/voip/{accountId}/hardware/purchase/', () => {
  it('buys two phones for the next bill: the order in the tracker, the devices on the cloud phone, the totals with VAT', async () => {
    const before = await devicesOf(harbour, harbourPhone);
    const response = await purchase(
      harbour,
      harbourAccount,
      basket([line('Yealink T31P desk phone', 2), line('Delivery', 1)]),
    );
    expect(response.statusCode).toBe(201);
    const result = PurchaseResult.parse(response.json());
    expect(result).toMatchObject({
      subtotal: '127.97',
      vat: '25.59',
      total: '153.56',
      payment: 'next_bill',
      payment_text: 'Added to your next bill',
      devices: 2,
      delivery_post_code: 'CF10 1EP',
    });
    expect(result.order_id).toMatch(/^HW-\d+$/);

    const after = await devicesOf(harbour, harbourPhone);
    expect(after.length).toBe(before.length + 2);
    expect(after.slice(-2).map((device) => `${device.make} ${device.model} ${device.free_ports}`)).toEqual([
      'Yealink T31P 2',
      'Yealink T31P 2',
    ]);

    const tracker = OrderPage.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v3/orders/?type=HARDWARE_ORDER&page_size=20',
          headers: authHeaders(harbour),
        })
      ).json(),
    );
    const order = tracker.results.find((candidate) => candidate.order_id === result.order_id);
    expect(order).toMatchObject({
      kind: 'HARDWARE_ORDER',
      status: 'COMMITTED',
      read: false,
      hardware: {
        parts_to_order: [{ name: 'Yealink T31P desk phone', quantity: 2 }],
        shipping_post_code: 'CF10 1EP',
        payment: 'Added to your next bill',
      },
    });
  });

  it("is added to the next bill: the next invoice's amount and its one-off charges grow by the order's total", async () => {
    const nextInvoice = async () =>
      NextInvoice.parse(
        (
          await t.app.inject({ method: 'GET', url: '/api/v3/billing/next-invoice/', headers: authHeaders(harbour) })
        ).json(),
      );
    const before = await nextInvoice();
    const response = await purchase(
      harbour,
      harbourAccount,
      basket([line('Yealink T31P desk phone', 1), line('Delivery', 1)]),
    );
    expect(response.statusCode).toBe(201);
    const { total } = PurchaseResult.parse(response.json());
    const after = await nextInvoice();
    const pence = (text: string) => Math.round(Number(text) * 100);
    expect(pence(after.amount) - pence(before.amount)).toBe(pence(total));
    expect(pence(after.one_off_charges) - pence(before.one_off_charges)).toBe(pence(total));
  });

  it('answers the first purchase again for the same idempotency key, side by side too: one order, one set of devices', async () => {
    const body = basket([line('Grandstream HT802 phone adapter', 1), line('Delivery', 1)]);
    const before = (await devicesOf(harbour, harbourPhone)).length;
    const [first, second] = await Promise.all([
      purchase(harbour, harbourAccount, body),
      purchase(harbour, harbourAccount, body),
    ]);
    const third = await purchase(harbour, harbourAccount, body);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    const ids = [first, second, third].map((response) => PurchaseResult.parse(response.json()).order_id);
    expect(new Set(ids).size).toBe(1);
    expect((await devicesOf(harbour, harbourPhone)).length).toBe(before + 1);
    expect(
      await t.db.select().from(shopPurchases).where(eq(shopPurchases.idempotencyKey, body.idempotency_key)),
    ).toHaveLength(1);
  });

  it("refuses another account's id, another account's phone, and a voip3 phone (its shop is coming soon)", async () => {
    const lines = [line('Yealink T31P desk phone', 1), line('Delivery', 1)];
    expect((await purchase(acme, harbourAccount, basket(lines, { product_id: acmePhone }))).statusCode).toBe(404);
    expect((await purchase(harbour, harbourAccount, basket(lines, { product_id: acmePhone }))).statusCode).toBe(404);
    const voip3 = await purchase(acme, acmeAccount, basket(lines, { product_id: acmePhone }));
    expect(voip3.statusCode).toBe(403);
    expect(voip3.json()).toEqual({ detail: shopMessages.shopClosed });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/voip/${harbourAccount}/hardware/purchase/`,
          headers: csrf.headers,
          payload: basket(lines),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers 409 when the client priced the basket differently, and buys nothing', async () => {
    const before = (await devicesOf(harbour, harbourPhone)).length;
    const response = await purchase(
      harbour,
      harbourAccount,
      basket([line('Yealink T31P desk phone', 2, '100.00'), line('Delivery', 1)]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: shopMessages.priceChanged });
    expect((await devicesOf(harbour, harbourPhone)).length).toBe(before);
  });

  it('answers 400 with a readable message to bad baskets and junk, never 500', async () => {
    const phone = line('Yealink T31P desk phone', 1);
    const cases: Array<[unknown, string]> = [
      [basket([]), shopMessages.emptyBasket],
      [basket([line('Delivery', 1)]), shopMessages.emptyBasket],
      [basket([phone]), shopMessages.deliveryOnce],
      [basket([{ ...phone, quantity: 0 }, line('Delivery', 1)]), shopMessages.quantity],
      [basket([{ ...phone, quantity: 21 }, line('Delivery', 1)]), shopMessages.quantity],
      [basket([{ ...phone, charge_credit_id: 999999 }, line('Delivery', 1)]), shopMessages.unknownItem],
      [basket([{ ...phone, total: '59.9' }, line('Delivery', 1)]), shopMessages.total],
      [basket([phone, line('Delivery', 1)], { idempotency_key: 'x' }), shopMessages.idempotencyKey],
      [
        basket([phone, line('Delivery', 1)], { delivery_address: { ...address, post_code: 'NOT A CODE' } }),
        'Postcode must be valid',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await purchase(harbour, harbourAccount, body as Record<string, unknown>);
      expect(response.statusCode, message).toBe(400);
      expect(JSON.stringify(response.json()), message).toContain(message);
    }
    for (const junk of [null, 'text', [], { lines: 'all' }, { ...basket([phone]), lines: [null] }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/voip/${harbourAccount}/hardware/purchase/`,
        headers: { ...authHeaders(harbour, csrf), 'content-type': 'application/json' },
        payload: JSON.stringify(junk),
      });
      expect(response.statusCode, JSON.stringify(junk)).toBe(400);
    }
  });
});
