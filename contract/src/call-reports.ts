// zod/mini, like the other contracts a page loads on demand: the call-reports page loads these.
import * as z from 'zod/mini';

import { displayCount } from '@portal/editor-core';

import { addDays, CALL_DATE_RANGES, CALL_STATUSES, callLogMessages } from './call-log.ts';
import { isoDate } from './dates.ts';
import { endpoint } from './endpoint.ts';
import { idText } from './ids.ts';
import { pageNumber, pageSize } from './paging.ts';

/**
 * Call reports (spec 001 sections 3 "Call log", 7 "Analytics and logs", 9 "Date filter" and
 * "Download file names"): the summary, time of day, number of calls and density of a cloud
 * phone's calls, and its call activity list. Our decisions where the spec is silent:
 *
 * - The date filter is the recordings' (resolveCallDates: UK days, 24h today, 7d, 30d the
 *   default, a custom range); a custom range travels as range_start and range_end (YYYY-MM-DD),
 *   the names the spec gives the analytics calls.
 * - The previous period is the same number of UK days just before the range.
 * - A change is a whole percentage of the previous period's figure; with nothing in the previous
 *   period there is no percentage (null), the page says so in words.
 * - Time of day and density count calls by their UK clock hour; density is calls per weekday
 *   (Monday first) and hour.
 * - Number of calls is per hour for a one-day range, per day up to 62 days, per week (from
 *   Monday) up to 366 days, else per month; every bucket of the range is answered, empty ones 0.
 * - The activity CSV is {product}_call_activity_{DD-MM-YYYY}.csv, the date the day of the export.
 */

export const CALL_ACTIVITY_PAGE_SIZE = 20;
/** The most calls one activity page answers (the CSV export reads pages of this size). */
export const MAX_CALL_ACTIVITY_PAGE_SIZE = 1000;
/** The most calls one CSV export holds; a longer range is narrowed first. */
export const MAX_CALL_ACTIVITY_EXPORT = 100_000;

export const callReportMessages = {
  tooManyToExport: `The export holds at most ${displayCount(MAX_CALL_ACTIVITY_EXPORT)} calls. Choose a shorter date range.`,
  durationTooltip: 'Sum of total duration of all calls in the period',
} as const;

// ---- Buckets ----

export const CALL_REPORT_BUCKETS = ['hour', 'day', 'week', 'month'] as const;
export type CallReportBucket = (typeof CALL_REPORT_BUCKETS)[number];

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * How the number-of-calls chart groups a range of UK days (first and last inclusive).
 * @example numberOfCallsBucket('2025-03-03', '2025-03-03') // 'hour'; numberOfCallsBucket('2025-02-02', '2025-03-03') // 'day'
 */
export function numberOfCallsBucket(from: string, to: string): CallReportBucket {
  const days = dayCount(from, to);
  if (days <= 1) return 'hour';
  if (days <= 62) return 'day';
  if (days <= 366) return 'week';
  return 'month';
}

/** The Monday on or before an ISO date. */
function mondayOf(isoDate: string): string {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(isoDate, -((weekday + 6) % 7));
}

/**
 * Every bucket key of a range, in order: 'HH' hours (00-23) for 'hour', else the ISO date the
 * day, week (its Monday) or month (its first) starts.
 * @example bucketKeys('2025-03-01', '2025-03-10', 'week') // ['2025-02-24', '2025-03-03', '2025-03-10']
 */
export function bucketKeys(from: string, to: string, bucket: CallReportBucket): string[] {
  if (bucket === 'hour') return Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));
  const keys: string[] = [];
  if (bucket === 'day') for (let day = from; day <= to; day = addDays(day, 1)) keys.push(day);
  if (bucket === 'week') for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7)) keys.push(monday);
  if (bucket === 'month') {
    for (let first = `${from.slice(0, 7)}-01`; first <= to;) {
      keys.push(first);
      const [y, m] = first.split('-').map(Number) as [number, number];
      first = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return keys;
}

/** The UK days of the period of equal length just before a range. @example previousPeriod('2025-02-25', '2025-03-03') // { from: '2025-02-18', to: '2025-02-24' } */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = dayCount(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** The change from the previous period as a whole percentage, null when the previous period had none. @example changePercent(15, 10) // 50 */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** The call activity CSV's file name: product name prefix, a name and the day as DD-MM-YYYY. @example callActivityFilename('Cloud', '2025-03-03') // 'Cloud_call_activity_03-03-2025.csv' */
export function callActivityFilename(productName: string, isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${productName}_call_activity_${d}-${m}-${y}.csv`;
}

// ---- Schemas ----

const optionalDate = z.optional(isoDate(callLogMessages.badDate));

/** The date filter of every report call: a preset, or custom with range_start and an optional range_end. */
export const CallReportQuery = z.object({
  range: z.optional(z.enum(CALL_DATE_RANGES, callLogMessages.badRange)),
  range_start: optionalDate,
  range_end: optionalDate,
});
export type CallReportQuery = z.input<typeof CallReportQuery>;

export const CallActivityQuery = z.object({
  ...CallReportQuery.shape,
  page: pageNumber(),
  page_size: pageSize(MAX_CALL_ACTIVITY_PAGE_SIZE),
});
export type CallActivityQuery = z.input<typeof CallActivityQuery>;

/**
 * A figure of the range (spec 001 section 3 "Call summary": total and previous_period_percentage), with the previous
 * period's own figure beside it (ours: the card shows it).
 */
export const SummaryFigure = z.object({
  total: z.number(),
  /** Whole percent of change against the previous period of equal length; null when that period had none. */
  previous_period_percentage: z.nullable(z.int()),
  previous: z.number(),
});
export type SummaryFigure = z.infer<typeof SummaryFigure>;

const RangeFields = { range_start: z.string(), range_end: z.string() };

export const CallSummary = z.object({
  ...RangeFields,
  previous_start: z.string(),
  previous_end: z.string(),
  outbound_calls: SummaryFigure,
  answered_calls: SummaryFigure,
  missed_calls: SummaryFigure,
  /** Minutes, with their fraction (seconds / 60): the sum of the duration of every call in the period. */
  call_minutes: SummaryFigure,
});
export type CallSummary = z.infer<typeof CallSummary>;

export const TimeOfDay = z.object({
  ...RangeFields,
  /** 24 buckets, hour 0 to 23 (UK clock). */
  buckets: z.array(z.object({ hour: z.int(), answered: z.int(), missed: z.int() })),
});
export type TimeOfDay = z.infer<typeof TimeOfDay>;

export const NumberOfCalls = z.object({
  ...RangeFields,
  bucket: z.enum(CALL_REPORT_BUCKETS),
  /** Every bucket of the range in order; `start` is a bucketKeys key. */
  buckets: z.array(
    z.object({ start: z.string(), missed: z.int(), answered: z.int(), outbound: z.int(), total: z.int() }),
  ),
});
export type NumberOfCalls = z.infer<typeof NumberOfCalls>;

export const CallDensity = z.object({
  ...RangeFields,
  /** 168 cells: weekday 1 (Monday) to 7 (Sunday), each hour 0 to 23 (UK clock). */
  cells: z.array(z.object({ weekday: z.int(), hour: z.int(), calls: z.int() })),
});
export type CallDensity = z.infer<typeof CallDensity>;

export const CallActivityEntry = z.object({
  id: z.int(),
  status: z.enum(CALL_STATUSES),
  caller: z.string(),
  called: z.string(),
  start_time: z.string(),
  /** Seconds. */
  duration: z.int(),
  /** The user matched by extension (caller for outbound_call, called for answered), else null. */
  user: z.nullable(z.object({ id: z.int(), name: z.string(), extension: z.string() })),
});
export type CallActivityEntry = z.infer<typeof CallActivityEntry>;

export const CallActivityPage = z.object({
  ...RangeFields,
  count: z.int(),
  page: z.int(),
  page_size: z.int(),
  results: z.array(CallActivityEntry),
});
export type CallActivityPage = z.infer<typeof CallActivityPage>;

const ProductParams = z.object({ id: idText('Unknown product') });

export const callReportEndpoints = {
  getCallSummary: endpoint({
    method: 'GET',
    path: '/api/v3/voip/:id/analytics/summary/',
    summary: 'Outbound, answered and missed calls and call minutes of a range, each with the previous period',
    auth: true,
    params: ProductParams,
    query: CallReportQuery,
    response: CallSummary,
  }),
  getCallTimeOfDay: endpoint({
    method: 'GET',
    path: '/api/v3/voip/:id/analytics/time-of-day/',
    summary: 'Answered and missed calls per hour of the day',
    auth: true,
    params: ProductParams,
    query: CallReportQuery,
    response: TimeOfDay,
  }),
  getNumberOfCalls: endpoint({
    method: 'GET',
    path: '/api/v3/voip/:id/analytics/number-of-calls/',
    summary: 'Missed, answered, outbound and total calls per hour, day, week or month',
    auth: true,
    params: ProductParams,
    query: CallReportQuery,
    response: NumberOfCalls,
  }),
  getCallDensity: endpoint({
    method: 'GET',
    path: '/api/v3/voip/:id/analytics/density/',
    summary: 'Calls per weekday and hour',
    auth: true,
    params: ProductParams,
    query: CallReportQuery,
    response: CallDensity,
  }),
  getCallActivity: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/calls/activity/',
    summary: 'The call log of a range, newest first, paged, with the matched user',
    auth: true,
    params: ProductParams,
    query: CallActivityQuery,
    response: CallActivityPage,
  }),
};
