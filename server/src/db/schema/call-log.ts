import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns.ts';
import { products } from './customers.ts';

// The call log and its recordings (spec 001 sections 3 "Call log", "Call recording entry" and 7 "Call recordings").

/**
 * One call of a cloud phone. status is outbound_call, answered or missed (contract CALL_STATUSES);
 * caller and called are numbers or extensions as the platform logged them. The user is matched at
 * read time by extension (caller for outbound_call, called for answered), so a renumbered user
 * takes their calls with them, as the spec's matching does.
 */
export const callLogs = pgTable(
  'call_logs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    caller: text().notNull(),
    called: text().notNull(),
    startTime: timestamp({ withTimezone: true }).notNull(),
    durationSeconds: integer().notNull(),
  },
  (t) => [index('call_logs_product_start_idx').on(t.productId, t.startTime)],
);

/** A line of a scripted (demo) conversation, or of a transcript: who spoke, what, from which second. */
export interface ConversationLine {
  speaker: string;
  voice: 'female' | 'male';
  text: string;
  offset: number;
}

/**
 * A recording of a call. The audio lives in the audio storage under audioKey; a demo recording
 * starts with audioKey null and its script, and is spoken by the speech engine on first play.
 * mp3Key: the same audio encoded once as MP3, the download (null until it is first stored or downloaded).
 * deletedAt set: recently deleted, purged for good RECORDING_RETENTION_DAYS later.
 * productId and startTime repeat the call's, so the list filters recordings on one index.
 */
export const callRecordings = pgTable(
  'call_recordings',
  {
    uuid: uuid().primaryKey(),
    callLogId: integer()
      .notNull()
      .references(() => callLogs.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    startTime: timestamp({ withTimezone: true }).notNull(),
    durationSeconds: integer().notNull(),
    audioKey: text(),
    mp3Key: text(),
    script: jsonb().$type<ConversationLine[]>(),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('call_recordings_product_start_idx').on(t.productId, t.startTime),
    index('call_recordings_call_log_idx').on(t.callLogId),
    index('call_recordings_deleted_idx')
      .on(t.productId, t.deletedAt)
      .where(sql`deleted_at is not null`),
  ],
);

/** A recording's transcript: its lines and their text in one column for the keyword search. */
export const callTranscriptions = pgTable('call_transcriptions', {
  recordingUuid: uuid()
    .primaryKey()
    .references(() => callRecordings.uuid, { onDelete: 'cascade' }),
  lines: jsonb().$type<ConversationLine[]>().notNull(),
  text: text().notNull(),
  totalSeconds: integer().notNull(),
});

/** A cloud phone's call-recording admin password (scrypt hash); no row: not set. */
export const callRecordingAdmin = pgTable('call_recording_admin', {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  passwordHash: text().notNull(),
  updatedAt: updatedAt(),
});
