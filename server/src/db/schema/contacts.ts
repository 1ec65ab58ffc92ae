import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns.ts';
import { products } from './customers.ts';

// Company contacts (spec 001 section 3 "Contact"): one phonebook per cloud phone, made on first use.

export const phonebooks = pgTable('phonebooks', {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** The phonebook_uuid of the spec's calls (PUT and DELETE name a contact by it). */
  uuid: uuid().notNull().unique(),
});

export const contacts = pgTable(
  'contacts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => phonebooks.productId, { onDelete: 'cascade' }),
    firstname: text().notNull(),
    lastname: text().notNull(),
    /** National form, 0 and ten digits (contract checkContact). */
    number: text().notNull(),
    email: text().notNull().default(''),
    enterprise: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contacts_product_id_idx').on(t.productId)],
);
