/**
 * Prices of the advanced call flows add-on (spec 001 section 9): the monthly price from
 * standard_price, VAT at the shared 20 % rate, the monthly total as price plus VAT, and
 * prices shown with 2 decimals and £. Sums are done in pence so no float leaks into a
 * price on screen.
 */

/** The shared VAT rate (spec 000 section 9: 0.2, factor 1.2). */
export const VAT_RATE = 0.2;
/** The add-on's promotion (spec 001 section 9). */
export const ADD_ON_PROMO = '£0 for 1 month';

export interface AddOnPrice {
  /** Monthly price before VAT, in pence. */
  price: number;
  vat: number;
  /** price + vat */
  total: number;
}

const PRICE_PATTERN = /^\d{1,7}(\.\d{1,4})?$/;

/**
 * The add-on's monthly price, VAT and total from its standard_price; null when the
 * price is not a number.
 * @example addOnPrice('5.00') // { price: 500, vat: 100, total: 600 }
 */
export function addOnPrice(standardPrice: string): AddOnPrice | null {
  const text = standardPrice.trim();
  if (!PRICE_PATTERN.test(text)) return null;
  const price = Math.round(Number(text) * 100);
  const vat = Math.round(price * VAT_RATE);
  return { price, vat, total: price + vat };
}
