import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns.ts';
import { products } from './customers.ts';

// The phone-setup module's tables (server/src/modules/phone-setup): the holiday schedule, divert and
// forwardings, the site add-ons, voicemail and hold music.

/** Holiday schedule entries of a voip product: every day start_date..end_date inclusive is closed. */
export const holidaySchedules = pgTable(
  'holiday_schedules',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull().default(''),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('holiday_schedules_product_idx').on(t.productId, t.startDate),
    check('holiday_schedules_order', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * Per-product phone settings of this area, one row made when first changed: the temporary divert
 * (null: none), the nation whose bank holidays are offered, and whether the account passed the
 * identity checks international calling needs.
 */
export const phoneSiteSettings = pgTable('phone_site_settings', {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  divertDestination: text(),
  bankHolidayRegion: text({ enum: ['england-and-wales', 'scotland', 'northern-ireland'] }),
  kycPassed: boolean().notNull().default(true),
  updatedAt: updatedAt(),
});

/** Call forwardings of a product, one per forward type (contract FORWARD_TYPES), made on first read. */
export const callForwardings = pgTable(
  'call_forwardings',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    forwardType: text({ enum: ['NA', 'ALWAYS', 'BUSY', 'NO_ANSWER', 'UNREACHABLE'] }).notNull(),
    destination: text(),
    activated: boolean().notNull().default(false),
    isEditable: boolean().notNull().default(true),
  },
  (t) => [unique('call_forwardings_product_type').on(t.productId, t.forwardType)],
);

/** The site add-ons a product has (contract SITE_ADD_ONS ids). */
export const siteAddOns = pgTable(
  'site_add_ons',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addonId: integer().notNull(),
    quantity: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.addonId] })],
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
