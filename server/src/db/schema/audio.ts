import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.ts';
import { products } from './customers.ts';

// The audio module's table (server/src/modules/audio): a cloud phone's greetings and music.

/** Audio files of a site (spec 001 section 3 "Audio file"); the bytes live in the audio storage under `storageKey`. */
export const audioFiles = pgTable(
  'audio_files',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storedFilename: text().notNull(),
    kind: text().notNull(),
    subKind: text(),
    callFlowFilename: text(),
    name: text().notNull(),
    text: text(),
    ttsVoice: text({ enum: ['female', 'male'] }),
    durationMs: integer(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    storageKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('audio_files_product_stored_filename').on(t.productId, t.storedFilename),
    check('audio_files_tts_voice', sql`${t.ttsVoice} is null or ${t.ttsVoice} in ('female', 'male')`),
  ],
);
