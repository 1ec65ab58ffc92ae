import { describe, expect, it } from 'vitest';

import { parseProductId } from './product-id.ts';

describe('parseProductId', () => {
  it('takes a positive whole product id', () => {
    expect(parseProductId('12')).toBe(12);
    expect(parseProductId('0')).toBeNull();
    expect(parseProductId('012')).toBeNull();
    expect(parseProductId('-1')).toBeNull();
    expect(parseProductId('1.5')).toBeNull();
    expect(parseProductId('abc')).toBeNull();
    expect(parseProductId(undefined)).toBeNull();
    expect(parseProductId('1234567890123')).toBeNull();
  });
});
