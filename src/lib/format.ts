/** Formatting rules of the spec (000 section 5): dates DD MMM YYYY, '-' for an empty value. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date (an ISO date or timestamp) as DD MMM YYYY in UK time, or '-' when empty or unreadable.
 * @example formatDate('2024-03-04T10:00:00Z') // '04 Mar 2024'
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${String(part('day')).padStart(2, '0')} ${MONTHS[part('month') - 1]} ${part('year')}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Elapsed time as hh:mm:ss (spec 000 section 9, the elapsed-time helper), for live timers; whole seconds, never
 * negative, hours past 99 kept whole.
 * @example formatElapsed(65.9) // '00:01:05'
 */
export function formatElapsed(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}
