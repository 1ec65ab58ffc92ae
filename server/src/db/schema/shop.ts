import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';

import type { InstallationAddress, PurchaseLine } from '@portal/contract';

import { createdAt } from './columns.ts';
import { accounts, products } from './customers.ts';
import { orders } from './notifications.ts';

// The hardware shop (spec 001 sections 3 "Shop item" and 7 "Hardware"): its catalogue and the purchases made.

/**
 * An item of the shop: a device (hardware_model_id names contract HARDWARE_MODELS' model, whose
 * devices a purchase adds to the cloud phone), an accessory (no model), or the delivery charge
 * (category Setup, no sub-category). Prices in integer pence, before VAT.
 */
export const shopItems = pgTable(
  'shop_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    category: text().notNull(),
    subCategory: text(),
    pricePence: integer().notNull(),
    hardwareModelId: integer(),
    /** The order the shop lists them in. */
    position: integer().notNull().default(0),
  },
  (t) => [check('shop_items_price_pence', sql`${t.pricePence} >= 0`)],
);

/**
 * A checkout: what was bought, for which cloud phone, the totals charged (pence) and the order it
 * made. The unique (account, idempotency key) makes a second submit of one checkout answer the first.
 */
export const shopPurchases = pgTable(
  'shop_purchases',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    idempotencyKey: text().notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lines: jsonb().$type<PurchaseLine[]>().notNull(),
    deliveryAddress: jsonb().$type<InstallationAddress>().notNull(),
    subtotalPence: integer().notNull(),
    vatPence: integer().notNull(),
    totalPence: integer().notNull(),
    /** How it is paid: added to the next bill (the only way today). */
    payment: text({ enum: ['next_bill'] }).notNull(),
    devices: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('shop_purchases_account_idempotency_key').on(t.accountId, t.idempotencyKey),
    index('shop_purchases_product_id_idx').on(t.productId),
    index('shop_purchases_order_id_idx').on(t.orderId),
  ],
);
