import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import type { SimpleCallFlowData } from '@portal/contract';
import type { FlowNode } from '@portal/editor-core';

import { products } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';

// Cloud phone: voip users, numbers, call flows, audio files, voicemail and hold music.

export const voipUsers = pgTable(
  'voip_users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    extension: text().notNull(),
    /** When the user was locked out of their phone (GET /api/v3/voip/{id}/users/locked/); null when not locked. */
    lockedAt: timestamp({ withTimezone: true }),
    /** The user's PIN for the phone apps and desk phones (contract/src/pin.ts), scrypt-hashed; null until set. */
    pinHash: text(),
  },
  (t) => [unique('voip_users_product_extension').on(t.productId, t.extension)],
);

export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** National format without spaces, e.g. 01632960001. */
    number: text().notNull().unique(),
    label: text(),
    /** The site user the number rings directly; null when not assigned. */
    voipUserId: integer().references(() => voipUsers.id, { onDelete: 'set null' }),
  },
  (t) => [index('phone_numbers_product_id_idx').on(t.productId)],
);

/** Custom call flows of a voip product (spec 001 section 3): the editor-core tree, versioned for optimistic concurrency. */
export const callFlows = pgTable(
  'call_flows',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    enable: boolean().notNull().default(false),
    data: jsonb().$type<FlowNode>().notNull(),
    /**
     * Whether the flow passes every editor-core rule, worked out when it is saved, so the list of
     * flows need not read and validate every tree. Null for a row written before the column (or by
     * the seed): the list works it out once and stores it.
     */
    valid: boolean(),
    /** Bumped by every change; PATCH compares it (body version or If-Match). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('call_flows_product_id_idx').on(t.productId),
    // The routes keep exactly one flow active; the database refuses a second one whatever a writer does.
    uniqueIndex('call_flows_one_enabled_per_product')
      .on(t.productId)
      .where(sql`${t.enable}`),
  ],
);

/** The simple call flow of a voip product (spec 001 section 3); at most one row per product. */
export const simpleCallFlows = pgTable('simple_call_flows', {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  enable: boolean().notNull().default(false),
  name: text().notNull(),
  data: jsonb().$type<SimpleCallFlowData>().notNull(),
  version: integer().notNull().default(1),
  updatedAt: updatedAt(),
});

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

/**
 * Voicemail settings of a voip product (spec 001 section 3 "Voicemail settings"); at most one
 * row per product, made when first changed (no row reads as the defaults). The greeting's bytes
 * live in the audio storage under `greetingStorageKey`.
 */
export const voicemailSettings = pgTable(
  'voicemail_settings',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Callers hear the site's own greeting, not the default one. */
    customAudio: boolean().notNull().default(false),
    greetingStorageKey: text(),
    /** The words of the greeting when text to speech made it, and the voice. */
    greetingTtsText: text(),
    greetingTtsVoice: text({ enum: ['female', 'male'] }),
    /** Ring longer before voicemail answers (VOICEMAIL_RING_SECONDS). */
    voicemailDelay: boolean().notNull().default(false),
    voicemailToEmailEnabled: boolean().notNull().default(false),
    voicemailToEmailAddress: text().notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('voicemail_settings_custom_has_audio', sql`not ${t.customAudio} or ${t.greetingStorageKey} is not null`),
    check(
      'voicemail_settings_tts_voice',
      sql`${t.greetingTtsVoice} is null or ${t.greetingTtsVoice} in ('female', 'male')`,
    ),
  ],
);

/** Hold music of a voip product: the site's own (bytes under `storageKey`) or the built-in melody. */
export const holdMusicSettings = pgTable(
  'hold_music_settings',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    customAudio: boolean().notNull().default(false),
    storageKey: text(),
    updatedAt: updatedAt(),
  },
  (t) => [check('hold_music_settings_custom_has_audio', sql`not ${t.customAudio} or ${t.storageKey} is not null`)],
);
