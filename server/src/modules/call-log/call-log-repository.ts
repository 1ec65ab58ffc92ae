import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';

import type { Database } from '../../db/connect.ts';
import {
  callLogs,
  callRecordingAdmin,
  callRecordings,
  callTranscriptions,
  type ConversationLine,
} from '../../db/schema/call-log.ts';
import { voipUsers } from '../../db/schema/users.ts';

export type { ConversationLine };

declare module 'fastify' {
  interface FastifyInstance {
    callLogRepository: CallLogRepository;
  }
}

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

export type RecordingRow = typeof callRecordings.$inferSelect;

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

/** A cloud phone's call log, recordings, transcripts and call-recording admin password. */
export function createCallLogRepository(db: Database) {
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

  return {
    /** One page of the calls that have recordings matching the filter, newest first, and how many there are. */
    async recordingPage(productId: number, filter: RecordingFilter, page: number, pageSize: number) {
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
          and(
            eq(callRecordings.productId, productId),
            inArray(callRecordings.callLogId, ids),
            deletedCondition(filter),
          ),
        )
        .orderBy(asc(callRecordings.startTime), asc(callRecordings.uuid));
      return {
        count: total,
        calls: calls.map((call) => ({ ...call, recordings: recordings.filter((r) => r.callLogId === call.id) })),
      };
    },

    /** The product's recordings among `uuids` (deleted or not); others' and unknown ones are left out. */
    async recordings(productId: number, uuids: readonly string[]) {
      if (uuids.length === 0) return [];
      return db
        .select()
        .from(callRecordings)
        .where(and(eq(callRecordings.productId, productId), inArray(callRecordings.uuid, [...uuids])))
        .orderBy(asc(callRecordings.startTime), asc(callRecordings.uuid));
    },

    /** Stores where a recording's audio (WAV to listen to, MP3 to download) now lives (spoken for the first time). */
    async setAudioKey(
      uuid: string,
      keys: { audioKey: string; mp3Key: string },
      durationSeconds: number,
      lines: ConversationLine[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(callRecordings)
          .set({ ...keys, durationSeconds })
          .where(eq(callRecordings.uuid, uuid));
        await tx
          .update(callTranscriptions)
          .set({ lines, totalSeconds: durationSeconds })
          .where(eq(callTranscriptions.recordingUuid, uuid));
      });
    },

    /** Stores where a recording's MP3 lives (encoded on its first download). */
    async setMp3Key(uuid: string, mp3Key: string): Promise<void> {
      await db.update(callRecordings).set({ mp3Key }).where(eq(callRecordings.uuid, uuid));
    },

    /** A recording's transcript, when the product has it and it is not purged. */
    async transcript(productId: number, uuid: string) {
      const [row] = await db
        .select({
          uuid: callRecordings.uuid,
          startTime: callRecordings.startTime,
          lines: callTranscriptions.lines,
          totalSeconds: callTranscriptions.totalSeconds,
          deletedAt: callRecordings.deletedAt,
        })
        .from(callRecordings)
        .innerJoin(callTranscriptions, eq(callTranscriptions.recordingUuid, callRecordings.uuid))
        .where(and(eq(callRecordings.productId, productId), eq(callRecordings.uuid, uuid)));
      return row;
    },

    /** Moves the product's listed recordings to recently deleted; answers how many moved. */
    async markDeleted(productId: number, uuids: readonly string[], now: Date): Promise<number> {
      const rows = await db
        .update(callRecordings)
        .set({ deletedAt: now })
        .where(
          and(
            eq(callRecordings.productId, productId),
            inArray(callRecordings.uuid, [...uuids]),
            isNull(callRecordings.deletedAt),
          ),
        )
        .returning({ uuid: callRecordings.uuid });
      return rows.length;
    },

    /** Restores the product's listed recently deleted recordings not yet past retention; answers how many. */
    async restore(productId: number, uuids: readonly string[], purgeBefore: Date): Promise<number> {
      const rows = await db
        .update(callRecordings)
        .set({ deletedAt: null })
        .where(
          and(
            eq(callRecordings.productId, productId),
            inArray(callRecordings.uuid, [...uuids]),
            gte(callRecordings.deletedAt, purgeBefore),
          ),
        )
        .returning({ uuid: callRecordings.uuid });
      return rows.length;
    },

    /** Removes for good the product's recordings deleted before `purgeBefore`; answers their audio keys to delete. */
    async purge(productId: number, purgeBefore: Date): Promise<string[]> {
      const rows = await db
        .delete(callRecordings)
        .where(
          and(
            eq(callRecordings.productId, productId),
            isNotNull(callRecordings.deletedAt),
            lte(callRecordings.deletedAt, purgeBefore),
          ),
        )
        .returning({ audioKey: callRecordings.audioKey, mp3Key: callRecordings.mp3Key });
      return rows.flatMap((row) => [row.audioKey, row.mp3Key].filter((key) => key !== null));
    },

    async adminPasswordHash(productId: number): Promise<string | null> {
      const [row] = await db.select().from(callRecordingAdmin).where(eq(callRecordingAdmin.productId, productId));
      return row?.passwordHash ?? null;
    },

    async setAdminPasswordHash(productId: number, passwordHash: string): Promise<void> {
      await db
        .insert(callRecordingAdmin)
        .values({ productId, passwordHash })
        .onConflictDoUpdate({ target: callRecordingAdmin.productId, set: { passwordHash, updatedAt: new Date() } });
    },
  };
}

export type CallLogRepository = ReturnType<typeof createCallLogRepository>;

export default fp(
  async (app) => {
    app.decorate('callLogRepository', createCallLogRepository(app.db));
  },
  { name: 'call-log-repository', dependencies: ['db'] },
);
