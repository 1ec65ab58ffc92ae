import type { BankHolidayRegion } from '@portal/contract';

import { UK_BANK_HOLIDAYS } from './uk-bank-holidays.ts';

export interface BankHoliday {
  date: string;
  title: string;
}

/** The date 12 months after a YYYY-MM-DD date (the 29th of February goes to the 28th). */
function yearLater(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const later = new Date(Date.UTC(y + 1, m - 1, d));
  if (later.getUTCMonth() !== m - 1) later.setUTCDate(0);
  return later.toISOString().slice(0, 10);
}

/**
 * A nation's bank holidays from `today` (a London YYYY-MM-DD date) for the next 12 months, from
 * the shipped GOV.UK data set (refresh it with `npm run bank-holidays:refresh`).
 * @example upcomingBankHolidays('scotland', '2026-11-25')[0] // { date: '2026-11-30', title: 'St Andrew’s Day' }
 */
export function upcomingBankHolidays(region: BankHolidayRegion, today: string): BankHoliday[] {
  const end = yearLater(today);
  return UK_BANK_HOLIDAYS[region].events
    .filter((event) => event.date >= today && event.date < end)
    .map((event) => ({ date: event.date, title: event.title }));
}
