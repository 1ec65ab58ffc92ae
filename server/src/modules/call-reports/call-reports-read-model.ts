// The call reports' read model (spec 001 section 7 "Analytics and logs"): aggregates over one cloud phone's call log, and
// its calls with the user each matched (the call log's rule, call-log/index.ts). Owned by the call-reports module, it
// reads the call-log module's call_logs and the users module's voip_users; it writes nothing.
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';

import type { CallReportBucket } from '@portal/contract';

import type { Reads } from '../../db/connect.ts';
import { callLogs } from '../../db/schema/call-log.ts';
import { voipUsers } from '../../db/schema/users.ts';
import { callWithMatchedUser, matchedUserOn } from '../call-log/index.ts';

/** A range of the call log: instants, `to` exclusive. */
export interface CallRange {
  from: Date;
  to: Date;
}

// Calls are counted by the UK clock (GMT or BST), as the date filter's days are UK days.
const ukTime = sql`(${callLogs.startTime} at time zone 'Europe/London')`;
const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
const isStatus = (status: string) => sql`${callLogs.status} = ${status}`;

/** Each bucket's key as bucketKeys (contract) writes it. */
const BUCKET_KEY: Record<CallReportBucket, SQL<string>> = {
  hour: sql<string>`to_char(${ukTime}, 'HH24')`,
  day: sql<string>`to_char(${ukTime}, 'YYYY-MM-DD')`,
  week: sql<string>`to_char(date_trunc('week', ${ukTime}), 'YYYY-MM-DD')`,
  month: sql<string>`to_char(date_trunc('month', ${ukTime}), 'YYYY-MM-DD')`,
};

// The call reports' queries: aggregates over one cloud phone's call log, each a single pass over the range on the
// (product_id, start_time, status, duration_seconds) index (an index-only scan once the table is vacuumed), grouped in
// SQL.

const inRange = (productId: number, range: CallRange) =>
  and(eq(callLogs.productId, productId), gte(callLogs.startTime, range.from), lt(callLogs.startTime, range.to))!;

/** Outbound, answered and missed calls and the total duration (seconds) of the range and of the period before it, in one pass over both. */
export async function callSummary(db: Reads, productId: number, range: CallRange, previous: CallRange) {
  const current = sql`${callLogs.startTime} >= ${range.from}`;
  const before = sql`${callLogs.startTime} < ${range.from}`;
  const [row] = await db
    .select({
      outbound: countWhere(sql`${isStatus('outbound_call')} and ${current}`),
      answered: countWhere(sql`${isStatus('answered')} and ${current}`),
      missed: countWhere(sql`${isStatus('missed')} and ${current}`),
      duration: sql<number>`coalesce(sum(${callLogs.durationSeconds}) filter (where ${current}), 0)::int8`.mapWith(
        Number,
      ),
      previousOutbound: countWhere(sql`${isStatus('outbound_call')} and ${before}`),
      previousAnswered: countWhere(sql`${isStatus('answered')} and ${before}`),
      previousMissed: countWhere(sql`${isStatus('missed')} and ${before}`),
      previousDuration:
        sql<number>`coalesce(sum(${callLogs.durationSeconds}) filter (where ${before}), 0)::int8`.mapWith(Number),
    })
    .from(callLogs)
    .where(
      and(eq(callLogs.productId, productId), gte(callLogs.startTime, previous.from), lt(callLogs.startTime, range.to)),
    );
  return row!;
}

/** Answered and missed calls per UK clock hour (only hours that have calls). */
export async function callsByTimeOfDay(db: Reads, productId: number, range: CallRange) {
  return db
    .select({
      hour: sql<number>`extract(hour from ${ukTime})::int`,
      answered: countWhere(isStatus('answered')),
      missed: countWhere(isStatus('missed')),
    })
    .from(callLogs)
    .where(inRange(productId, range))
    .groupBy(sql`1`);
}

/** Missed, answered, outbound and all calls per bucket (only buckets that have calls). */
export async function callsByBucket(db: Reads, productId: number, range: CallRange, bucket: CallReportBucket) {
  return db
    .select({
      start: BUCKET_KEY[bucket],
      missed: countWhere(isStatus('missed')),
      answered: countWhere(isStatus('answered')),
      outbound: countWhere(isStatus('outbound_call')),
      total: sql<number>`count(*)::int`,
    })
    .from(callLogs)
    .where(inRange(productId, range))
    .groupBy(sql`1`);
}

/** Calls per ISO weekday (1 Monday) and UK clock hour (only cells that have calls). */
export async function callDensity(db: Reads, productId: number, range: CallRange) {
  return db
    .select({
      weekday: sql<number>`extract(isodow from ${ukTime})::int`,
      hour: sql<number>`extract(hour from ${ukTime})::int`,
      calls: sql<number>`count(*)::int`,
    })
    .from(callLogs)
    .where(inRange(productId, range))
    .groupBy(sql`1`, sql`2`);
}

/** How many calls the range holds. */
export async function callActivityCount(db: Reads, productId: number, range: CallRange): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(callLogs)
    .where(inRange(productId, range));
  return row?.n ?? 0;
}

/** One page of the range's calls, newest first, each with its matched user (the call log's rule). */
export async function callActivityPage(db: Reads, productId: number, range: CallRange, page: number, pageSize: number) {
  return db
    .select(callWithMatchedUser)
    .from(callLogs)
    .leftJoin(voipUsers, matchedUserOn)
    .where(inRange(productId, range))
    .orderBy(desc(callLogs.startTime), desc(callLogs.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}
