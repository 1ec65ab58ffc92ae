import {
  BILLING_DAY_OF_MONTH,
  INVOICE_TERMS_DAYS,
  type BillCycle,
  type InvoiceStatus,
  type UK_BANKS,
} from '@portal/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date as YYYY-MM-DD (UTC). */
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** The date `days` after a YYYY-MM-DD date. */
export const addDays = (day: string, days: number): string =>
  isoDate(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** An invoice's due date: INVOICE_TERMS_DAYS after it is issued. */
export const dueDateOf = (issuedOn: string): string => addDays(issuedOn, INVOICE_TERMS_DAYS);

/**
 * The first billing day after `today` (YYYY-MM-DD): the next invoice's date.
 * @example nextBillingDate('2025-03-03', 'T2') // '2025-03-08'; nextBillingDate('2025-03-08', 'T2') // '2025-04-08'
 */
export function nextBillingDate(today: string, cycle: BillCycle): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const billingDay = BILLING_DAY_OF_MONTH[cycle];
  const next =
    day < billingDay ? new Date(Date.UTC(year, month - 1, billingDay)) : new Date(Date.UTC(year, month, billingDay));
  return isoDate(next);
}

/**
 * The last `count` billing days on or before `latest` (YYYY-MM-DD), oldest first.
 * @example billingDaysUpTo('2025-03-03', 'T1', 2) // ['2025-02-01', '2025-03-01']
 */
export function billingDaysUpTo(latest: string, cycle: BillCycle, count: number): string[] {
  const [year, month, day] = latest.split('-').map(Number) as [number, number, number];
  const billingDay = BILLING_DAY_OF_MONTH[cycle];
  const firstMonth = day >= billingDay ? month - 1 : month - 2;
  return Array.from({ length: count }, (_, index) =>
    isoDate(new Date(Date.UTC(year, firstMonth - (count - 1 - index), billingDay))),
  );
}

/** The net amount whose total with VAT at 20 % (spec 000 section 9) is `totalPence` (a monthly charge). */
export const netOfTotal = (totalPence: number): number => Math.round(totalPence / 1.2);

export interface InvoiceAmounts {
  id: number;
  issuedOn: string;
  dueOn: string;
  netPence: number;
  vatPence: number;
}

/**
 * Each invoice's status: payments pay invoices oldest first, so an invoice is paid once the
 * payments cover it and every older one; otherwise overdue after its due date, else due.
 */
export function invoiceStatuses(
  invoices: readonly InvoiceAmounts[],
  paidPence: number,
  today: string,
): Map<number, InvoiceStatus> {
  const statuses = new Map<number, InvoiceStatus>();
  let left = paidPence;
  for (const invoice of [...invoices].sort((a, b) => a.issuedOn.localeCompare(b.issuedOn) || a.id - b.id)) {
    const total = invoice.netPence + invoice.vatPence;
    if (left >= total) {
      statuses.set(invoice.id, 'paid');
      left -= total;
    } else {
      left = 0;
      statuses.set(invoice.id, invoice.dueOn < today ? 'overdue' : 'due');
    }
  }
  return statuses;
}

/**
 * Sort-code ranges of the spec's UK banks (spec 000 section 9) as far as we know them, the most
 * specific first: a bank's own 6-digit codes, then its 4- and 2-digit prefixes.
 */
const BANK_SORT_CODES: ReadonlyArray<readonly [prefix: string, bank: (typeof UK_BANKS)[number]]> = [
  ['040004', 'Monzo'],
  ['040075', 'Revolut'],
  ['042909', 'Revolut'],
  ['040605', 'Tide'],
  ['608371', 'Starling Bank'],
  ['230580', 'Metro Bank'],
  ['0700', 'Nationwide'],
  ['0701', 'Nationwide'],
  ['0702', 'Nationwide'],
  ['0703', 'Nationwide'],
  ['0704', 'Nationwide'],
  ['8000', 'Bank of Scotland'],
  ['8001', 'Bank of Scotland'],
  ['8002', 'Bank of Scotland'],
  ['8700', 'TSB'],
  ['7700', 'TSB'],
  ['7701', 'TSB'],
  ['05', 'Virgin Money'],
  ['82', 'Virgin Money'],
  ['09', 'Santander'],
  ['72', 'Santander'],
  ['20', 'Barclays'],
  ['30', 'Lloyds'],
  ['77', 'Lloyds'],
  ['40', 'HSBC'],
  ['50', 'NatWest'],
  ['51', 'NatWest'],
  ['52', 'NatWest'],
  ['53', 'NatWest'],
  ['54', 'NatWest'],
  ['55', 'NatWest'],
  ['56', 'NatWest'],
  ['60', 'NatWest'],
  ['80', 'Bank of Scotland'],
  ['83', 'Royal Bank of Scotland'],
  ['16', 'Royal Bank of Scotland'],
];

/**
 * The bank of a sort code (12-34-56 or 123456) from the spec's list, or null when we do not know it.
 * @example bankOfSortCode('20-00-00') // 'Barclays'
 */
export function bankOfSortCode(sortCode: string): string | null {
  const digits = sortCode.replace(/-/g, '');
  if (digits.length !== 6) return null;
  return BANK_SORT_CODES.find(([prefix]) => digits.startsWith(prefix))?.[1] ?? null;
}
