import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { bytea } from './columns.ts';

// Stored audio's bytes (AUDIO_STORAGE=database) and the shared text-to-speech cache's index.

/**
 * Audio bytes by storage key, when the audio storage is the database (several server processes on
 * one PostgreSQL share them). One row a file: stored files are at most MAX_STORED_AUDIO_BYTES (about 9.6 MB).
 */
export const storedAudio = pgTable('stored_audio', {
  key: text().primaryKey(),
  bytes: bytea().notNull(),
  sizeBytes: integer().notNull(),
});

/**
 * What the text-to-speech cache holds (whatever the audio storage), so every process sees one total
 * and evicts the least recently used entries past the cache's size.
 */
export const speechCache = pgTable(
  'speech_cache',
  {
    key: text().primaryKey(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('speech_cache_last_used_at_idx').on(t.lastUsedAt)],
);
