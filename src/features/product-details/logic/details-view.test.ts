import { describe, expect, it } from 'vitest';
import { contractChip, localToday, monthsText, priceText, promoText, routeShows } from './details-view.ts';

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
    expect(contractChip('ACTIVE')).toEqual({ type: 'success', text: 'Active' });
    expect(contractChip('PENDING').text).toBe('Starts later');
    expect(contractChip('ended').text).toBe('Ended');
    expect(contractChip('IN_REVIEW').text).toBe('In_review');
  });

  it("takes today on the customer's calendar", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('shows on each details route only its own kind', () => {
    expect(routeShows('product-phone', 'voip2')).toBe(true);
    expect(routeShows('voip', 'voip2')).toBe(false);
    expect(routeShows('website', 'web')).toBe(true);
  });
});
