import { and, asc, eq, gte, inArray, isNotNull, isNull, lte } from 'drizzle-orm';

import type { Database, Deletes, Inserts, Reads, Updates } from '../../db/connect.ts';
import {
  callRecordingAdmin,
  callRecordings,
  callTranscriptions,
  type ConversationLine,
} from '../../db/schema/call-log.ts';

export type { ConversationLine };

export type RecordingRow = typeof callRecordings.$inferSelect;

// A cloud phone's call log, recordings, transcripts and call-recording admin password.

/** The product's recordings among `uuids` (deleted or not); others' and unknown ones are left out. */
export async function recordingsOf(db: Reads, productId: number, uuids: readonly string[]) {
  if (uuids.length === 0) return [];
  return db
    .select()
    .from(callRecordings)
    .where(and(eq(callRecordings.productId, productId), inArray(callRecordings.uuid, [...uuids])))
    .orderBy(asc(callRecordings.startTime), asc(callRecordings.uuid));
}

/** Stores where a recording's audio (WAV to listen to, MP3 to download) now lives (spoken for the first time). */
export async function setRecordingAudioKeys(
  db: Pick<Database, 'transaction'>,
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
}

/** Stores where a recording's MP3 lives (encoded on its first download). */
export async function setRecordingMp3Key(db: Updates, uuid: string, mp3Key: string): Promise<void> {
  await db.update(callRecordings).set({ mp3Key }).where(eq(callRecordings.uuid, uuid));
}

/** A recording's transcript, when the product has it and it is not purged. */
export async function transcriptOf(db: Reads, productId: number, uuid: string) {
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
}

/** Moves the product's listed recordings to recently deleted; answers how many moved. */
export async function markRecordingsDeleted(
  db: Updates,
  productId: number,
  uuids: readonly string[],
  now: Date,
): Promise<number> {
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
}

/** Restores the product's listed recently deleted recordings not yet past retention; answers how many. */
export async function restoreRecordings(
  db: Updates,
  productId: number,
  uuids: readonly string[],
  purgeBefore: Date,
): Promise<number> {
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
}

/** Removes for good the product's recordings deleted before `purgeBefore`; answers their audio keys to delete. */
export async function purgeRecordings(db: Deletes, productId: number, purgeBefore: Date): Promise<string[]> {
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
}

export async function recordingAdminPasswordHash(db: Reads, productId: number): Promise<string | null> {
  const [row] = await db.select().from(callRecordingAdmin).where(eq(callRecordingAdmin.productId, productId));
  return row?.passwordHash ?? null;
}

export async function setRecordingAdminPasswordHash(
  db: Inserts,
  productId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .insert(callRecordingAdmin)
    .values({ productId, passwordHash })
    .onConflictDoUpdate({ target: callRecordingAdmin.productId, set: { passwordHash, updatedAt: new Date() } });
}
