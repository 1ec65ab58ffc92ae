import {
  CALL_DATE_RANGES,
  formatCallDuration,
  type CallActivityQuery,
  type CallDateRange,
  type CallReportBucket,
  type CallReportQuery,
  type SummaryFigure,
} from '@portal/contract';
import { displayCount } from '@portal/editor-core';

/** The report's date filter and activity page as the page keeps them in its address (a reload or a shared link shows the same report). */
export interface ReportFilters {
  range: CallDateRange;
  range_start: string;
  range_end: string;
  page: number;
}

/** The filters in the address, each one checked; anything unknown falls back to its default (30 days, page 1). */
export function reportFiltersFrom(params: URLSearchParams): ReportFilters {
  const range = params.get('range');
  const page = Number(params.get('page'));
  return {
    range: (CALL_DATE_RANGES as readonly string[]).includes(range ?? '') ? (range as CallDateRange) : '30d',
    range_start: params.get('range_start') ?? '',
    range_end: params.get('range_end') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address's search for the filters: always tab=call-trends (the spec's route), defaults left out. */
export function reportSearch(filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams({ tab: 'call-trends' });
  if (filters.range !== '30d') params.set('range', filters.range);
  if (filters.range === 'custom') {
    if (filters.range_start) params.set('range_start', filters.range_start);
    if (filters.range_end) params.set('range_end', filters.range_end);
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The analytics calls' query (the date filter only). */
export function reportQuery(filters: ReportFilters): CallReportQuery {
  const query: CallReportQuery = {};
  if (filters.range !== '30d') query.range = filters.range;
  if (filters.range === 'custom') {
    if (filters.range_start) query.range_start = filters.range_start;
    if (filters.range_end) query.range_end = filters.range_end;
  }
  return query;
}

/** The activity list's query: the date filter and the page. */
export const activityQuery = (filters: ReportFilters, page = filters.page, pageSize?: number): CallActivityQuery => ({
  ...reportQuery(filters),
  ...(page > 1 && { page: String(page) }),
  ...(pageSize !== undefined && { page_size: String(pageSize) }),
});

/**
 * A summary figure's change against the previous period, in words a person reads on the card.
 * @example changeText({ total: 15, previous: 10, previous_period_percentage: 50 }, 30) // 'Up 50% on the previous 30 days'
 */
export function changeText(
  figure: SummaryFigure,
  days: number,
): { text: string; tone: 'up' | 'down' | 'same' | 'none' } {
  const period = days === 1 ? 'the previous day' : `the previous ${days} days`;
  const percent = figure.previous_period_percentage;
  if (percent === null)
    return { text: figure.total === 0 ? `None, as in ${period}` : `None in ${period} to compare`, tone: 'none' };
  if (percent === 0) return { text: `No change on ${period}`, tone: 'same' };
  const size = Math.abs(percent);
  return percent > 0
    ? { text: `Up ${size}% on ${period}`, tone: 'up' }
    : { text: `Down ${size}% on ${period}`, tone: 'down' };
}

/** How many UK days a resolved range holds. */
export const rangeDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayMonth = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]}`;

/**
 * A number-of-calls bucket's label: 09:00 for an hour, 3 Mar for a day, w/c 3 Mar for a week, Mar 2025 for a month.
 * @example bucketLabel('2025-03-03', 'week') // 'w/c 3 Mar'
 */
export function bucketLabel(start: string, bucket: CallReportBucket): string {
  if (bucket === 'hour') return `${start}:00`;
  if (bucket === 'day') return dayMonth(start);
  if (bucket === 'week') return `w/c ${dayMonth(start)}`;
  return `${MONTHS[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}`;
}

/** An hour of the day as a bucket label. @example hourLabel(9) // '09:00' */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** A summary figure's value as shown: the call count, or call minutes as the spec writes durations (from seconds). */
export const figureValue = (value: number, kind: 'count' | 'minutes') =>
  kind === 'minutes' ? formatCallDuration(Math.round(value * 60)) : displayCount(value);
