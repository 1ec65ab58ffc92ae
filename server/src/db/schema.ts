import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FeatureFlag, SimpleCallFlowData } from '@portal/contract';
import type { Appointment, Chip, HardwareOrder, InstallationAddress, NumberTransfer, Tag } from '@portal/contract';
import type { FlowNode } from '@portal/editor-core';

// Column names are snake_case in the database: drizzle() and drizzle-kit both run with
// `casing: 'snake_case'`, so the TypeScript keys below stay camelCase.

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Installation address of a product (spec 000 section 3); its shape is the contract's (contract/src/address.ts). */
export type { InstallationAddress } from '@portal/contract';

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
    /** For voip: blocked means the service is suspended (GET /api/v3/voip/service-status/). */
    serviceStatus: text({ enum: ['active', 'blocked'] }).notNull().default('active'),
    /** Why a blocked service is blocked, in words for the customer. */
    serviceBlockedReason: text(),
    /** For voip: the getting-started (welcome) flow is still due (GET /api/v3/voip/getting-started/). */
    showWelcome: boolean().notNull().default(false),
  },
  (t) => [
    check('products_kind', sql`${t.kind} in ('voip', 'telco', 'web')`),
    check('products_service_status', sql`${t.serviceStatus} in ('active', 'blocked')`),
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
    /** When the user was locked out of their phone (GET /api/v3/voip/{id}/users/locked/); null when not locked. */
    lockedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique('voip_users_product_extension').on(t.productId, t.extension)],
);

/** Credit-control statuses of an account (GET /customer/status/): overdue balances and how far collection has gone. */
export const creditControlStatuses = pgTable(
  'credit_control_statuses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    stage: text({ enum: ['overdue', 'final_notice', 'restricted'] }).notNull(),
    balanceDue: numeric({ precision: 10, scale: 2 }).notNull(),
    dueDate: date({ mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('credit_control_statuses_stage', sql`${t.stage} in ('overdue', 'final_notice', 'restricted')`),
    index('credit_control_statuses_account_id_idx').on(t.accountId),
  ],
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

// The notification centre (spec 000 sections 3 and 4): service updates, notifications and
// orders of an account. Kind-specific fields sit in a jsonb `detail`, in the API's own
// snake_case, since the API answers them as they are.

/** A service update of the provider. Accounts receive it through account_service_updates. */
export const serviceUpdates = pgTable('service_updates', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  title: text().notNull(),
  subtitle: text().notNull().default(''),
  /** HTML as written; the API answers it sanitised. */
  body: text().notNull(),
  summary: text().notNull().default(''),
  tags: jsonb().$type<Tag[]>().notNull().default([]),
  chip: jsonb().$type<Chip>(),
  /** When the content last changed ("Updated"). */
  date: timestamp({ withTimezone: true }).notNull(),
  /** Not shown before this time. */
  published: timestamp({ withTimezone: true }).notNull(),
});

/** Which accounts receive which service update, and when each account read it. */
export const accountServiceUpdates = pgTable(
  'account_service_updates',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    serviceUpdateId: integer()
      .notNull()
      .references(() => serviceUpdates.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.serviceUpdateId] }),
    index('account_service_updates_service_update_id_idx').on(t.serviceUpdateId),
  ],
);

/** Kind-specific fields of an order (isRange is derived when answered). */
export type OrderDetail = Omit<NumberTransfer, 'isRange'> | HardwareOrder | Appointment;

export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['NUMBER_TRANSFER', 'HARDWARE_ORDER', 'APPOINTMENT'] }).notNull(),
    status: text().notNull(),
    /** The order reference the customer sees (the API's order_id). */
    reference: text().notNull(),
    dateOrdered: timestamp({ withTimezone: true }).notNull(),
    lastUpdatedDate: timestamp({ withTimezone: true }).notNull(),
    readAt: timestamp({ withTimezone: true }),
    detail: jsonb().$type<OrderDetail>().notNull(),
  },
  (t) => [
    check('orders_kind', sql`${t.kind} in ('NUMBER_TRANSFER', 'HARDWARE_ORDER', 'APPOINTMENT')`),
    index('orders_account_id_last_updated_idx').on(t.accountId, t.lastUpdatedDate),
  ],
);

/** Kind-specific fields of a TARGETED or NUMBER_CHANGE notification; a CLOA one names its order instead. */
export type NotificationDetail =
  | { title: string; summary: string; body: string; created: string; tags: Tag[] }
  | { type: 'ADDED' | 'REMOVED'; number: string; text: string };

export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['CLOA', 'TARGETED', 'NUMBER_CHANGE'] }).notNull(),
    title: text().notNull(),
    text: text().notNull().default(''),
    readAt: timestamp({ withTimezone: true }),
    dateOrdered: timestamp({ withTimezone: true }),
    lastUpdatedDate: timestamp({ withTimezone: true }),
    lastChanged: timestamp({ withTimezone: true }).notNull(),
    tags: jsonb().$type<Tag[]>().notNull().default([]),
    /** Marking this service update read marks the notification read too. */
    serviceUpdateId: integer().references(() => serviceUpdates.id, { onDelete: 'set null' }),
    /** CLOA: the number transfer whose letter of authority this is. */
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    detail: jsonb().$type<NotificationDetail>(),
  },
  (t) => [
    check('notifications_kind', sql`${t.kind} in ('CLOA', 'TARGETED', 'NUMBER_CHANGE')`),
    check('notifications_cloa_has_order', sql`(${t.kind} = 'CLOA') = (${t.orderId} is not null)`),
    check('notifications_detail', sql`${t.kind} = 'CLOA' or ${t.detail} is not null`),
    index('notifications_account_id_last_changed_idx').on(t.accountId, t.lastChanged),
    index('notifications_service_update_id_idx').on(t.serviceUpdateId),
  ],
);

// Staff acting on customers' accounts (spec 000 sections 4 and 6; contract/src/staff.ts).

/**
 * Who did what while acting on a customer's account: every switch, every return, and every
 * change (POST, PUT, PATCH or DELETE answered 2xx) made while switched. The e-mails are copied,
 * so an entry still names both people after an account is deleted.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    action: text({ enum: ['switch', 'return', 'change'] }).notNull(),
    staffUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    staffEmail: text().notNull(),
    customerUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    status: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('staff_audit_log_action', sql`${t.action} in ('switch', 'return', 'change')`),
    index('staff_audit_log_created_at_idx').on(t.createdAt),
    // GET /api/v3/staff/audit-log/?customer= reads by e-mail, newest first.
    index('staff_audit_log_customer_email_created_at_idx').on(t.customerEmail, t.createdAt),
    // The foreign keys, so deleting a user does not scan the log.
    index('staff_audit_log_customer_user_id_idx').on(t.customerUserId),
    index('staff_audit_log_staff_user_id_idx').on(t.staffUserId),
  ],
);

/**
 * The e-mail verification key of an unverified user (SHA-256 of the key, hex); a resend replaces it.
 * Kept once used (used_at), so opening the link again says "already used" rather than "not valid".
 */
export const emailVerificationKeys = pgTable('email_verification_keys', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  keyHash: text().notNull().unique('email_verification_keys_key_hash_unique'),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  /** The address the link confirms: after a change of address, an older link confirms nothing. */
  email: text(),
  // Rows written before expiry existed count as expired.
  expiresAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp({ withTimezone: true }),
});

/** E-mails the sandbox mailer "sent" (server/src/mail/): what a person or a test reads instead of an inbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** 'email' (the sandbox mailer) or 'sms' (the sandbox SMS sender, server/src/sms/). */
    channel: text({ enum: ['email', 'sms'] }).notNull().default('email'),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('outbox_to_idx').on(t.to), check('outbox_channel', sql`${t.channel} in ('email', 'sms')`)],
);

/** Requests counted per bucket and key (an e-mail, a client IP) in a fixed window, shared by all processes. */
export const requestThrottles = pgTable(
  'request_throttles',
  {
    bucket: text().notNull(),
    key: text().notNull(),
    count: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);

// Sign-in and account journeys (issue 7; server/src/auth/one-time-keys.ts, server/src/auth/sms-codes.ts).

/**
 * Keys of magic links and password reset links: random, bound to one user and one purpose,
 * stored only as a SHA-256 hash (hex), expiring, and spent once (used_at, set atomically).
 */
export const oneTimeKeys = pgTable(
  'one_time_keys',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    purpose: text({ enum: ['magic_link', 'password_reset'] }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text().notNull().unique('one_time_keys_key_hash_unique'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('one_time_keys_purpose', sql`${t.purpose} in ('magic_link', 'password_reset')`),
    index('one_time_keys_user_id_idx').on(t.userId),
  ],
);

/**
 * Codes texted to a mobile number (POST /auth/sms/send/): only the newest one for a number
 * counts, hashed like a password, expiring, with a limited number of tries.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** National form, 07 and nine digits. */
    mobileNumber: text().notNull(),
    codeHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sms_codes_mobile_number_created_at_idx').on(t.mobileNumber, t.createdAt)],
);

// The profile page's change of e-mail address (PATCH /api/v3/me/, POST /api/v3/me/email/confirm/).

/**
 * A new e-mail address asked for on the profile page. It becomes the user's only when the
 * link sent to it is opened (so a typo locks nobody out): the key's SHA-256 (hex) is kept,
 * the link works once and until expires_at. A newer request deletes the unused older ones,
 * so only the latest link works; used ones stay, so a second use is told it was used.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text().notNull(),
    keyHash: text().notNull().unique('email_change_requests_key_hash_unique'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('email_change_requests_new_email_lower', sql`${t.newEmail} = lower(${t.newEmail})`),
    index('email_change_requests_user_id_idx').on(t.userId),
  ],
);

// Social sign-in (issue 7; contract/src/social.ts, server/src/auth/social-providers.ts).

/**
 * A social sign-in under way: its state (SHA-256, hex) and PKCE code verifier, kept from
 * GET /auth/accesstoken/{provider}/ until POST /auth/{provider}/ spends it (used_at, set
 * atomically) or it expires. The verifier is kept as is: it must be sent to the provider.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    stateHash: text().notNull().unique('oauth_states_state_hash_unique'),
    provider: text().notNull(),
    /** Where the journey began: login or register. */
    page: text().notNull(),
    codeVerifier: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('oauth_states_expires_at_idx').on(t.expiresAt)],
);

/** Which provider identity (provider + its subject id) signs in as which user. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    provider: text().notNull(),
    subject: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The e-mail the provider gave when the link was made. */
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [unique('social_identities_provider_subject_unique').on(t.provider, t.subject), index('social_identities_user_id_idx').on(t.userId)],
);

/**
 * The sandbox provider's grants (server/src/routes/sandbox-oauth.ts), one per consent: the
 * identity picked, its authorization code (hash; single use, PKCE S256 challenge, short
 * life) and then its access token (hash), which the sandbox userinfo endpoint answers for.
 */
export const sandboxOauthGrants = pgTable('sandbox_oauth_grants', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  provider: text().notNull(),
  clientId: text().notNull(),
  redirectUri: text().notNull(),
  codeHash: text().notNull().unique('sandbox_oauth_grants_code_hash_unique'),
  codeChallenge: text().notNull(),
  codeExpiresAt: timestamp({ withTimezone: true }).notNull(),
  codeUsedAt: timestamp({ withTimezone: true }),
  accessTokenHash: text().unique('sandbox_oauth_grants_access_token_hash_unique'),
  accessTokenExpiresAt: timestamp({ withTimezone: true }),
  subject: text().notNull(),
  email: text().notNull(),
  emailVerified: boolean().notNull(),
  givenName: text().notNull(),
  familyName: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
