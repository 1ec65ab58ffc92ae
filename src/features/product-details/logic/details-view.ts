import {
  formatPence,
  pence,
  renewalAllowed,
  tariffTotals,
  visibleContracts,
  withVat,
  type AgreedRenewal,
  type ProductContract,
  type ProductDetails,
  type Renewal,
  type TariffTotals,
} from '@portal/contract';

import { formatDate } from '../../../lib/format.ts';

/**
 * What the product details pages show, worked out without React: prices with £ and 2 decimals,
 * '-' for what is not known (spec 001 section 9), the contracts the customer sees and whether
 * renewal is offered (the contract's rule, shared with the server).
 */

/** A price string as shown: "£25.00", or '-' when there is none. */
export function priceText(price: string | null): string {
  const amount = pence(price);
  return amount === null ? '-' : formatPence(amount);
}

/** A promotion as shown: "£9.00 a month for 3 months", or '-' when there is none. */
export function promoText(price: string | null, months: number | null): string {
  const amount = pence(price);
  if (amount === null || !months) return '-';
  return `${formatPence(amount)} a month for ${monthsText(months)}`;
}

/**
 * A renewal agreed but not begun, in words: its tariff and price, from its start to its end.
 * @example agreedRenewalText(...) // 'Cloud Phone Essentials (renewal), £16.00 a month (£0.00 a month for 1 month), 24 months from 22 May 2026 to 21 May 2028'
 */
export function agreedRenewalText(renewal: AgreedRenewal): string {
  const price = renewal.tariff_price === null ? '' : `, ${priceText(renewal.tariff_price)} a month`;
  const promo = promoText(renewal.promo_price, renewal.promo_length);
  return `${renewal.tariff_name ?? 'Your renewal'}${price}${promo === '-' ? '' : ` (${promo})`}, ${monthsText(renewal.contract_length_months)} from ${formatDate(renewal.start_date)} to ${formatDate(renewal.end_date)}`;
}

/** "1 month", "24 months", or '-'. */
export function monthsText(months: number | null): string {
  if (months === null) return '-';
  return months === 1 ? '1 month' : `${months} months`;
}

const CONTRACT_STATUSES: Record<string, string> = {
  ACTIVE: 'Active',
  PENDING: 'Starts when the current contract ends',
  ENDED: 'Ended',
};

/** A contract's status in words; one we do not know is shown as it comes, capitalised. */
export function contractStatusText(status: string): string {
  const known = CONTRACT_STATUSES[status.toUpperCase()];
  if (known) return known;
  const text = status.trim().toLowerCase();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : '-';
}

/** The contracts the page lists (VOID ones hidden), newest first. */
export const shownContracts = (details: ProductDetails): ProductContract[] =>
  visibleContracts(details.contracts).reverse();

/** Today on the customer's calendar, as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether the page offers renewal: the shared rule on the current contract's end date and length. */
export const renewalOffered = (renewal: Renewal, today: string): boolean =>
  renewalAllowed(renewal.current_contract_end_date, renewal.current_contract_length, today);

/** One side of the renewal comparison: a tariff's name, its promotion in words and its totals over the chosen length. */
export interface TariffSide {
  name: string;
  promo: string;
  totals: TariffTotals | null;
}

/** A promotion with VAT, in words: "£10.80 inc. VAT for 3 months", or '-'. */
function promoWithVat(price: string | null, months: number | null): string {
  const amount = pence(price);
  return amount === null || !months ? '-' : `${formatPence(withVat(amount))} inc. VAT for ${monthsText(months)}`;
}

/**
 * The current and the renewal tariff side by side over `months` months, with VAT (factor 1.2). The
 * current tariff's promotion was for the start of the current contract: it is shown, but staying on
 * the current tariff would cost its full price every month; the renewal's promotion counts.
 */
export function comparison(renewal: Renewal, months: number): { current: TariffSide; renewal: TariffSide } {
  const currentPromo = promoWithVat(renewal.current_promo_price, renewal.current_promo_length);
  return {
    current: {
      name: renewal.current_tariff_name ?? '-',
      promo: currentPromo === '-' ? '-' : `${currentPromo}, at the start of your current contract`,
      totals: tariffTotals(renewal.current_tariff_price, null, null, months),
    },
    renewal: {
      name: renewal.renewal_tariff_name ?? '-',
      promo: promoWithVat(renewal.renewal_promo_price, renewal.renewal_promo_length),
      totals: tariffTotals(
        renewal.renewal_tariff_price,
        renewal.renewal_promo_price,
        renewal.renewal_promo_length,
        months,
      ),
    },
  };
}

/** Pence with £, or '-'. */
export const poundsText = (amount: number | null | undefined): string =>
  amount === null || amount === undefined ? '-' : formatPence(amount);
