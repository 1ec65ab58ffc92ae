import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { products } from './customers.ts';
import { voipUsers } from './users.ts';

// The numbers module's tables (server/src/modules/numbers): the numbers a cloud phone has and the stock to choose from.

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

/**
 * The number inventory (spec 001 sections 3 and 7 "Numbers"): numbers the provider holds for
 * customers to take, by area code and rating. A number is available while no product has
 * reserved it; reserving is one conditional update (modules/numbers/reservation.ts), so of two
 * people taking the same number at once exactly one gets it. A reserved number also appears in
 * phone_numbers, the site's own list; giving it back clears the reservation.
 */
export const numberInventory = pgTable(
  'number_inventory',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** National format without spaces, e.g. 01134960500. */
    number: text().notNull().unique(),
    /** e.g. 0113. */
    areaCode: text().notNull(),
    /** The place the area code serves, e.g. Leeds. */
    area: text().notNull(),
    rating: text({ enum: ['GOLD', 'SILVER', 'FREE'] }).notNull(),
    reservedProductId: integer().references(() => products.id, { onDelete: 'set null' }),
    reservedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('number_inventory_rating', sql`${t.rating} in ('GOLD', 'SILVER', 'FREE')`),
    index('number_inventory_area_code_idx').on(t.areaCode, t.rating),
  ],
);
