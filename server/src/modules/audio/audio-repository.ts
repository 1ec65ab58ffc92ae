import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';

import type { Database, Reads } from '../../db/connect.ts';
import { audioFiles } from '../../db/schema/audio.ts';
import * as customers from '../customers/index.ts';

export type AudioFileRow = typeof audioFiles.$inferSelect;
export type NewAudioFileRow = typeof audioFiles.$inferInsert;

/** The most a product may hold (STORAGE_LIMITS in the contract). */
export interface AudioLimits {
  files: number;
  bytes: number;
}

/** The row added, or which limit it would break with what the product holds now. */
export type AddWithinLimits =
  | { added: AudioFileRow }
  | { over: 'files'; files: number; bytes: number }
  | { over: 'bytes'; files: number; bytes: number };

// The audio files of a site (spec 001 section 3 "Audio file"); their bytes live in the audio storage.

/** The product's files, oldest first; only those with this stored filename and kind when given. */
export async function audioFilesOf(
  db: Reads,
  productId: number,
  filter: { storedFilename?: string; kind?: AudioFileRow['kind'] } = {},
): Promise<AudioFileRow[]> {
  const conditions: SQL[] = [eq(audioFiles.productId, productId)];
  if (filter.storedFilename !== undefined) conditions.push(eq(audioFiles.storedFilename, filter.storedFilename));
  if (filter.kind !== undefined) conditions.push(eq(audioFiles.kind, filter.kind));
  return db
    .select()
    .from(audioFiles)
    .where(and(...conditions))
    .orderBy(asc(audioFiles.id));
}

export async function audioFileByStoredFilename(
  db: Reads,
  productId: number,
  storedFilename: string,
): Promise<AudioFileRow | undefined> {
  const [file] = await db
    .select()
    .from(audioFiles)
    .where(and(eq(audioFiles.productId, productId), eq(audioFiles.storedFilename, storedFilename)))
    .limit(1);
  return file;
}

/**
 * Adds the file unless the product would then hold more than `limits` allows: counted and inserted
 * in one transaction holding the product's row locked, so processes adding at once cannot both
 * pass the last free place. Answers null when the product is gone.
 */
export async function addAudioFileWithinLimits(
  db: Pick<Database, 'transaction'>,
  file: NewAudioFileRow,
  limits: AudioLimits,
): Promise<AddWithinLimits | null> {
  return db.transaction(async (tx) => {
    if (!(await customers.lockProduct(tx, file.productId))) return null;
    const [held] = await tx
      .select({ files: count(), bytes: sql<string>`coalesce(sum(${audioFiles.sizeBytes}), 0)` })
      .from(audioFiles)
      .where(eq(audioFiles.productId, file.productId));
    const files = held?.files ?? 0;
    const bytes = Number(held?.bytes ?? 0);
    if (files >= limits.files) return { over: 'files', files, bytes } as const;
    if (bytes + file.sizeBytes > limits.bytes) return { over: 'bytes', files, bytes } as const;
    const [row] = await tx.insert(audioFiles).values(file).returning();
    if (!row) throw new Error('audio file not inserted');
    return { added: row };
  });
}
