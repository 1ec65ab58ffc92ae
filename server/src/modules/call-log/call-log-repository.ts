import { and, asc, eq, gte, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import fp from 'fastify-plugin';

import type { Database } from '../../db/connect.ts';
import {
  callRecordingAdmin,
  callRecordings,
  callTranscriptions,
  type ConversationLine,
} from '../../db/schema/call-log.ts';

export type { ConversationLine };

declare module 'fastify' {
  interface FastifyInstance {
    callLogRepository: CallLogRepository;
  }
}

export type RecordingRow = typeof callRecordings.$inferSelect;

/** A cloud phone's call log, recordings, transcripts and call-recording admin password. */
export function createCallLogRepository(db: Database) {
  return {
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
