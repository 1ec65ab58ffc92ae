import { describe, expect, it } from 'vitest';

import type { ShopItem } from '@portal/contract';

import { basketKey, priceBasket, purchaseLines, readBasket, shelves, withQuantity, writeBasket } from './basket.ts';
import { endCheckout, readCheckout, startCheckout } from './checkout.ts';

const items: ShopItem[] = [
  { id: 1, name: 'Yealink T31P desk phone', price: '59.99', category: 'Phones', sub_category: 'Desk phones' },
  { id: 2, name: 'Yealink W73P cordless phone', price: '129.99', category: 'Phones', sub_category: 'Cordless phones' },
  { id: 3, name: 'Ethernet cable, 3 m', price: '2.99', category: 'Accessories', sub_category: 'Cables' },
  { id: 4, name: 'Delivery', price: '7.99', category: 'Setup', sub_category: null },
];

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

describe('the basket', () => {
  it('prices the lines with delivery once and VAT at 20 % on both, in pence', () => {
    const priced = priceBasket(items, { 1: 2 });
    expect(priced.lines.map((line) => [line.item.name, line.quantity, line.totalPence])).toEqual([
      ['Yealink T31P desk phone', 2, 11998],
    ]);
    expect(priced.totals).toEqual({ items: 11998, delivery: 799, subtotal: 12797, vat: 2559, total: 15356 });
    expect(priced.count).toBe(2);
    expect(priceBasket(items, {}).totals.total).toBe(0);
  });

  it('sends each item and then the delivery line, quantity 1, with totals in pounds', () => {
    expect(purchaseLines(priceBasket(items, { 3: 3, 1: 1 }))).toEqual([
      { charge_credit_id: 1, product: 'Yealink T31P desk phone', quantity: 1, total: '59.99' },
      { charge_credit_id: 3, product: 'Ethernet cable, 3 m', quantity: 3, total: '8.97' },
      { charge_credit_id: 4, product: 'Delivery', quantity: 1, total: '7.99' },
    ]);
  });

  it('keeps quantities between 0 (out of the basket) and 20', () => {
    expect(withQuantity({}, 1, 3)).toEqual({ 1: 3 });
    expect(withQuantity({ 1: 3 }, 1, 0)).toEqual({});
    expect(withQuantity({}, 1, 99)).toEqual({ 1: 20 });
    expect(withQuantity({}, 1, Number.NaN)).toEqual({});
  });

  it('survives a reload under its versioned key per account, and ignores what is not a basket of this version', () => {
    const storage = memoryStorage();
    writeBasket(7, { 1: 2 }, storage);
    expect(storage.data.has(basketKey(7))).toBe(true);
    expect(readBasket(7, storage)).toEqual({ 1: 2 });
    expect(readBasket(8, storage)).toEqual({});
    storage.setItem(basketKey(7), JSON.stringify({ version: 0, quantities: { 1: 2 } }));
    expect(readBasket(7, storage)).toEqual({});
    storage.setItem(basketKey(7), JSON.stringify({ version: 1, quantities: { 1: 500, 2: 'x', 3: 1 } }));
    expect(readBasket(7, storage)).toEqual({ 3: 1 });
    storage.setItem(basketKey(7), '{broken');
    expect(readBasket(7, storage)).toEqual({});
    writeBasket(7, {}, storage);
    expect(storage.data.has(basketKey(7))).toBe(false);
  });

  it('shelves the items by category then sub-category, the delivery charge on none', () => {
    expect(shelves(items)).toEqual([
      {
        category: 'Phones',
        groups: [
          { subCategory: 'Desk phones', items: [items[0]] },
          { subCategory: 'Cordless phones', items: [items[1]] },
        ],
      },
      { category: 'Accessories', groups: [{ subCategory: 'Cables', items: [items[2]] }] },
    ]);
  });
});

describe('the checkout', () => {
  const address = {
    post_code: 'CF10 1EP',
    line_one: '1 Tidewater Street',
    line_two: '',
    city: 'Cardiff',
    county: 'South Glamorgan',
  };

  it('gets a new idempotency key each time it starts, and is read only by its account', () => {
    const storage = memoryStorage();
    const first = startCheckout({ accountId: 7, productId: 3, address }, storage);
    expect(readCheckout(7, storage)).toEqual(first);
    expect(readCheckout(8, storage)).toBeNull();
    const second = startCheckout({ accountId: 7, productId: 3, address }, storage);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(second.idempotencyKey).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    endCheckout(storage);
    expect(readCheckout(7, storage)).toBeNull();
  });
});
