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
