import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.ts';
import { voipUsers } from './phone.ts';

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
