import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import type { FeatureFlag } from '@portal/contract';

import { createdAt } from './columns.ts';
import { accounts } from './customers.ts';

// The identity module's tables (server/src/modules/identity): sign-in users, tokens, throttles, one-time keys and
// codes, and changes of e-mail address.

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
    permissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    scope: text({ enum: ['email', 'ip', 'email_ip'] }).notNull(),
    key: text().notNull(),
    count: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('login_failures_scope', sql`${t.scope} in ('email', 'ip', 'email_ip')`),
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

// Sign-in and account journeys (server/src/modules/identity/one-time-keys.ts, server/src/modules/identity/sms-codes-repository.ts).

/**
 * Keys of magic links, password reset links, number selection links (scope
 * customer-number-selection), payment links, direct-debit mandate links and recurring-card set-up links (the account holder's user): random, bound to one user and one purpose,
 * stored only as a SHA-256 hash (hex), expiring, and spent once (used_at, set atomically).
 */
export const oneTimeKeys = pgTable(
  'one_time_keys',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    purpose: text({
      enum: ['magic_link', 'password_reset', 'number_selection', 'payment_link', 'dd_mandate', 'rcp_setup'],
    }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text().notNull().unique('one_time_keys_key_hash_unique'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check(
      'one_time_keys_purpose',
      sql`${t.purpose} in ('magic_link', 'password_reset', 'number_selection', 'payment_link', 'dd_mandate', 'rcp_setup')`,
    ),
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

// Social sign-in (contract/src/social.ts, server/src/modules/identity/social-providers.ts).
