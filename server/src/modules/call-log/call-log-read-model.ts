// The call log's read model: the recordings list (spec 001 section 7 "Call recordings"), whose calls show the user
// each matched, and the matching rule the call reports' activity list shares. Owned by the call-log module, it reads
// its call_logs, call_recordings and call_transcriptions with the users module's voip_users (the matched user, joined
// in the one query that pages the list); it writes nothing.
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';

import type { Reads } from '../../db/connect.ts';
import { callLogs, callRecordings, callTranscriptions } from '../../db/schema/call-log.ts';
import { voipUsers } from '../../db/schema/users.ts';

/** What the recordings list is filtered by, already resolved to instants and SQL-safe values. */
export interface RecordingFilter {
  from: Date;
  /** Exclusive. */
  to: Date;
  /** Digits (national form) a caller or called number contains. */
  number?: string | undefined;
  duration?: { from: number; to: number | null } | undefined;
  keyword?: string | undefined;
  deleted: boolean;
  /** Deleted before this: purged (not shown, not restorable). */
  purgeBefore: Date;
}

/** A LIKE pattern that matches `text` literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The user matched by extension: caller for outbound_call, called for answered (spec 001 section 3). */
const matchedExtension = sql`case ${callLogs.status} when 'outbound_call' then ${callLogs.caller} when 'answered' then ${callLogs.called} end`;
/** Joins a call (call_logs) to its matched user (voip_users), the one rule for the recordings list and the call reports. */
export const matchedUserOn = and(
  eq(voipUsers.productId, callLogs.productId),
  eq(voipUsers.extension, matchedExtension),
)!;

/** A call's columns with its matched user's (joined by matchedUserOn): the recordings list and the call activity. */
export const callWithMatchedUser = {
  id: callLogs.id,
  status: callLogs.status,
  caller: callLogs.caller,
  called: callLogs.called,
  startTime: callLogs.startTime,
  durationSeconds: callLogs.durationSeconds,
  userId: voipUsers.id,
  firstName: voipUsers.firstName,
  lastName: voipUsers.lastName,
  extension: voipUsers.extension,
};

const deletedCondition = (filter: Pick<RecordingFilter, 'deleted' | 'purgeBefore'>) =>
  filter.deleted
    ? and(isNotNull(callRecordings.deletedAt), gte(callRecordings.deletedAt, filter.purgeBefore))
    : isNull(callRecordings.deletedAt);

function recordingConditions(productId: number, filter: RecordingFilter): SQL {
  const conditions: Array<SQL | undefined> = [
    eq(callRecordings.productId, productId),
    gte(callRecordings.startTime, filter.from),
    lt(callRecordings.startTime, filter.to),
    deletedCondition(filter),
  ];
  if (filter.number)
    conditions.push(
      or(ilike(callLogs.caller, containing(filter.number)), ilike(callLogs.called, containing(filter.number))),
    );
  if (filter.duration) {
    conditions.push(gte(callLogs.durationSeconds, filter.duration.from));
    if (filter.duration.to !== null) conditions.push(lt(callLogs.durationSeconds, filter.duration.to));
  }
  if (filter.keyword) {
    // A correlated scalar lookup by primary key for each recording the other conditions leave, so the
    // planner does not scan every transcript of the phone (two years of them) for the pattern.
    conditions.push(
      sql`(select ${callTranscriptions.text} from ${callTranscriptions} where ${callTranscriptions.recordingUuid} = ${callRecordings.uuid}) ilike ${containing(filter.keyword)}`,
    );
  }
  return and(...conditions)!;
}

/** One page of the calls that have recordings matching the filter, newest first, and how many there are. */
export async function recordingPage(
  db: Reads,
  productId: number,
  filter: RecordingFilter,
  page: number,
  pageSize: number,
) {
  const where = recordingConditions(productId, filter);
  // One pass: the page's calls, each row also carrying how many calls match in all.
  const pageCalls = await db
    .select({ callLogId: callRecordings.callLogId, total: sql<number>`(count(*) over ())::int` })
    .from(callRecordings)
    .innerJoin(callLogs, eq(callLogs.id, callRecordings.callLogId))
    .where(where)
    .groupBy(callRecordings.callLogId)
    .orderBy(desc(sql`max(${callRecordings.startTime})`), desc(callRecordings.callLogId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const ids = pageCalls.map((row) => row.callLogId);
  let total = pageCalls[0]?.total;
  if (total === undefined) {
    // Past the last page (or nothing matches): count them apart.
    const [counted] = await db
      .select({ n: sql<number>`count(distinct ${callRecordings.callLogId})::int` })
      .from(callRecordings)
      .innerJoin(callLogs, eq(callLogs.id, callRecordings.callLogId))
      .where(where);
    total = counted?.n ?? 0;
  }
  if (ids.length === 0) return { count: total, calls: [] };
  const calls = await db
    .select(callWithMatchedUser)
    .from(callLogs)
    .leftJoin(voipUsers, matchedUserOn)
    .where(and(eq(callLogs.productId, productId), inArray(callLogs.id, ids)))
    .orderBy(desc(callLogs.startTime), desc(callLogs.id));
  const recordings = await db
    .select({
      uuid: callRecordings.uuid,
      callLogId: callRecordings.callLogId,
      durationSeconds: callRecordings.durationSeconds,
      startTime: callRecordings.startTime,
      deletedAt: callRecordings.deletedAt,
      transcriptSeconds: callTranscriptions.totalSeconds,
    })
    .from(callRecordings)
    .leftJoin(callTranscriptions, eq(callTranscriptions.recordingUuid, callRecordings.uuid))
    .where(
      and(eq(callRecordings.productId, productId), inArray(callRecordings.callLogId, ids), deletedCondition(filter)),
    )
    .orderBy(asc(callRecordings.startTime), asc(callRecordings.uuid));
  return {
    count: total,
    calls: calls.map((call) => ({ ...call, recordings: recordings.filter((r) => r.callLogId === call.id) })),
  };
}
