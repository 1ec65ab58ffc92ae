import type { FastifyRequest } from 'fastify';

import {
  addDays,
  bucketKeys,
  CALL_ACTIVITY_PAGE_SIZE,
  changePercent,
  numberOfCallsBucket,
  previousPeriod,
  resolveCallDates,
  ukDate,
  ukMidnight,
  type CallActivityEntry,
  type CallReportQuery,
  type CallStatus,
} from '@portal/contract';

import { fieldError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { ownedVoipProduct, rowId, type Product } from '../products/index.ts';
import {
  callActivityCount,
  callActivityPage,
  callDensity,
  callsByBucket,
  callsByTimeOfDay,
  callSummary,
  type CallRange,
} from './call-reports-read-model.ts';

/** The UK days of a report's date filter (the recordings' rule) and their instants; 400 on a bad range. */
function reportRange(request: FastifyRequest, query: CallReportQuery): { from: string; to: string; range: CallRange } {
  const dates = resolveCallDates(
    { range: query.range, start_date: query.range_start, end_date: query.range_end },
    ukDate(request.server.now()),
  );
  if ('error' in dates)
    throw fieldError(query.range === 'custom' || query.range_start ? 'range_start' : 'range', dates.error);
  return { ...dates, range: instants(dates.from, dates.to) };
}

const instants = (from: string, to: string): CallRange => ({ from: ukMidnight(from), to: ukMidnight(addDays(to, 1)) });

/** The customer's cloud phone, else 404: another customer's calls are never counted or listed. */
const reportProduct = (request: FastifyRequest, id: string): Promise<Product> => ownedVoipProduct(request, rowId(id));

const figure = (total: number, previous: number) => ({
  total,
  previous,
  previous_period_percentage: changePercent(total, previous),
});
/** Call minutes from seconds: the percentage from the seconds themselves, so a fraction never skews it. */
const minutesFigure = (seconds: number, previousSeconds: number) => ({
  total: seconds / 60,
  previous: previousSeconds / 60,
  previous_period_percentage: changePercent(seconds, previousSeconds),
});

/** Call reports (spec 001 section 7 "Analytics and logs"): the summary, three charts' figures and the call activity list. */
export const callReportHandlers = {
  getCallSummary: async ({ params, query, request }) => {
    const product = await reportProduct(request, params.id);
    const { from, to, range } = reportRange(request, query);
    const previous = previousPeriod(from, to);
    const row = await callSummary(request.server.db, product.id, range, instants(previous.from, previous.to));
    return {
      range_start: from,
      range_end: to,
      previous_start: previous.from,
      previous_end: previous.to,
      outbound_calls: figure(row.outbound, row.previousOutbound),
      answered_calls: figure(row.answered, row.previousAnswered),
      missed_calls: figure(row.missed, row.previousMissed),
      call_minutes: minutesFigure(row.duration, row.previousDuration),
    };
  },

  getCallTimeOfDay: async ({ params, query, request }) => {
    const product = await reportProduct(request, params.id);
    const { from, to, range } = reportRange(request, query);
    const rows = new Map((await callsByTimeOfDay(request.server.db, product.id, range)).map((row) => [row.hour, row]));
    const buckets = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      answered: rows.get(hour)?.answered ?? 0,
      missed: rows.get(hour)?.missed ?? 0,
    }));
    return { range_start: from, range_end: to, buckets };
  },

  getNumberOfCalls: async ({ params, query, request }) => {
    const product = await reportProduct(request, params.id);
    const { from, to, range } = reportRange(request, query);
    const bucket = numberOfCallsBucket(from, to);
    const rows = new Map(
      (await callsByBucket(request.server.db, product.id, range, bucket)).map((row) => [row.start, row]),
    );
    const buckets = bucketKeys(from, to, bucket).map((start) => {
      const row = rows.get(start);
      return {
        start,
        missed: row?.missed ?? 0,
        answered: row?.answered ?? 0,
        outbound: row?.outbound ?? 0,
        total: row?.total ?? 0,
      };
    });
    return { range_start: from, range_end: to, bucket, buckets };
  },

  getCallDensity: async ({ params, query, request }) => {
    const product = await reportProduct(request, params.id);
    const { from, to, range } = reportRange(request, query);
    const rows = new Map(
      (await callDensity(request.server.db, product.id, range)).map((row) => [`${row.weekday} ${row.hour}`, row.calls]),
    );
    const cells = Array.from({ length: 7 * 24 }, (_, i) => {
      const weekday = Math.floor(i / 24) + 1;
      const hour = i % 24;
      return { weekday, hour, calls: rows.get(`${weekday} ${hour}`) ?? 0 };
    });
    return { range_start: from, range_end: to, cells };
  },

  getCallActivity: async ({ params, query, request }) => {
    const product = await reportProduct(request, params.id);
    const { from, to, range } = reportRange(request, query);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? CALL_ACTIVITY_PAGE_SIZE;
    const { db } = request.server;
    const [count, calls] = await Promise.all([
      callActivityCount(db, product.id, range),
      callActivityPage(db, product.id, range, page, pageSize),
    ]);
    const results: CallActivityEntry[] = calls.map((call) => ({
      id: call.id,
      status: call.status as CallStatus,
      caller: call.caller,
      called: call.called,
      start_time: call.startTime.toISOString(),
      duration: call.durationSeconds,
      user:
        call.userId === null
          ? null
          : { id: call.userId, name: `${call.firstName} ${call.lastName}`, extension: call.extension ?? '' },
    }));
    return { range_start: from, range_end: to, count, page, page_size: pageSize, results };
  },
} satisfies Pick<
  Handlers,
  'getCallSummary' | 'getCallTimeOfDay' | 'getNumberOfCalls' | 'getCallDensity' | 'getCallActivity'
>;
