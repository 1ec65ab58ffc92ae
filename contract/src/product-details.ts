// zod/mini, like the other contracts a page loads on demand: the product details pages load these.
import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';
import { idNumber } from './ids.ts';
import { ProductKind } from './navigation.ts';

/**
 * Product details and contract renewal (spec 001 sections 3 "Product details" and "Renewal", 4
 * "Renewal", 7 and 9; spec 000 section 9). The spec names the fields and the one-month rule; our
 * decisions, where it is silent:
 *
 * - Prices travel as strings of pounds with 2 decimals ("25.00", like the add-ons' standard_price);
 *   the database keeps integer pence. Monthly prices, before VAT.
 * - The current contract is the latest one (by start date) that is not VOID; VOID contracts stay in
 *   the answer, as the spec's entity has them, and the page hides them (visibleContracts).
 * - Renewal is offered from one calendar month before the current contract's end date up to that
 *   date (an end date already past is not "less than one month away": such a product is out of
 *   contract and renews by a call to us).
 * - A renewal adds a contract starting the day after the current one ends, for 12 or 24 months, on
 *   the renewal tariff. Until that day the current contract and its tariff stay current: the
 *   renewal is shown as agreed, with its tariff and dates (renewal_agreed), and cannot be agreed
 *   twice; from that day the renewal is the current contract and its tariff the product's.
 * - The contract document is a small text document generated from the contract's facts, fetched by
 *   the product's download_token (the current contract's).
 */

/** Renewal contract lengths (spec 001 section 9). */
export const RENEWAL_CONTRACT_LENGTHS = [12, 24] as const;
export type RenewalContractLength = (typeof RENEWAL_CONTRACT_LENGTHS)[number];

/** VAT factor for renewal totals (spec 000 section 9: 20 %). */
export const RENEWAL_VAT_FACTOR = 1.2;

/** A contract the customer never sees (spec 001 section 3). */
export const VOID_CONTRACT = 'VOID';

export const productDetailsMessages = {
  unknownProduct: 'Unknown product',
  unknownDocument: 'No contract document has that token',
  lengthRequired: 'Choose a contract length of 12 or 24 months',
  notRenewable: 'This contract cannot be renewed now: renewal opens one month before the current contract ends.',
  unknownContract:
    'This contract cannot be renewed online: its end date or length is not known. Please call us to renew.',
  alreadyRenewed: 'This contract is already renewed: the new contract starts when this one ends.',
} as const;

/** Pounds with 2 decimals, as a string: "25.00". */
const Price = z.string();

/** A child product (an add-on line) with its tariff. */
export const ProductChild = z.object({
  product_detail: z.string(),
  tariff_name: z.nullable(z.string()),
  tariff_price: z.nullable(Price),
  promo_price: z.nullable(Price),
  promo_length: z.nullable(z.int()),
});
export type ProductChild = z.infer<typeof ProductChild>;

export const ProductContract = z.object({
  contract_id: z.string(),
  start_date: z.nullable(z.string()),
  end_date: z.nullable(z.string()),
  contract_length_months: z.nullable(z.int()),
  contract_summaries_sent: z.int(),
  contract_sent: z.boolean(),
  status: z.string(),
});
export type ProductContract = z.infer<typeof ProductContract>;

/** A cloud phone's site at a glance (the cloud phone details page links to each part's page). */
export const SiteSummary = z.object({
  pilot_number: z.nullable(z.string()),
  users: z.int(),
  numbers: z.int(),
  /** The call flow that answers calls: the custom one enabled, else the simple one when enabled; null when none is. */
  active_call_flow: z.nullable(z.object({ kind: z.enum(['custom', 'simple']), name: z.string() })),
});
export type SiteSummary = z.infer<typeof SiteSummary>;

/** A renewal agreed whose contract has not started yet: its tariff and its contract's dates. */
export const AgreedRenewal = z.object({
  contract_id: z.string(),
  tariff_name: z.nullable(z.string()),
  tariff_price: z.nullable(Price),
  promo_length: z.nullable(z.int()),
  promo_price: z.nullable(Price),
  contract_length_months: z.nullable(z.int()),
  start_date: z.nullable(z.string()),
  end_date: z.nullable(z.string()),
});
export type AgreedRenewal = z.infer<typeof AgreedRenewal>;

/** GET /api/v3/products/{id}/ (spec 001 section 3 "Product details"). */
export const ProductDetails = z.object({
  product_id: z.int(),
  product_kind: ProductKind,
  tariff_name: z.nullable(z.string()),
  tariff_price: z.nullable(Price),
  promo_length: z.nullable(z.int()),
  promo_price: z.nullable(Price),
  product_detail: z.string(),
  contract_length_months: z.nullable(z.int()),
  /** Shown as the date activated. */
  live_date: z.nullable(z.string()),
  status: z.string(),
  download_token: z.nullable(z.string()),
  children: z.array(ProductChild),
  contracts: z.array(ProductContract),
  /** Cloud phones (voip2) only; null for other products. */
  site: z.nullable(SiteSummary),
  /** The renewal agreed that starts when the current contract ends; null when none is waiting. */
  renewal_agreed: z.nullable(AgreedRenewal),
});
export type ProductDetails = z.infer<typeof ProductDetails>;

/** GET /api/v3/products/{id}/renewal/ (spec 001 section 3 "Renewal"). */
export const Renewal = z.object({
  current_tariff_name: z.nullable(z.string()),
  current_tariff_price: z.nullable(Price),
  current_promo_length: z.nullable(z.int()),
  current_promo_price: z.nullable(Price),
  current_contract_length: z.nullable(z.int()),
  current_contract_end_date: z.nullable(z.string()),
  renewal_tariff_name: z.nullable(z.string()),
  renewal_tariff_price: z.nullable(Price),
  renewal_promo_length: z.nullable(z.int()),
  renewal_promo_price: z.nullable(Price),
});
export type Renewal = z.infer<typeof Renewal>;

/** POST /api/v3/products/{id}/renewal/: 12 or 24 months. */
export const RenewalRequest = z.object({
  contract_length_months: z.union([z.literal(12), z.literal(24)], productDetailsMessages.lengthRequired),
});
export type RenewalRequest = z.infer<typeof RenewalRequest>;

/** The contracts the customer sees: every one but the VOID ones, in the order given. */
export function visibleContracts<T extends { status: string }>(contracts: readonly T[]): T[] {
  return contracts.filter((contract) => contract.status.toUpperCase() !== VOID_CONTRACT);
}

const latestStart = <T extends { start_date: string | null }>(contracts: readonly T[]): T | undefined =>
  contracts.reduce<T | undefined>(
    (latest, contract) => (!latest || (contract.start_date ?? '') > (latest.start_date ?? '') ? contract : latest),
    undefined,
  );

/**
 * The current contract on `today` (YYYY-MM-DD): the visible one that started last (a renewal is
 * current from its start date, not from the day it was agreed); when none has started, the first
 * to start. Undefined when there is none.
 * @example currentContract([{ status: 'ACTIVE', start_date: '2024-06-01' }, { status: 'PENDING', start_date: '2026-06-01' }], '2026-05-20') // the ACTIVE one
 */
export function currentContract<T extends { status: string; start_date: string | null }>(
  contracts: readonly T[],
  today: string,
): T | undefined {
  const visible = visibleContracts(contracts);
  const started = latestStart(visible.filter((contract) => (contract.start_date ?? '') <= today));
  return (
    started ??
    visible.reduce<T | undefined>(
      (first, contract) => (!first || (contract.start_date ?? '') < (first.start_date ?? '') ? contract : first),
      undefined,
    )
  );
}

/** The contract agreed to start after the current one on `today` (a renewal not begun yet); undefined when none. */
export function upcomingContract<T extends { status: string; start_date: string | null }>(
  contracts: readonly T[],
  today: string,
): T | undefined {
  const current = currentContract(contracts, today);
  return visibleContracts(contracts).find(
    (contract) =>
      contract !== current &&
      contract.start_date !== null &&
      contract.start_date > today &&
      contract.start_date > (current?.start_date ?? ''),
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD date as a UTC date, or null when it is not one. */
function utcDate(text: string): Date | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date;
}

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The date `months` calendar months after a YYYY-MM-DD date, kept to the last day of a shorter month.
 * @example addMonths('2026-01-31', 1) // '2026-02-28'
 */
export function addMonths(date: string, months: number): string {
  const start = utcDate(date);
  if (!start) throw new Error(`Not a date: ${date}`);
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return isoOf(target);
}

/** The day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const day = utcDate(date);
  if (!day) throw new Error(`Not a date: ${date}`);
  return isoOf(new Date(day.getTime() + 86_400_000));
}

/**
 * Whether a contract may be renewed (spec 001 section 4): its end date and length are both known
 * and the end date is less than one month away (from today up to, not including, the same day
 * next month). The server refuses a POST the rule refuses; the page offers renewal only when it allows.
 * @example renewalAllowed('2026-05-20', 12, '2026-05-01') // true; renewalAllowed('2026-06-01', 12, '2026-05-01') // false
 */
export function renewalAllowed(endDate: string | null, lengthMonths: number | null, today: string): boolean {
  if (endDate === null || lengthMonths === null || lengthMonths <= 0 || !utcDate(endDate) || !utcDate(today))
    return false;
  return endDate >= today && endDate < addMonths(today, 1);
}

/** Why a renewal is refused, in words for the customer, or null when the rule allows it. */
export function renewalRefusal(endDate: string | null, lengthMonths: number | null, today: string): string | null {
  if (endDate === null || lengthMonths === null) return productDetailsMessages.unknownContract;
  return renewalAllowed(endDate, lengthMonths, today) ? null : productDetailsMessages.notRenewable;
}

/**
 * The contract a renewal makes: from the day after the current one ends, for `months` months.
 * @example renewedContractDates('2026-05-20', 24) // { start_date: '2026-05-21', end_date: '2028-05-20' }
 */
export function renewedContractDates(currentEndDate: string, months: number): { start_date: string; end_date: string } {
  const start = nextDay(currentEndDate);
  return { start_date: start, end_date: addMonths(currentEndDate, months) };
}

/** A price string ("25.00") in pence; null when there is none or it is not a price. */
export function pence(price: string | null): number | null {
  if (price === null || !/^\d+(\.\d{1,2})?$/.test(price)) return null;
  const [pounds = '0', fraction = ''] = price.split('.');
  return Number(pounds) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Pence as a price string with 2 decimals. @example priceOf(2550) // '25.50' */
export const priceOf = (amount: number): string => (amount / 100).toFixed(2);

/** Pence with VAT added (factor 1.2), to the nearest penny. */
export const withVat = (amount: number): number => Math.round(amount * RENEWAL_VAT_FACTOR);

/** What a tariff costs over a contract of `months`, in pence, before and with VAT. */
export interface TariffTotals {
  monthly: number;
  monthlyWithVat: number;
  promoMonthly: number | null;
  promoMonthlyWithVat: number | null;
  /** Months at the promo price (at most the contract's length). */
  promoMonths: number;
  contract: number;
  contractWithVat: number;
}

/**
 * A tariff's totals over a contract: the promo price for its first promo_length months, then the
 * tariff price; VAT at factor 1.2 on each. Null when the tariff has no price.
 * @example tariffTotals('20.00', '10.00', 3, 12)?.contractWithVat // 25200 (3 × £10 + 9 × £20 = £210, £252 with VAT)
 */
export function tariffTotals(
  price: string | null,
  promoPrice: string | null,
  promoLength: number | null,
  months: number,
): TariffTotals | null {
  const monthly = pence(price);
  if (monthly === null) return null;
  const promoMonthly = pence(promoPrice);
  const promoMonths = promoMonthly === null ? 0 : Math.min(Math.max(promoLength ?? 0, 0), months);
  const contract = (promoMonthly ?? 0) * promoMonths + monthly * (months - promoMonths);
  return {
    monthly,
    monthlyWithVat: withVat(monthly),
    promoMonthly: promoMonths > 0 ? promoMonthly : null,
    promoMonthlyWithVat: promoMonths > 0 && promoMonthly !== null ? withVat(promoMonthly) : null,
    promoMonths,
    contract,
    contractWithVat: withVat(contract),
  };
}

const ProductParams = z.object({ id: idNumber(productDetailsMessages.unknownProduct) });
const DocumentParams = z.object({
  id: idNumber(productDetailsMessages.unknownProduct),
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, productDetailsMessages.unknownDocument)),
});

export const productDetailsEndpoints = {
  getProductDetails: endpoint({
    method: 'GET',
    path: '/api/v3/products/:id/',
    summary:
      "A product's tariff, children and contracts (VOID ones for the page to hide); a cloud phone's site summary",
    auth: true,
    params: ProductParams,
    response: ProductDetails,
  }),
  getRenewal: endpoint({
    method: 'GET',
    path: '/api/v3/products/:id/renewal/',
    summary: "The current contract's tariff beside the renewal tariff",
    auth: true,
    params: ProductParams,
    response: Renewal,
  }),
  postRenewal: endpoint({
    method: 'POST',
    path: '/api/v3/products/:id/renewal/',
    summary:
      'Renews the contract for 12 or 24 months (400 unless it ends in less than one month and its end date and length are known); answers the product with the new contract',
    auth: true,
    params: ProductParams,
    body: RenewalRequest,
    response: ProductDetails,
    status: 201,
  }),
  downloadContractDocument: endpoint({
    method: 'GET',
    path: '/api/v3/products/:id/contract-document/:token/',
    summary: "The contract document (text) for the product's download_token",
    auth: true,
    params: DocumentParams,
    response: z.string(),
  }),
};
