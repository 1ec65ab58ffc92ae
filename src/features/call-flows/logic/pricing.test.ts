import { describe, expect, it } from 'vitest';

import { formatPence } from '@portal/contract';

import { addOnPrice } from './pricing.ts';

describe('add-on price', () => {
  it('adds VAT at 20 % and totals price plus VAT', () => {
    expect(addOnPrice('5.00')).toEqual({ price: 500, vat: 100, total: 600 });
    expect(addOnPrice('10')).toEqual({ price: 1000, vat: 200, total: 1200 });
  });

  it('rounds VAT to the penny and keeps total = price + VAT', () => {
    // 4.99 * 0.2 = 0.998
    expect(addOnPrice('4.99')).toEqual({ price: 499, vat: 100, total: 599 });
    // 0.1 + 0.2 style float errors stay out: 2.55 * 100 = 254.99999...
    expect(addOnPrice('2.55')).toEqual({ price: 255, vat: 51, total: 306 });
    const p = addOnPrice('7.33');
    expect(p && p.price + p.vat).toBe(p?.total);
  });

  it('is null for a price that is not a number', () => {
    expect(addOnPrice('')).toBeNull();
    expect(addOnPrice('abc')).toBeNull();
    expect(addOnPrice('-5.00')).toBeNull();
    expect(addOnPrice('1e3')).toBeNull();
  });

  it('shows prices by the one price rule: £ and 2 decimals', () => {
    expect(formatPence(600)).toBe('£6.00');
    expect(formatPence(599)).toBe('£5.99');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(123456)).toBe('£1,234.56');
    expect(formatPence(-50)).toBe('-£0.50');
  });
});
