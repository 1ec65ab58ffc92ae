import { describe, expect, it } from 'vitest';

import { isExtension, isUkPhoneNumber } from './phone.ts';

describe('UK phone pattern', () => {
  it('accepts 1, 2 or 7 and nine further digits after 0044, +44, 44 or 0', () => {
    for (const n of [
      '02079460000',
      '01614960000',
      '07700900123',
      '+442079460000',
      '00442079460000',
      '442079460000',
      '020 7946 0000',
    ])
      expect(isUkPhoneNumber(n), n).toBe(true);
  });
  it('refuses other numbers', () => {
    for (const n of [
      '03001234567',
      '0207946000',
      '020794600000',
      '2079460000',
      '+12025550123',
      '0800123456',
      '',
      'abc',
    ])
      expect(isUkPhoneNumber(n), n).toBe(false);
  });
  it('reads extensions as 3 to 6 digits', () => {
    expect(isExtension('200')).toBe(true);
    expect(isExtension('20')).toBe(false);
    expect(isExtension('2a0')).toBe(false);
  });
});
