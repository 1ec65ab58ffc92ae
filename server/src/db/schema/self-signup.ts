import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns.ts';
import { accounts, products } from './customers.ts';
import { users } from './identity.ts';

/**
 * Self sign-up leads (modules/self-signup, contract/src/self-signup.ts), keyed by their
 * ssu_details_token (kept only as a SHA-256 hash). One open lead per e-mail address; a lead
 * becomes a customer once its e-mailed PIN is verified (user, account and product set).
 */
export const selfSignupLeads = pgTable(
  'self_signup_leads',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text().notNull().unique(),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    businessName: text().notNull(),
    mobileNumber: text().notNull(),
    featuresToUse: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    chosenNumber: text(),
    supplier: integer().notNull(),
    /** The e-mailed PIN, scrypt-hashed, when it expires and the wrong tries so far (each try counted before it is compared, a right one given back). */
    pinHash: text().notNull(),
    pinExpiresAt: timestamp({ withTimezone: true }).notNull(),
    pinFailures: integer().notNull().default(0),
    userVerified: boolean().notNull().default(false),
    /** The link texted to the mobile number (hash), and whether it was opened. */
    mobileTokenHash: text().unique(),
    mobileVerified: boolean().notNull().default(false),
    /** The customer whose referral link started this sign-up. */
    referredByAccountId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    accountId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    convertedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('self_signup_leads_email_lower', sql`${t.email} = lower(${t.email})`),
    check('self_signup_leads_supplier', sql`${t.supplier} in (2, 3)`),
    // One open lead per address: a second create replaces the first.
    uniqueIndex('self_signup_leads_one_open_per_email')
      .on(t.email)
      .where(sql`${t.convertedAt} is null`),
    index('self_signup_leads_referred_by_idx').on(t.referredByAccountId),
    index('self_signup_leads_user_id_idx').on(t.userId),
  ],
);

/** A customer account's referral code (/referrals), made the first time it is asked for. */
export const referralCodes = pgTable('referral_codes', {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  code: text().notNull().unique(),
  createdAt: createdAt(),
});
