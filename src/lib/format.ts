/** Formatting rules of the spec (000 section 5): dates DD MMM YYYY, '-' for an empty value. */
import { displayDate, displayDateTime, londonTime } from '@portal/editor-core';

/**
 * A date (an ISO date or timestamp) as DD MMM YYYY in UK time, or '-' when empty or unreadable: the UK calendar
 * day, shown by the portal's one date rule (editor-core displayDate).
 * @example formatDate('2024-03-04T10:00:00Z') // '04 Mar 2024'
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  // The UK day by editor-core's one London clock, whose formatter is made once: a list of dates made one each.
  return displayDate(londonTime(date).date);
}

/**
 * A moment (a timestamp) as the portal shows it: its UK date by the one date rule, then its UK time as HH:mm; '-'
 * when empty or unreadable.
 * @example formatDateTime('2024-06-30T23:30:00Z') // '01 Jul 2024 00:30'
 */
export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return displayDateTime(new Date(value));
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
