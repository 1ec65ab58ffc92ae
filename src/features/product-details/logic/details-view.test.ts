import { describe, expect, it } from 'vitest';

import { comparison, contractStatusText, localToday, monthsText, priceText, promoText } from './details-view.ts';

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

  it("compares over the chosen length: the renewal's promotion counts, the current one's was used at the start", () => {
    const renewal = {
      current_tariff_name: 'Old',
      current_tariff_price: '18.00',
      current_promo_length: 3,
      current_promo_price: '9.00',
      current_contract_length: 24,
      current_contract_end_date: '2026-05-21',
      renewal_tariff_name: 'New',
      renewal_tariff_price: '16.00',
      renewal_promo_length: 1,
      renewal_promo_price: '0.00',
    };
    const sides = comparison(renewal, 24);
    expect(sides.current.totals?.contractWithVat).toBe(51840);
    expect(sides.current.promo).toBe('£10.80 inc. VAT for 3 months, at the start of your current contract');
    expect(sides.renewal.totals?.contractWithVat).toBe(44160);
    expect(sides.renewal.promo).toBe('£0.00 inc. VAT for 1 month');
    expect(comparison({ ...renewal, renewal_tariff_price: null }, 12).renewal.totals).toBeNull();
  });
});
