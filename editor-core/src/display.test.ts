import { describe, expect, it } from 'vitest';

import { displayCount, displayDate, displayDateTime, displayPhone, displayPrice } from './display.ts';

describe('the phone number display rule (spec 001 section 9)', () => {
  it('shows a national number with +44 instead of its 0, however it was written', () => {
    expect(displayPhone('01174960017')).toBe('+441174960017');
    expect(displayPhone('0141 4960050')).toBe('+441414960050');
    expect(displayPhone('(0113) 496-0000')).toBe('+441134960000');
    expect(displayPhone('07700900777')).toBe('+447700900777');
  });

  it('leaves a number already in +44 form, an international one and an extension as they are', () => {
    expect(displayPhone('+447700900777')).toBe('+447700900777');
    expect(displayPhone('+44 7700 900777')).toBe('+447700900777');
    expect(displayPhone('0033142685300')).toBe('+33142685300');
    expect(displayPhone('200')).toBe('200');
    expect(displayPhone('012')).toBe('012');
    expect(displayPhone('Not Assigned')).toBe('Not Assigned');
  });
});

describe('the date display rule (spec 000 section 5)', () => {
  it('shows a calendar date as DD MMM YYYY and nothing as "-"', () => {
    expect(displayDate('2026-10-19')).toBe('19 Oct 2026');
    expect(displayDate('2027-01-01')).toBe('01 Jan 2027');
    expect(displayDate('')).toBe('-');
    expect(displayDate(null)).toBe('-');
    expect(displayDate('2026-02-30')).toBe('-');
  });
});

describe('the count display rule', () => {
  it('writes a whole number as en-GB does, thousands grouped by commas', () => {
    for (const value of [0, 7, 999, 1000, 4999, 5000, 100_000, 1_234_567, -2500]) {
      expect(displayCount(value)).toBe(value.toLocaleString('en-GB'));
    }
    expect(displayCount(5000)).toBe('5,000');
  });

  it('rounds to a whole number and never writes "-0"', () => {
    expect(displayCount(1234.6)).toBe('1,235');
    expect(displayCount(-0.2)).toBe('0');
  });
});

describe('the price display rule (spec 000 section 5)', () => {
  it('shows pounds with a £ sign and 2 decimals, never "5.00 pounds"', () => {
    expect(displayPrice('5')).toBe('£5.00');
    expect(displayPrice('5.00')).toBe('£5.00');
    expect(displayPrice('18.5')).toBe('£18.50');
    expect(displayPrice(9.6)).toBe('£9.60');
    expect(displayPrice('0.00')).toBe('£0.00');
  });

  it('groups thousands, puts a minus before the £ and rounds to the penny', () => {
    expect(displayPrice('1234.5')).toBe('£1,234.50');
    expect(displayPrice(1234567.891)).toBe('£1,234,567.89');
    expect(displayPrice('-3')).toBe('-£3.00');
    expect(displayPrice(-0.001)).toBe('£0.00');
    expect(displayPrice(0.125)).toBe('£0.13');
  });

  it('shows "-" for what is not a price', () => {
    expect(displayPrice('')).toBe('-');
    expect(displayPrice('abc')).toBe('-');
    expect(displayPrice(Number.NaN)).toBe('-');
  });
});

describe('displayDateTime', () => {
  it('shows a moment as its UK date and time, summer time included', () => {
    expect(displayDateTime(new Date('2024-06-30T23:30:00Z'))).toBe('01 Jul 2024 00:30');
    expect(displayDateTime(new Date('2025-03-12T10:30:00Z'))).toBe('12 Mar 2025 10:30');
    expect(displayDateTime(new Date('not a date'))).toBe('-');
  });
});
