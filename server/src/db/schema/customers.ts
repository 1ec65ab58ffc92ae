import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import type { InstallationAddress } from '@portal/contract';

// The customers module's tables (server/src/modules/customers): accounts, their products (a cloud phone is a
// product, its phone site), trials and quick starts.

/** Installation address of a product (spec 000 section 3); its shape is the contract's (contract/src/address.ts). */
export type { InstallationAddress } from '@portal/contract';

export const accounts = pgTable('accounts', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
});

export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['voip', 'telco', 'web'] }).notNull(),
    /** For telco: fibre, broadband or phoneline. */
    subKind: text(),
    /** For voip: TARIFF_V3 makes it a voip2 product. */
    tariffVersion: text(),
    /** 3 is the third VoIP generation ("voip3"). */
    supplier: integer().notNull(),
    status: text().notNull(),
    channel: text().notNull(),
    showProductPages: boolean().notNull().default(false),
    productDetail: text().notNull().default(''),
    installationAddress: jsonb().$type<InstallationAddress>(),
    confirmedDate: date({ mode: 'string' }),
    ceasedDate: date({ mode: 'string' }),
    /** For voip: the advanced call flows add-on (higher node limits), spec 001 section 3. */
    advancedCallFlows: boolean().notNull().default(false),
    /** For voip: blocked means the service is suspended (GET /api/v3/voip/service-status/). */
    serviceStatus: text({ enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    /** Why a blocked service is blocked, in words for the customer. */
    serviceBlockedReason: text(),
    /** For voip: the getting-started (welcome) flow is still due (GET /api/v3/voip/getting-started/). */
    showWelcome: boolean().notNull().default(false),
  },
  (t) => [
    check('products_kind', sql`${t.kind} in ('voip', 'telco', 'web')`),
    check('products_service_status', sql`${t.serviceStatus} in ('active', 'blocked')`),
    // deriveProductKind() must be able to name every telco product.
    check('products_telco_sub_kind', sql`${t.kind} <> 'telco' or ${t.subKind} in ('fibre', 'broadband', 'phoneline')`),
    check('products_status_lower', sql`${t.status} = lower(${t.status})`),
    index('products_account_id_idx').on(t.accountId),
  ],
);

export const trials = pgTable(
  'trials',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['OPT_IN'] }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    statusEntry: timestamp({ withTimezone: true }).notNull(),
    /** When the trial's upgrade prompt was shown (spec 000 section 4: once, an hour after statusEntry); null: not yet. */
    upgradePromptShownAt: timestamp({ withTimezone: true }),
  },
  (t) => [check('trials_kind', sql`${t.kind} in ('OPT_IN')`)],
);

/**
 * A cloud phone's quick start (spec 000 sections 2 and 4): whether the wizard opens, the steps done and the
 * customer's feedback. A trial's phone has one, and so has a bought one (five steps: no "upgrade"); the trial
 * status answers it (GET and PATCH /api/v1/trial/status/).
 */
export const quickstarts = pgTable('quickstarts', {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  showPopup: boolean().notNull().default(true),
  sectionsCompleted: jsonb().$type<Record<string, boolean>>().notNull().default({}),
  customerFeedback: text(),
});
