import { describe, expect, it } from 'vitest';
import { formatDate } from './format.ts';

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
