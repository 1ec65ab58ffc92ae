import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns.ts';
import { accounts, products } from './customers.ts';
import { users } from './identity.ts';

/**
 * Sign-up leads (modules/signup): one trial or buy-now journey, from the first
 * page to the customer it creates. The journey token is kept as its SHA-256 (hex); the e-mail
 * PIN scrypt-hashed, like the SMS codes. A lead is spent once it has created its customer
 * (user_id set): a second submit creates nothing.
 */
export const signupLeads = pgTable(
  'signup_leads',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text().notNull(),
    /** Lower-cased. */
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    businessName: text().notNull(),
    channel: text({ enum: ['Buy Now', 'Self Sign Up'] }).notNull(),
    trialVersion: text().notNull(),
    promoCode: text(),
    /** The e-mail PIN; null for an address that has an account (it was told to sign in instead). */
    pinHash: text(),
    pinExpiresAt: timestamp({ withTimezone: true }),
    pinAttempts: integer().notNull().default(0),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** National form, once confirmed by an SMS code. */
    mobileVerified: text(),
    intlCallsTariff: text(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    accountId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('signup_leads_channel', sql`${t.channel} in ('Buy Now', 'Self Sign Up')`),
    check('signup_leads_email_lower', sql`${t.email} = lower(${t.email})`),
    uniqueIndex('signup_leads_token_hash').on(t.tokenHash),
    // One open journey per address: starting again restarts it rather than adding a second.
    uniqueIndex('signup_leads_one_open_per_email')
      .on(t.email)
      .where(sql`${t.completedAt} is null`),
    index('signup_leads_created_at_idx').on(t.createdAt),
  ],
);
