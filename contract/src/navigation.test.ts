import { describe, expect, it } from 'vitest';

import { deriveProductKind, sortProductsLiveFirst } from './navigation.ts';

describe('deriveProductKind (spec 000 section 3)', () => {
  it('makes VoIP with tariff version TARIFF_V3 voip2, and any other VoIP voip1', () => {
    expect(deriveProductKind({ kind: 'voip', tariff_version: 'TARIFF_V3' })).toBe('voip2');
    expect(deriveProductKind({ kind: 'VOIP', tariff_version: 'TARIFF_V3' })).toBe('voip2');
    expect(deriveProductKind({ kind: 'voip', tariff_version: 'TARIFF_V2' })).toBe('voip1');
    expect(deriveProductKind({ kind: 'voip', tariff_version: null })).toBe('voip1');
    expect(deriveProductKind({ kind: 'voip' })).toBe('voip1');
  });

  it('gives telco its sub kind, and web web', () => {
    expect(deriveProductKind({ kind: 'telco', sub_kind: 'fibre' })).toBe('fibre');
    expect(deriveProductKind({ kind: 'telco', sub_kind: 'BROADBAND' })).toBe('broadband');
    expect(deriveProductKind({ kind: 'telco', sub_kind: 'phoneline' })).toBe('phoneline');
    expect(deriveProductKind({ kind: 'web' })).toBe('web');
  });

  it('refuses a kind it cannot name', () => {
    expect(() => deriveProductKind({ kind: 'telco', sub_kind: 'satellite' })).toThrow(/Unknown product kind/);
    expect(() => deriveProductKind({ kind: 'telco' })).toThrow();
    expect(() => deriveProductKind({ kind: 'gas' })).toThrow();
  });
});

describe('sortProductsLiveFirst', () => {
  it('puts live products first and keeps the order otherwise', () => {
    const products = [
      { id: 1, status: 'pending' },
      { id: 2, status: 'live' },
      { id: 3, status: 'ceased' },
      { id: 4, status: 'live' },
      { id: 5, status: 'buy now provisioned' },
    ];
    expect(sortProductsLiveFirst(products).map((p) => p.id)).toEqual([2, 4, 1, 3, 5]);
    expect(products.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
