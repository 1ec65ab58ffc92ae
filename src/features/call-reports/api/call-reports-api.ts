import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import {
  callReportEndpoints,
  callReportMessages,
  MAX_CALL_ACTIVITY_EXPORT,
  MAX_CALL_ACTIVITY_PAGE_SIZE,
  type CallActivityEntry,
  type CallActivityQuery,
  type CallReportQuery,
} from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** Every query of the page starts with this key. */
const reportsKey = (productId: number) => ['call-reports', productId] as const;

const analyticsOptions = <T>(
  productId: number,
  name: string,
  query: CallReportQuery,
  call: (params: { id: string }, signal: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey: [...reportsKey(productId), name, query],
    queryFn: ({ signal }) => call({ id: String(productId) }, signal),
    placeholderData: keepPreviousData,
  });

/** GET .../analytics/summary/ for the date filter. */
export const useCallSummary = (productId: number, query: CallReportQuery) =>
  useQuery(
    analyticsOptions(productId, 'summary', query, (params, signal) =>
      apiCall(callReportEndpoints.getCallSummary, { params, query, signal }),
    ),
  );

/** GET .../analytics/time-of-day/ for the date filter. */
export const useTimeOfDay = (productId: number, query: CallReportQuery) =>
  useQuery(
    analyticsOptions(productId, 'time-of-day', query, (params, signal) =>
      apiCall(callReportEndpoints.getCallTimeOfDay, { params, query, signal }),
    ),
  );

/** GET .../analytics/number-of-calls/ for the date filter. */
export const useNumberOfCalls = (productId: number, query: CallReportQuery) =>
  useQuery(
    analyticsOptions(productId, 'number-of-calls', query, (params, signal) =>
      apiCall(callReportEndpoints.getNumberOfCalls, { params, query, signal }),
    ),
  );

/** GET .../analytics/density/ for the date filter. */
export const useCallDensity = (productId: number, query: CallReportQuery) =>
  useQuery(
    analyticsOptions(productId, 'density', query, (params, signal) =>
      apiCall(callReportEndpoints.getCallDensity, { params, query, signal }),
    ),
  );

/** GET .../calls/activity/: one page of the call activity list. */
export function useCallActivity(productId: number, query: CallActivityQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...reportsKey(productId), 'activity', query],
      queryFn: ({ signal }) =>
        apiCall(callReportEndpoints.getCallActivity, { params: { id: String(productId) }, query, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** Every call of the range for the CSV export, read page by page (newest first); `onProgress` hears how many so far. */
export async function allCallActivity(
  productId: number,
  query: CallReportQuery,
  onProgress: (received: number, total: number) => void,
): Promise<CallActivityEntry[]> {
  const calls: CallActivityEntry[] = [];
  for (let page = 1; ; page++) {
    const answer = await apiCall(callReportEndpoints.getCallActivity, {
      params: { id: String(productId) },
      query: { ...query, page: String(page), page_size: String(MAX_CALL_ACTIVITY_PAGE_SIZE) },
    });
    if (answer.count > MAX_CALL_ACTIVITY_EXPORT) throw new Error(callReportMessages.tooManyToExport);
    calls.push(...answer.results);
    onProgress(calls.length, answer.count);
    if (answer.results.length < MAX_CALL_ACTIVITY_PAGE_SIZE || calls.length >= answer.count) return calls;
  }
}
