import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.ts';
import { products } from './customers.ts';

// Product details (spec 001 section 3 "Product details" and "Renewal"): a product's tariff, its
// children's tariffs and its contracts. Money is integer pence; contract/src/product-details.ts
// answers it as pounds with 2 decimals.

/** A product's tariff, its activation date and the tariff a renewal moves it to. One row per product. */
export const productTariffs = pgTable(
  'product_tariffs',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    tariffName: text().notNull(),
    tariffPricePence: integer().notNull(),
    promoLength: integer(),
    promoPricePence: integer(),
    /** When the product went live (shown as date activated). */
    liveDate: date({ mode: 'string' }),
    renewalTariffName: text(),
    renewalTariffPricePence: integer(),
    renewalPromoLength: integer(),
    renewalPromoPricePence: integer(),
  },
  (t) => [
    check(
      'product_tariffs_prices',
      sql`${t.tariffPricePence} >= 0 and coalesce(${t.promoPricePence}, 0) >= 0 and coalesce(${t.renewalTariffPricePence}, 0) >= 0 and coalesce(${t.renewalPromoPricePence}, 0) >= 0`,
    ),
    check(
      'product_tariffs_promo_lengths',
      sql`coalesce(${t.promoLength}, 0) >= 0 and coalesce(${t.renewalPromoLength}, 0) >= 0`,
    ),
  ],
);

/** A product's children (add-on lines such as extra seats or a static IP) with their tariffs. */
export const productChildren = pgTable(
  'product_children',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productDetail: text().notNull(),
    tariffName: text(),
    tariffPricePence: integer(),
    promoPricePence: integer(),
    promoLength: integer(),
  },
  (t) => [index('product_children_product_id_idx').on(t.productId)],
);

export const CONTRACT_STATUSES = ['ACTIVE', 'ENDED', 'PENDING', 'VOID'] as const;

/** A product's contracts; VOID ones are kept but never shown. */
export const productContracts = pgTable(
  'product_contracts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The contract's reference as the customer reads it, e.g. CT-104233. */
    contractId: text().notNull().unique(),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    contractLengthMonths: integer(),
    contractSummariesSent: integer().notNull().default(0),
    contractSent: boolean().notNull().default(false),
    status: text({ enum: CONTRACT_STATUSES }).notNull(),
    /** The secret in the contract document's address (GET .../contract-document/{token}/). */
    downloadToken: text().notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('product_contracts_status', sql`${t.status} in ('ACTIVE', 'ENDED', 'PENDING', 'VOID')`),
    check('product_contracts_length', sql`${t.contractLengthMonths} is null or ${t.contractLengthMonths} > 0`),
    index('product_contracts_product_id_idx').on(t.productId),
  ],
);
