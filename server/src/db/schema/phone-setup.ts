import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';

import { products } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';

// Phone setup's holiday schedule, divert and forwardings, and the site add-ons.

/** Holiday schedule entries of a voip product: every day start_date..end_date inclusive is closed. */
export const holidaySchedules = pgTable(
  'holiday_schedules',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull().default(''),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('holiday_schedules_product_idx').on(t.productId, t.startDate),
    check('holiday_schedules_order', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * Per-product phone settings of this area, one row made when first changed: the temporary divert
 * (null: none), the nation whose bank holidays are offered, and whether the account passed the
 * identity checks international calling needs.
 */
export const phoneSiteSettings = pgTable('phone_site_settings', {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  divertDestination: text(),
  bankHolidayRegion: text({ enum: ['england-and-wales', 'scotland', 'northern-ireland'] }),
  kycPassed: boolean().notNull().default(true),
  updatedAt: updatedAt(),
});

/** Call forwardings of a product, one per forward type (contract FORWARD_TYPES), made on first read. */
export const callForwardings = pgTable(
  'call_forwardings',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    forwardType: text({ enum: ['NA', 'ALWAYS', 'BUSY', 'NO_ANSWER', 'UNREACHABLE'] }).notNull(),
    destination: text(),
    activated: boolean().notNull().default(false),
    isEditable: boolean().notNull().default(true),
  },
  (t) => [unique('call_forwardings_product_type').on(t.productId, t.forwardType)],
);

/** The site add-ons a product has (contract SITE_ADD_ONS ids). */
export const siteAddOns = pgTable(
  'site_add_ons',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addonId: integer().notNull(),
    quantity: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.addonId] })],
);
