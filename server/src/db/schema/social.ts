import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

import { users } from './identity.ts';

// The social module's tables (server/src/modules/social, contract/src/social.ts): sign-in states and identities.

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
  (t) => [
    unique('social_identities_provider_subject_unique').on(t.provider, t.subject),
    index('social_identities_user_id_idx').on(t.userId),
  ],
);
