import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FeatureFlag, SimpleCallFlowData } from '@portal/contract';
import type { FlowNode } from '@portal/editor-core';

// Column names are snake_case in the database: drizzle() and drizzle-kit both run with
// `casing: 'snake_case'`, so the TypeScript keys below stay camelCase.

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Installation address of a product (spec 000 section 3). */
export interface InstallationAddress {
  summary_line: string;
  line_one: string;
  line_two: string;
  city: string;
  county: string;
  post_code: string;
}

export const accounts = pgTable('accounts', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
});

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    isStaff: boolean().notNull().default(false),
    emailVerified: boolean().notNull().default(false),
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
    featureFlags: jsonb().$type<FeatureFlag[]>().notNull().default([]),
    accountId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // Lookups compare lower-cased e-mails; the constraint keeps every writer honest.
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    index('users_account_id_idx').on(t.accountId),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the key, hex; the key itself is never stored. */
    keyHash: text().notNull().unique('auth_tokens_key_hash_unique'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** The staff user acting as `userId` through this token, if any. */
    actingUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_tokens_user_id_idx').on(t.userId)],
);

/** Failed sign-ins per e-mail and per client IP, in a fixed window (shared by all processes). */
export const loginFailures = pgTable(
  'login_failures',
  {
    scope: text({ enum: ['email', 'ip'] }).notNull(),
    key: text().notNull(),
    count: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('login_failures_scope', sql`${t.scope} in ('email', 'ip')`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['voip', 'telco', 'web'] }).notNull(),
    /** For telco: fibre, broadband or phoneline. */
    subKind: text(),
    /** For voip: TARIFF_V3 makes it a voip2 product. */
    tariffVersion: text(),
    /** 3 is the third VoIP generation ("voip3"). */
    supplier: integer().notNull(),
    status: text().notNull(),
    channel: text().notNull(),
    showProductPages: boolean().notNull().default(false),
    productDetail: text().notNull().default(''),
    installationAddress: jsonb().$type<InstallationAddress>(),
    confirmedDate: date({ mode: 'string' }),
    ceasedDate: date({ mode: 'string' }),
    /** For voip: the advanced call flows add-on (higher node limits), spec 001 section 3. */
    advancedCallFlows: boolean().notNull().default(false),
  },
  (t) => [
    check('products_kind', sql`${t.kind} in ('voip', 'telco', 'web')`),
    // deriveProductKind() must be able to name every telco product.
    check(
      'products_telco_sub_kind',
      sql`${t.kind} <> 'telco' or ${t.subKind} in ('fibre', 'broadband', 'phoneline')`,
    ),
    check('products_status_lower', sql`${t.status} = lower(${t.status})`),
    index('products_account_id_idx').on(t.accountId),
  ],
);

export const trials = pgTable(
  'trials',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['OPT_IN'] }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    showQuickstartPopup: boolean().notNull().default(true),
    quickstartPopupSectionsCompleted: jsonb().$type<Record<string, boolean>>().notNull().default({}),
    customerFeedback: text(),
    statusEntry: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('trials_kind', sql`${t.kind} in ('OPT_IN')`)],
);

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

const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

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
    /** Bumped by every change; PATCH compares it (body version or If-Match). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('call_flows_product_id_idx').on(t.productId),
    // The routes keep exactly one flow active; the database refuses a second one whatever a writer does.
    uniqueIndex('call_flows_one_enabled_per_product').on(t.productId).where(sql`${t.enable}`),
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
    check('voicemail_settings_tts_voice', sql`${t.greetingTtsVoice} is null or ${t.greetingTtsVoice} in ('female', 'male')`),
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
