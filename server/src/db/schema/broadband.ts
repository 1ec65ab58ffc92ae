import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import type { BroadbandTariff } from '@portal/contract';

import { createdAt } from './columns.ts';
import { accounts } from './customers.ts';
import { orders } from './notifications.ts';

/**
 * Broadband sign-ups (modules/broadband): a telco lead is a visitor's address, tariff and
 * business details; approving it books the installation, an APPOINTMENT order on the account
 * of the customer whose e-mail address it gives (when there is one).
 */
export const telcoLeads = pgTable(
  'telco_leads',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** The page's id for the sign-up: the same one again answers this lead (a double submit makes one). */
    requestId: text().notNull().unique(),
    /** The visitor's proof for approving the lead (answered to them only). */
    leadToken: text().notNull(),
    status: text({ enum: ['CREATED', 'APPROVED'] })
      .notNull()
      .default('CREATED'),
    addressRef: text().notNull(),
    cssDatabaseCode: text().notNull(),
    postcode: text().notNull(),
    addressLine: text().notNull(),
    /** The tariff as it was offered when the lead was made. */
    tariff: jsonb().$type<BroadbandTariff>().notNull(),
    name: text().notNull(),
    businessName: text().notNull(),
    /** Lower case. */
    emailAddress: text().notNull(),
    mobileNumber: text().notNull(),
    phoneNumber: text().notNull(),
    currentProvider: text().notNull(),
    createdAt: createdAt(),
    approvedAt: timestamp({ withTimezone: true }),
    /** The customer account the e-mail address belongs to when approved; null for a new business. */
    accountId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    /** The installation's APPOINTMENT order (null without an account). */
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    /** YYYY-MM-DD, set when approved. */
    appointmentDate: text(),
    appointmentWindow: text(),
    orderReference: text(),
  },
  (t) => [
    check('telco_leads_status', sql`${t.status} in ('CREATED', 'APPROVED')`),
    index('telco_leads_account_id_idx').on(t.accountId),
    index('telco_leads_order_id_idx').on(t.orderId),
  ],
);
