import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.ts';

// The sandbox's own tables (server/src/sandbox): what its stand-ins for the payment and social sign-in
// providers keep. Never used with the sandbox off.

/**
 * The sandbox provider's grants (server/src/sandbox/oauth/routes.ts), one per consent: the
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

/**
 * The sandbox payment provider's own sessions (server/src/sandbox/checkout/): what a real
 * provider keeps on its side. The card's outcome only; the number typed is never stored.
 */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text().primaryKey(),
  /** `payment` charges amountPence; `card_setup` saves a card for future payments and charges nothing (amountPence 0). */
  mode: text({ enum: ['payment', 'card_setup'] })
    .notNull()
    .default('payment'),
  amountPence: integer().notNull(),
  reference: text().notNull(),
  successUrl: text().notNull(),
  failureUrl: text().notNull(),
  status: text({ enum: ['pending', 'challenge', 'approved', 'declined'] })
    .notNull()
    .default('pending'),
  paymentId: text(),
  /** A saved card's instrument id (card_setup), with the brand and last four digits the provider tells its merchant. */
  sourceId: text(),
  cardBrand: text(),
  cardLast4: text(),
  createdAt: createdAt(),
});
