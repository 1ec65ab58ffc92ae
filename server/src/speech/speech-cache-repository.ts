import { sql } from 'drizzle-orm';

import type { Database } from '../db/connect.ts';
import { speechCache } from '../db/schema/index.ts';

/**
 * The text-to-speech cache's index in the database: each cached WAV's key, size and last use, so
 * every server process sharing the audio storage sees one total and evicts the least recently used
 * entries past the cache's size.
 */
export function createSpeechCacheRepository(db: Database) {
  return {
    /** Records that `key` (of `sizeBytes`) was written or read at `now`. */
    async touch(key: string, sizeBytes: number, now: Date): Promise<void> {
      await db
        .insert(speechCache)
        .values({ key, sizeBytes, lastUsedAt: now })
        .onConflictDoUpdate({ target: speechCache.key, set: { sizeBytes, lastUsedAt: now } });
    },

    /**
     * Removes the least recently used entries until the rest fit in `maxBytes` (one statement, so two
     * processes evicting at once remove each entry once) and answers their keys, whose bytes the caller deletes.
     */
    async evictBeyond(maxBytes: number): Promise<string[]> {
      const rows = await db
        .delete(speechCache)
        .where(
          sql`${speechCache.key} in (
            select key from (
              select key, sum(size_bytes) over (order by last_used_at desc, key) as running from ${speechCache}
            ) as ranked where running > ${maxBytes})`,
        )
        .returning({ key: speechCache.key });
      return rows.map((row) => row.key);
    },

    /** Bytes the cache holds, by its index. */
    async totalBytes(): Promise<number> {
      const [row] = await db.select({ total: sql<string | null>`sum(${speechCache.sizeBytes})` }).from(speechCache);
      return Number(row?.total ?? 0);
    },
  };
}

export type SpeechCacheRepository = ReturnType<typeof createSpeechCacheRepository>;
