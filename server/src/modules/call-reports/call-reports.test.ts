import { and, eq, gte, lt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  CallActivityPage,
  CallDensity,
  callLogMessages,
  CallSummary,
  NumberOfCalls,
  TimeOfDay,
  ukMidnight,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { callLogs } from '../../db/schema/index.ts';
import { authHeaders, seatsOf, seededProductIds, tokenOf, useTestApp } from '../../test/helper.ts';

const t = useTestApp();

let customer: string;
let harbour: string;
let acmePhone: number;
let extension: string;
let userName: string;

// June 2024 is British Summer Time (UTC+1) and long before the demo's 90 days (to 2025-03-03): only these calls are there.
const CALLS = [
  // The range, 2024-06-10 (a Monday) to 2024-06-12.
  { status: 'outbound_call', at: '2024-06-09T23:30:00Z', duration: 60 }, // 00:30 on the 10th, UK time: in the range
  { status: 'outbound_call', at: '2024-06-10T08:15:00Z', duration: 120 },
  { status: 'outbound_call', at: '2024-06-12T16:00:00Z', duration: 30 },
  { status: 'answered', at: '2024-06-10T08:45:00Z', duration: 100 },
  { status: 'answered', at: '2024-06-11T13:05:00Z', duration: 200 },
  { status: 'missed', at: '2024-06-10T08:50:00Z', duration: 0 },
  { status: 'missed', at: '2024-06-12T23:10:00Z', duration: 0 }, // 00:10 on the 13th: after the range
  // The previous period of equal length, 2024-06-07 to 2024-06-09.
  { status: 'outbound_call', at: '2024-06-07T09:00:00Z', duration: 50 },
  { status: 'outbound_call', at: '2024-06-08T09:00:00Z', duration: 50 },
  { status: 'answered', at: '2024-06-09T09:00:00Z', duration: 10 },
  { status: 'answered', at: '2024-06-09T10:00:00Z', duration: 10 },
] as const;
const RANGE = '?range=custom&range_start=2024-06-10&range_end=2024-06-12';

beforeAll(async () => {
  [customer, harbour] = await Promise.all([tokenOf(t, demoLogins.customer), tokenOf(t, demoLogins.multiProduct)]);
  const { acme, cafe } = await seededProductIds(t.db);
  acmePhone = acme;
  const [seat] = await seatsOf(t.db, acme);
  extension = seat!.extension;
  userName = `${seat!.firstName} ${seat!.lastName}`;
  const external = '01632960999';
  await t.db.insert(callLogs).values(
    CALLS.map((call) => ({
      productId: acme,
      status: call.status,
      caller: call.status === 'outbound_call' ? extension : external,
      called: call.status === 'outbound_call' ? external : extension,
      startTime: new Date(call.at),
      durationSeconds: call.duration,
    })),
  );
  // Another customer's phone has calls in the same days: they must never be counted for Acme.
  await t.db.insert(callLogs).values(
    CALLS.map((call) => ({
      productId: cafe,
      status: call.status,
      caller: '200',
      called: external,
      startTime: new Date(call.at),
      durationSeconds: 999,
    })),
  );
});

const get = async (path: string, key = customer) =>
  t.app.inject({ method: 'GET', url: `/api/v3/voip/${acmePhone}/analytics/${path}`, headers: authHeaders(key) });
async function ok<T>(path: string, parse: { parse: (value: unknown) => T }): Promise<T> {
  const response = path.startsWith('/')
    ? await t.app.inject({ method: 'GET', url: path, headers: authHeaders(customer) })
    : await get(path);
  expect(response.statusCode, response.body).toBe(200);
  return parse.parse(response.json());
}
const activity = (query: string) => ok(`/api/v1/voip/${acmePhone}/calls/activity/${query}`, CallActivityPage);

describe('GET .../analytics/summary/', () => {
  it('counts the range by UK days and compares it with the previous period of equal length', async () => {
    const summary = await ok(`summary/${RANGE}`, CallSummary);
    expect(summary).toEqual({
      range_start: '2024-06-10',
      range_end: '2024-06-12',
      previous_start: '2024-06-07',
      previous_end: '2024-06-09',
      outbound_calls: { total: 3, previous: 2, previous_period_percentage: 50 },
      answered_calls: { total: 2, previous: 2, previous_period_percentage: 0 },
      // Nothing to compare with: no percentage.
      missed_calls: { total: 1, previous: 0, previous_period_percentage: null },
      call_minutes: { total: 8.5, previous: 2, previous_period_percentage: 325 },
    });
  });

  it('a falling figure has a negative change; 30 days is the default and matches the call log', async () => {
    const previousDays = await ok('summary/?range=custom&range_start=2024-06-07&range_end=2024-06-09', CallSummary);
    expect(previousDays.outbound_calls).toEqual({ total: 2, previous: 0, previous_period_percentage: null });
    const fallen = await ok('summary/?range=custom&range_start=2024-06-13&range_end=2024-06-15', CallSummary);
    expect(fallen.outbound_calls.previous_period_percentage).toBe(-100);

    const month = await ok('summary/', CallSummary);
    expect([month.range_start, month.range_end, month.previous_start, month.previous_end]).toEqual([
      '2025-02-02',
      '2025-03-03',
      '2025-01-03',
      '2025-02-01',
    ]);
    const rows = await t.db
      .select()
      .from(callLogs)
      .where(
        and(
          eq(callLogs.productId, acmePhone),
          gte(callLogs.startTime, ukMidnight('2025-02-02')),
          lt(callLogs.startTime, ukMidnight('2025-03-04')),
        ),
      );
    expect(month.answered_calls.total).toBe(rows.filter((row) => row.status === 'answered').length);
    expect(month.missed_calls.total).toBe(rows.filter((row) => row.status === 'missed').length);
    expect(month.call_minutes.total * 60).toBeCloseTo(
      rows.reduce((sum, row) => sum + row.durationSeconds, 0),
      6,
    );
    expect(month.answered_calls.previous).toBeGreaterThan(0);
  });
});

describe('the charts', () => {
  it('time of day: answered and missed per UK clock hour, all 24 hours', async () => {
    const { buckets } = await ok(`time-of-day/${RANGE}`, TimeOfDay);
    expect(buckets.map((bucket) => bucket.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    // 08:45Z and 08:50Z are 09:45 and 09:50 BST; 13:05Z is 14:05.
    expect(buckets[9]).toEqual({ hour: 9, answered: 1, missed: 1 });
    expect(buckets[14]).toEqual({ hour: 14, answered: 1, missed: 0 });
    expect(buckets.reduce((sum, bucket) => sum + bucket.answered + bucket.missed, 0)).toBe(3);
  });

  it('number of calls: per day for a short range (empty days too), per hour for one day, per week or month for longer', async () => {
    const days = await ok(`number-of-calls/${RANGE}`, NumberOfCalls);
    expect(days.bucket).toBe('day');
    expect(days.buckets).toEqual([
      { start: '2024-06-10', missed: 1, answered: 1, outbound: 2, total: 4 },
      { start: '2024-06-11', missed: 0, answered: 1, outbound: 0, total: 1 },
      { start: '2024-06-12', missed: 0, answered: 0, outbound: 1, total: 1 },
    ]);
    const hours = await ok('number-of-calls/?range=custom&range_start=2024-06-10', NumberOfCalls);
    expect(hours.bucket).toBe('hour');
    expect(hours.buckets).toHaveLength(24);
    expect(hours.buckets[0]).toEqual({ start: '00', missed: 0, answered: 0, outbound: 1, total: 1 });
    expect(hours.buckets[9]).toEqual({ start: '09', missed: 1, answered: 1, outbound: 1, total: 3 });
    const weeks = await ok('number-of-calls/?range=custom&range_start=2024-06-01&range_end=2024-08-31', NumberOfCalls);
    expect(weeks.bucket).toBe('week');
    expect(weeks.buckets[0]!.start).toBe('2024-05-27');
    // The week from Monday the 10th holds the range's six calls and the 13th's.
    expect(weeks.buckets.find((bucket) => bucket.start === '2024-06-10')!.total).toBe(7);
    const months = await ok('number-of-calls/?range=custom&range_start=2024-01-15&range_end=2025-03-03', NumberOfCalls);
    expect(months.bucket).toBe('month');
    expect(months.buckets).toHaveLength(15);
    expect(months.buckets.find((bucket) => bucket.start === '2024-06-01')!.total).toBe(CALLS.length);
  });

  it('density: calls per weekday (Monday 1) and hour, 168 cells', async () => {
    const { cells } = await ok(`density/${RANGE}`, CallDensity);
    expect(cells).toHaveLength(168);
    const at = (weekday: number, hour: number) =>
      cells.find((cell) => cell.weekday === weekday && cell.hour === hour)!.calls;
    expect(at(1, 0)).toBe(1);
    expect(at(1, 9)).toBe(3);
    expect(at(2, 14)).toBe(1);
    expect(at(3, 17)).toBe(1);
    expect(cells.reduce((sum, cell) => sum + cell.calls, 0)).toBe(6);
  });

  it('the default 30 days: the charts add up to the summary', async () => {
    const [summary, tod, number, density] = await Promise.all([
      ok('summary/', CallSummary),
      ok('time-of-day/', TimeOfDay),
      ok('number-of-calls/', NumberOfCalls),
      ok('density/', CallDensity),
    ]);
    const all = summary.answered_calls.total + summary.missed_calls.total + summary.outbound_calls.total;
    expect(number.bucket).toBe('day');
    expect(number.buckets).toHaveLength(30);
    expect(number.buckets.reduce((sum, bucket) => sum + bucket.total, 0)).toBe(all);
    expect(tod.buckets.reduce((sum, bucket) => sum + bucket.missed, 0)).toBe(summary.missed_calls.total);
    expect(density.cells.reduce((sum, cell) => sum + cell.calls, 0)).toBe(all);
  });
});

describe('GET .../calls/activity/', () => {
  it('lists the range newest first, paged, with the user matched by extension', async () => {
    const page = await activity(`${RANGE}&page_size=4`);
    expect(page.count).toBe(6);
    expect(page.results.map((call) => call.start_time)).toEqual([
      '2024-06-12T16:00:00.000Z',
      '2024-06-11T13:05:00.000Z',
      '2024-06-10T08:50:00.000Z',
      '2024-06-10T08:45:00.000Z',
    ]);
    const [outbound, answered, missed] = [page.results[0]!, page.results[1]!, page.results[2]!];
    expect(outbound.caller).toBe(extension);
    expect(outbound.user).toMatchObject({ name: userName, extension });
    expect(answered.called).toBe(extension);
    expect(answered.user).toMatchObject({ name: userName, extension });
    // A missed call is nobody's.
    expect(missed.user).toBeNull();
    const second = await activity(`${RANGE}&page_size=4&page=2`);
    expect(second.results.map((call) => call.start_time)).toEqual([
      '2024-06-10T08:15:00.000Z',
      '2024-06-09T23:30:00.000Z',
    ]);
    expect((await activity(RANGE)).page_size).toBe(20);
  });
});

describe('input and ownership', () => {
  it('answers a bad date filter 400 with a readable message, never 500', async () => {
    for (const [query, message] of [
      ['?range=forever', callLogMessages.badRange],
      ['?range=custom', callLogMessages.customNeedsStart],
      ['?range_start=2024-02-30', callLogMessages.badDate],
      ['?range_start=2024-06-10&range_end=2024-06-01', callLogMessages.endBeforeStart],
      ['?range_start=2020-01-01&range_end=2024-06-01', callLogMessages.rangeTooLong],
    ] as const) {
      for (const path of ['summary/', 'time-of-day/', 'number-of-calls/', 'density/']) {
        const response = await get(`${path}${query}`);
        expect(response.statusCode, `${path}${query}`).toBe(400);
        expect(JSON.stringify(response.json())).toContain(message);
      }
    }
    const badPage = await t.app.inject({
      method: 'GET',
      url: `/api/v1/voip/${acmePhone}/calls/activity/?page_size=5000`,
      headers: authHeaders(customer),
    });
    expect(badPage.statusCode).toBe(400);
  });

  it("never shows another customer's calls: their phone is 404, and only the phone's own calls count", async () => {
    for (const path of ['summary/', 'time-of-day/', 'number-of-calls/', 'density/'])
      expect((await get(path, harbour)).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/voip/${acmePhone}/calls/activity/`,
      headers: authHeaders(harbour),
    });
    expect(list.statusCode).toBe(404);
    // The Cafe's calls in the same days (999 seconds each) are not in Acme's figures.
    const page = await activity(`${RANGE}&page_size=100`);
    expect(page.results.every((call) => call.duration !== 999)).toBe(true);
    expect((await ok(`summary/${RANGE}`, CallSummary)).call_minutes.total).toBe(8.5);
  });
});
