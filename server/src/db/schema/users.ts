import { integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.ts';
import { products } from './customers.ts';

// The users module's tables (server/src/modules/users): a cloud phone's users (its seats) and their add-ons.

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

/**
 * The add-ons of a cloud phone's users (spec 001 section 3 "User with tariff"): one row per
 * user and add-on of the tariff-version-3 catalogue (contract/src/users.ts ADD_ONS, by id).
 * At most one per group, which the users module keeps.
 */
export const voipUserAddOns = pgTable(
  'voip_user_add_ons',
  {
    voipUserId: integer()
      .notNull()
      .references(() => voipUsers.id, { onDelete: 'cascade' }),
    addOnId: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.voipUserId, t.addOnId] })],
);
