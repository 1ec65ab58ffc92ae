// zod/mini: the call log's and the reports' contracts use it, and pages load them on demand.
import * as z from 'zod/mini';

/**
 * Dates in requests (a date filter, a holiday, a transfer date, the audit log's days) are calendar
 * days written YYYY-MM-DD, from EARLIEST_DATE to LATEST_DATE. The bounds leave room for every date
 * the server works out from one (the day after a range's end, the Monday of its first week, the
 * first of the month after its last, the period of equal length before it) to be a day of a
 * four-digit year that JavaScript's Date and PostgreSQL read alike; nothing the portal records is
 * older or further ahead. A date that is no day of the calendar (2027-02-30) and one outside the
 * bounds are both refused (400) with a message, never read as some other day.
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2999-12-31';

export const dateMessages = {
  outOfRange: `Enter a date from ${EARLIEST_DATE} to ${LATEST_DATE}.`,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether `text` is a day of the calendar written YYYY-MM-DD, in any four-digit year. @example isCalendarDate('2028-02-29') // true; isCalendarDate('2027-02-30') // false */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** Whether a YYYY-MM-DD date lies from EARLIEST_DATE to LATEST_DATE (the text compares as the days do). */
const withinBounds = (text: string) => text >= EARLIEST_DATE && text <= LATEST_DATE;

/** Whether `text` is a date a request may carry: a day of the calendar within the bounds. @example isIsoDate('2025-03-01') // true; isIsoDate('9999-12-31') // false */
export const isIsoDate = (text: string): boolean => isCalendarDate(text) && withinBounds(text);

/**
 * A date in a request: `message` answers what is not a day of the calendar written YYYY-MM-DD,
 * dateMessages.outOfRange a day outside the bounds. The OpenAPI document shows it as format date.
 */
export const isoDate = (message: string) =>
  z
    .string({ error: message })
    .check(
      z.maxLength(10, message),
      z.refine(isCalendarDate, { error: message, abort: true }),
      z.refine(withinBounds, dateMessages.outOfRange),
      z.meta({ format: 'date' }),
    );
