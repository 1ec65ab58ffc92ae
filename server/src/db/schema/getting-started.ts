import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

import { updatedAt } from './columns.ts';
import { products } from './customers.ts';

/**
 * How far a cloud phone's getting started has gone (spec 001 section 4: choose users, set a
 * PIN, confirm the installation address), so the page resumes where it was left. No row reads
 * as nothing done. products.show_welcome says whether it is still due.
 */
export const gettingStartedProgress = pgTable('getting_started_progress', {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** The voip_users chosen to use the phone, in the order chosen. */
  userIds: integer().array().notNull().default([]),
  /** When the chosen users' PIN was set; cleared when the choice of users changes. */
  pinSetAt: timestamp({ withTimezone: true }),
  updatedAt: updatedAt(),
});
