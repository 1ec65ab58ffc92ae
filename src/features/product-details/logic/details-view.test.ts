import { describe, expect, it } from 'vitest';
import { contractStatusText, localToday, monthsText, priceText, promoText } from './details-view.ts';

describe('details view', () => {
  it("shows prices with £ and 2 decimals, '-' when there is none", () => {
    expect(priceText('18')).toBe('£18.00');
    expect(priceText(null)).toBe('-');
    expect(promoText('9.00', 3)).toBe('£9.00 a month for 3 months');
    expect(promoText('9.00', null)).toBe('-');
    expect(promoText(null, 3)).toBe('-');
    expect(monthsText(1)).toBe('1 month');
    expect(monthsText(null)).toBe('-');
  });

  it('words the contract statuses, and one it does not know as it comes', () => {
    expect(contractStatusText('ACTIVE')).toBe('Active');
    expect(contractStatusText('PENDING')).toBe('Starts when the current contract ends');
    expect(contractStatusText('ended')).toBe('Ended');
    expect(contractStatusText('IN_REVIEW')).toBe('In_review');
    expect(contractStatusText('')).toBe('-');
  });

  it("takes today on the customer's calendar", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
