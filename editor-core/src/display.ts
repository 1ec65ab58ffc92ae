/**
 * How the portal shows a phone number, a date and a price, everywhere (client, server messages, editor-core's own
 * warnings): the spec's display rules, in one place.
 */
import { isIsoDate, londonTime } from './opening-hours.ts';

const PHONE_SEPARATORS = /[\s().-]/g;

/**
 * A phone number as shown (spec 000 section 5, spec 001 section 9 "Phone"): a number starting 0 gets +44
 * and loses the 0; a 3-character value (an extension such as 200) is left alone. Spaces and brackets typed
 * into a number go, and (our addition) an international 00 becomes +, so every number reads one way.
 * @example displayPhone('01174960017') // '+441174960017'
 * @example displayPhone('0141 496 0050') // '+441414960050'
 * @example displayPhone('200') // '200'
 */
export function displayPhone(value: string): string {
  if (value.length === 3) return value;
  const compact = value.replace(PHONE_SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return value;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  if (compact.startsWith('0')) return `+44${compact.slice(1)}`;
  return compact;
}

/**
 * A count as shown: a whole number with its thousands grouped by commas, as en-GB writes it ('5,000'). Written
 * without Intl: a page's first use of a locale's number format loads its data, about 20 ms, and some of these words
 * are written as the modules load (the flow's size rule, the paging message), before the first paint.
 * @example displayCount(4999) // '4,999'
 * @example displayCount(100000) // '100,000'
 */
export function displayCount(value: number): string {
  const whole = Math.round(Math.abs(value));
  const sign = value < 0 && whole > 0 ? '-' : '';
  return `${sign}${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar date (YYYY-MM-DD) as shown (spec 000 section 5): DD MMM YYYY, and '-' when empty or not a date.
 * @example displayDate('2026-10-19') // '19 Oct 2026'
 */
export function displayDate(value: string | null | undefined): string {
  if (!value || !isIsoDate(value)) return '-';
  const [year, month, day] = value.split('-');
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`;
}

/**
 * A price in pounds as shown (spec 000 section 5, spec 001 section 9): a £ sign and 2 decimals, thousands grouped
 * with commas and a minus before the £; '-' when it is not a number.
 * @example displayPrice('5') // '£5.00'
 * @example displayPrice('1234.5') // '£1,234.50'
 * @example displayPrice(-3) // '-£3.00'
 */
export function displayPrice(pounds: string | number): string {
  const value = typeof pounds === 'number' ? pounds : pounds.trim() === '' ? Number.NaN : Number(pounds);
  if (!Number.isFinite(value)) return '-';
  const pence = Math.round(Math.abs(value) * 100);
  const whole = displayCount(Math.floor(pence / 100));
  const sign = value < 0 && pence > 0 ? '-' : '';
  return `${sign}£${whole}.${String(pence % 100).padStart(2, '0')}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as the portal shows it: its UK date by the one date rule, then its UK time as HH:mm; '-' when it is not
 * a moment.
 * @example displayDateTime(new Date('2024-06-30T23:30:00Z')) // '01 Jul 2024 00:30'
 */
export function displayDateTime(instant: Date): string {
  if (Number.isNaN(instant.getTime())) return '-';
  const { date, minutes } = londonTime(instant);
  return `${displayDate(date)} ${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}
