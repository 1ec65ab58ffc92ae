import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import type { AuthorisedContact } from '@portal/contract';

import { createdAt } from './columns.ts';
import { accounts } from './customers.ts';

// The billing module's tables (spec 001 sections 3 and 7): an account's billing details, invoices, payments,
// direct debit, cards and credit control. Money is integer pence.

/** An account's billing details: who is billed where, on which billing day and how they pay. */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    accountId: integer()
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    accountStatus: text().notNull().default('active'),
    businessName: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phoneNumber: text().notNull().default(''),
    mobileNumber: text().notNull().default(''),
    emailAddress: text().notNull(),
    addressLineOne: text().notNull(),
    addressLineTwo: text().notNull().default(''),
    addressCity: text().notNull(),
    addressCounty: text().notNull().default(''),
    addressCountry: text().notNull().default('United Kingdom'),
    addressPostCode: text().notNull(),
    authorisedContact: jsonb().$type<AuthorisedContact>().notNull(),
    /** The billing day: T1 1st, T2 8th, T3 15th, T4 22nd. */
    billCycle: text({ enum: ['T1', 'T2', 'T3', 'T4'] }).notNull(),
    paymentMethod: text({ enum: ['direct_debit', 'card'] }).notNull(),
    /** What each month's invoice charges, VAT included (the next invoice's amount). */
    monthlyChargePence: integer().notNull(),
  },
  (t) => [
    check('billing_accounts_bill_cycle', sql`${t.billCycle} in ('T1', 'T2', 'T3', 'T4')`),
    check('billing_accounts_payment_method', sql`${t.paymentMethod} in ('direct_debit', 'card')`),
  ],
);

/** An invoice: its net and VAT in pence (the total is their sum), issued on the billing day. */
export const invoices = pgTable(
  'invoices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    invoiceNumber: text().notNull().unique(),
    issuedOn: date({ mode: 'string' }).notNull(),
    dueOn: date({ mode: 'string' }).notNull(),
    description: text().notNull(),
    netPence: integer().notNull(),
    vatPence: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoices_amounts', sql`${t.netPence} >= 0 and ${t.vatPence} >= 0`),
    index('invoices_account_id_idx').on(t.accountId, t.issuedOn),
  ],
);

/**
 * A payment received: by card (the provider's payment id, never a card number) or by direct
 * debit. `idempotencyKey` is the attempt's own key: one attempt records at most one payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    amountPence: integer().notNull(),
    method: text({ enum: ['direct_debit', 'card'] }).notNull(),
    paidAt: timestamp({ withTimezone: true }).notNull(),
    providerPaymentId: text(),
    idempotencyKey: text().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_amount', sql`${t.amountPence} > 0`),
    check('payments_method', sql`${t.method} in ('direct_debit', 'card')`),
    index('payments_account_id_idx').on(t.accountId, t.paidAt),
  ],
);

/** An account's direct-debit mandate (spec 001 section 3 "Direct-debit settings/mandate"). */
export const directDebitMandates = pgTable(
  'direct_debit_mandates',
  {
    accountId: integer()
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Six digits, 12-34-56. */
    sortCode: text().notNull().default(''),
    bankAccNo: text().notNull().default(''),
    payeeAccountName: text().notNull().default(''),
    payeeAccountType: text({ enum: ['personal', 'business'] }),
    payeeConfirmStatus: text({ enum: ['not_set_up', 'pending', 'confirmed', 'failed'] })
      .notNull()
      .default('not_set_up'),
    /** Times the bank details were checked (refused ones too). */
    payeeConfirmAttempt: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'direct_debit_mandates_confirm_status',
      sql`${t.payeeConfirmStatus} in ('not_set_up', 'pending', 'confirmed', 'failed')`,
    ),
  ],
);

/**
 * One attempt to pay by card through the provider's hosted checkout: the browser's own
 * idempotency key (a double click or a reload sends the same one, and gets the same attempt),
 * the amount, and the provider's session id. Never a card number: the card is typed on the
 * provider's page. `paymentId` is set once, when the provider says the payment is approved.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    idempotencyKey: text().notNull().unique(),
    amountPence: integer().notNull(),
    providerSessionId: text().notNull().unique(),
    redirectUrl: text().notNull(),
    status: text({ enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    paymentId: integer().references(() => payments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_attempts_amount', sql`${t.amountPence} > 0`),
    check('payment_attempts_status', sql`${t.status} in ('pending', 'approved', 'declined')`),
    index('payment_attempts_account_id_idx').on(t.accountId),
  ],
);

/**
 * One attempt to save a card for recurring payments through the provider's hosted page in card
 * set-up mode (/recurring-card-payment/{token}): the browser's idempotency key, the one-time key
 * of the link it came from, and the provider's session id. Nothing is charged; no card number.
 */
export const cardSetupAttempts = pgTable(
  'card_setup_attempts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The rcp_setup one-time key (one_time_keys.id) the attempt was started with. */
    linkKeyId: integer().notNull(),
    idempotencyKey: text().notNull().unique(),
    providerSessionId: text().notNull().unique(),
    redirectUrl: text().notNull(),
    status: text({ enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    check('card_setup_attempts_status', sql`${t.status} in ('pending', 'approved', 'declined')`),
    index('card_setup_attempts_account_id_idx').on(t.accountId),
  ],
);

/**
 * The card an account pays by (its recurring card payment): the provider's instrument id, and the
 * brand and last four digits exactly as the provider gave them, to show. Never the card number.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    accountId: integer()
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    providerSourceId: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    savedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('saved_cards_last4', sql`${t.last4} ~ '^[0-9]{4}$'`)],
);

/** Credit-control statuses of an account (GET /customer/status/): overdue balances and how far collection has gone. */
export const creditControlStatuses = pgTable(
  'credit_control_statuses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    stage: text({ enum: ['overdue', 'final_notice', 'restricted'] }).notNull(),
    balanceDue: numeric({ precision: 10, scale: 2 }).notNull(),
    dueDate: date({ mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('credit_control_statuses_stage', sql`${t.stage} in ('overdue', 'final_notice', 'restricted')`),
    index('credit_control_statuses_account_id_idx').on(t.accountId),
  ],
);
