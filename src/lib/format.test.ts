import { describe, expect, it } from 'vitest';

import { formatDate, formatDateTime, formatElapsed } from './format.ts';

describe('formatDate', () => {
  it('shows DD MMM YYYY in UK time', () => {
    expect(formatDate('2024-03-04T10:00:00Z')).toBe('04 Mar 2024');
    expect(formatDate('2024-12-31')).toBe('31 Dec 2024');
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST)
    expect(formatDate('2024-06-30T23:30:00Z')).toBe('01 Jul 2024');
  });

  it("is '-' for an empty or unreadable value", () => {
    expect(formatDate('')).toBe('-');
    expect(formatDate(null)).toBe('-');
    expect(formatDate(undefined)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
  });
});

describe('formatDateTime', () => {
  it('shows the UK date by the date rule, then the UK time as HH:mm', () => {
    expect(formatDateTime('2024-03-04T09:05:00Z')).toBe('04 Mar 2024 09:05');
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST)
    expect(formatDateTime('2024-06-30T23:30:00Z')).toBe('01 Jul 2024 00:30');
    expect(formatDateTime(Date.UTC(2025, 0, 2, 14, 0))).toBe('02 Jan 2025 14:00');
  });

  it("is '-' for an empty or unreadable value", () => {
    expect(formatDateTime('')).toBe('-');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
});

describe('formatElapsed (spec 000 section 9: hh:mm:ss)', () => {
  it('shows whole seconds as hours, minutes and seconds, two digits each', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(65.9)).toBe('00:01:05');
    expect(formatElapsed(3723)).toBe('01:02:03');
    expect(formatElapsed(100 * 3600)).toBe('100:00:00');
    expect(formatElapsed(-4)).toBe('00:00:00');
    expect(formatElapsed(Number.NaN)).toBe('00:00:00');
  });
});
