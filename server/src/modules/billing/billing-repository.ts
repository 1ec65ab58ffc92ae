import { and, asc, desc, eq, gt, max, sql, sum } from 'drizzle-orm';

import { poundsOf } from '@portal/contract';

import type { Database, Inserts, Reads, Updates } from '../../db/connect.ts';
import {
  billingAccounts,
  cardSetupAttempts,
  creditControlStatuses,
  directDebitMandates,
  invoices,
  paymentAttempts,
  payments,
  savedCards,
} from '../../db/schema/billing.ts';
import { accountName, lockAccount, productsOfAccount } from '../customers/index.ts';
import { accountHolderOf, spendOneTimeKeyById } from '../identity/index.ts';

export type BillingAccountRow = typeof billingAccounts.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type MandateRow = typeof directDebitMandates.$inferSelect;
export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type CardSetupAttemptRow = typeof cardSetupAttempts.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;

/** The account details a customer may change. */
export type BillingDetails = Omit<
  BillingAccountRow,
  'accountId' | 'accountStatus' | 'billCycle' | 'paymentMethod' | 'monthlyChargePence' | 'addressCountry'
>;

/** The bank fields of a mandate. */
export interface BankDetails {
  sortCode: string;
  bankAccNo: string;
  payeeAccountName: string;
  payeeAccountType: 'personal' | 'business';
}

/** What a month costs an account with no billing details yet: £12 a product, VAT included, £12 at least. */
const DEFAULT_CHARGE_PER_PRODUCT_PENCE = 1200;

// An account's billing details, invoices, payments and direct-debit mandate (spec 001 section 7 "Billing and payments").

/**
 * The account's billing details; an account that has none yet (a new customer) gets them
 * from its first user, billed on the 1st by card.
 */
export async function billingAccount(
  db: Pick<Database, 'select' | 'insert'>,
  accountId: number,
): Promise<BillingAccountRow | null> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.accountId, accountId));
  if (row) return row;
  const holder = await accountHolderOf(db, accountId);
  if (!holder) return null;
  const productCount = (await productsOfAccount(db, accountId)).length;
  const name = await accountName(db, accountId);
  await db
    .insert(billingAccounts)
    .values({
      accountId,
      businessName: name ?? '',
      firstName: holder.firstName,
      lastName: holder.lastName,
      phoneNumber: holder.phone ?? '',
      emailAddress: holder.email,
      addressLineOne: '',
      addressCity: '',
      addressPostCode: '',
      authorisedContact: {
        full_name: `${holder.firstName} ${holder.lastName}`.trim(),
        email_address: holder.email,
        phone_number: holder.phone ?? '',
        mobile_number: '',
      },
      billCycle: 'T1',
      paymentMethod: 'card',
      monthlyChargePence: Math.max(1, productCount) * DEFAULT_CHARGE_PER_PRODUCT_PENCE,
    })
    .onConflictDoNothing();
  const [created] = await db.select().from(billingAccounts).where(eq(billingAccounts.accountId, accountId));
  return created ?? null;
}

/** The account's holder: its first user (the one who signed it up), whose key a payment link is. */
export async function billingHolderOf(db: Reads, accountId: number): Promise<{ id: number; firstName: string } | null> {
  const holder = await accountHolderOf(db, accountId);
  return holder ? { id: holder.id, firstName: holder.firstName } : null;
}

export async function updateBillingDetails(db: Updates, accountId: number, details: BillingDetails): Promise<void> {
  await db.update(billingAccounts).set(details).where(eq(billingAccounts.accountId, accountId));
}

export async function billingProductsOf(db: Reads, accountId: number) {
  return productsOfAccount(db, accountId);
}

export async function invoicesOf(db: Reads, accountId: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.accountId, accountId))
    .orderBy(desc(invoices.issuedOn), desc(invoices.id));
}

export async function paymentsOf(db: Reads, accountId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.accountId, accountId))
    .orderBy(desc(payments.paidAt), desc(payments.id));
}

/** What the account has paid in all, in pence. */
export async function paidPence(db: Reads, accountId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(payments.amountPence) })
    .from(payments)
    .where(eq(payments.accountId, accountId));
  return Number(row?.total ?? 0);
}

/** The issue date of the account's latest invoice (YYYY-MM-DD), or null before its first. */
export async function latestInvoiceDate(db: Reads, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ issuedOn: max(invoices.issuedOn) })
    .from(invoices)
    .where(eq(invoices.accountId, accountId));
  return row?.issuedOn ?? null;
}

/** What the account's invoices total, in pence. */
export async function invoicedPence(db: Reads, accountId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(invoices.netPence), vat: sum(invoices.vatPence) })
    .from(invoices)
    .where(eq(invoices.accountId, accountId));
  return Number(row?.total ?? 0) + Number(row?.vat ?? 0);
}

export async function mandateOf(db: Reads, accountId: number): Promise<MandateRow | null> {
  const [row] = await db.select().from(directDebitMandates).where(eq(directDebitMandates.accountId, accountId));
  return row ?? null;
}

/**
 * Sets the mandate's bank details (checked before) and makes direct debit the account's
 * payment method; the attempt counts.
 */
export async function setMandate(
  db: Pick<Database, 'transaction'>,
  accountId: number,
  bank: BankDetails,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(directDebitMandates)
      .values({ accountId, ...bank, payeeConfirmStatus: 'confirmed', payeeConfirmAttempt: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: directDebitMandates.accountId,
        set: { ...bank, payeeConfirmStatus: 'confirmed', payeeConfirmAttempt: 1, updatedAt: now },
      });
    await tx
      .update(billingAccounts)
      .set({ paymentMethod: 'direct_debit' })
      .where(eq(billingAccounts.accountId, accountId));
  });
}

/**
 * A refused set of bank details: counted on the mandate, which keeps its last good details
 * (and stays confirmed if it was); a mandate never set up is now failed. Answers the mandate.
 */
export async function refuseMandate(db: Inserts, accountId: number, now: Date): Promise<MandateRow> {
  const [row] = await db
    .insert(directDebitMandates)
    .values({ accountId, payeeConfirmStatus: 'failed', payeeConfirmAttempt: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: directDebitMandates.accountId,
      set: {
        payeeConfirmStatus: sql`case when ${directDebitMandates.payeeConfirmStatus} = 'not_set_up' then 'failed' else ${directDebitMandates.payeeConfirmStatus} end`,
        payeeConfirmAttempt: sql`${directDebitMandates.payeeConfirmAttempt} + 1`,
        updatedAt: now,
      },
    })
    .returning();
  if (!row) throw new Error('direct-debit mandate not written');
  return row;
}

/** The card the account pays by, if one is saved. */
export async function savedCardOf(db: Reads, accountId: number): Promise<SavedCardRow | null> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.accountId, accountId));
  return row ?? null;
}

export async function cardSetupByKey(db: Reads, idempotencyKey: string): Promise<CardSetupAttemptRow | null> {
  const [row] = await db.select().from(cardSetupAttempts).where(eq(cardSetupAttempts.idempotencyKey, idempotencyKey));
  return row ?? null;
}

export async function cardSetupBySession(db: Reads, providerSessionId: string): Promise<CardSetupAttemptRow | null> {
  const [row] = await db
    .select()
    .from(cardSetupAttempts)
    .where(eq(cardSetupAttempts.providerSessionId, providerSessionId));
  return row ?? null;
}

/** Records a new card set-up attempt; when the same key won a race, answers that one instead. */
export async function addCardSetup(
  db: Pick<Database, 'select' | 'insert'>,
  attempt: typeof cardSetupAttempts.$inferInsert,
): Promise<CardSetupAttemptRow> {
  const [row] = await db.insert(cardSetupAttempts).values(attempt).onConflictDoNothing().returning();
  if (row) return row;
  const [existing] = await db
    .select()
    .from(cardSetupAttempts)
    .where(eq(cardSetupAttempts.idempotencyKey, attempt.idempotencyKey));
  if (!existing) throw new Error('card set-up attempt neither inserted nor found');
  return existing;
}

export async function declineCardSetup(db: Updates, id: number): Promise<void> {
  await db
    .update(cardSetupAttempts)
    .set({ status: 'declined' })
    .where(and(eq(cardSetupAttempts.id, id), eq(cardSetupAttempts.status, 'pending')));
}

/**
 * The provider saved the attempt's card: in one transaction, the account's card becomes it
 * (the provider's instrument id, brand and last four digits), the payment method card, and
 * the link that started it is spent. Runs once however often it is asked (the attempt row is locked).
 */
export async function saveCard(
  db: Pick<Database, 'transaction'>,
  id: number,
  card: { sourceId: string; brand: string; last4: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(cardSetupAttempts).where(eq(cardSetupAttempts.id, id)).for('update');
    if (!attempt || attempt.status === 'approved') return;
    const saved = { providerSourceId: card.sourceId, brand: card.brand, last4: card.last4, savedAt: now };
    await tx
      .insert(savedCards)
      .values({ accountId: attempt.accountId, ...saved })
      .onConflictDoUpdate({ target: savedCards.accountId, set: saved });
    await tx
      .update(billingAccounts)
      .set({ paymentMethod: 'card' })
      .where(eq(billingAccounts.accountId, attempt.accountId));
    await tx.update(cardSetupAttempts).set({ status: 'approved' }).where(eq(cardSetupAttempts.id, id));
    await spendOneTimeKeyById(tx, attempt.linkKeyId, now);
  });
}

/** The attempt of this idempotency key, if the browser sent it before. */
export async function paymentAttemptByKey(db: Reads, idempotencyKey: string): Promise<PaymentAttemptRow | null> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.idempotencyKey, idempotencyKey));
  return row ?? null;
}

export async function paymentAttemptBySession(db: Reads, providerSessionId: string): Promise<PaymentAttemptRow | null> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.providerSessionId, providerSessionId));
  return row ?? null;
}

/** The account's `limit` newest checkouts still pending, oldest first. */
export async function pendingPaymentAttempts(
  db: Reads,
  accountId: number,
  limit: number,
): Promise<PaymentAttemptRow[]> {
  const newest = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.accountId, accountId), eq(paymentAttempts.status, 'pending')))
    .orderBy(desc(paymentAttempts.id))
    .limit(limit);
  return newest.reverse();
}

/**
 * Records a new attempt, unless the account has a checkout opened after `openSince` still pending (another
 * window's, made a moment ago): then answers that one, and this one is never shown. The account's row is
 * locked meanwhile, so of two windows at once one opens the checkout. When the same key won a race, answers that one.
 */
export async function addPaymentAttempt(
  db: Pick<Database, 'transaction'>,
  attempt: typeof paymentAttempts.$inferInsert & { createdAt: Date },
  openSince: Date,
): Promise<PaymentAttemptRow> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, attempt.accountId);
    const [existing] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.idempotencyKey, attempt.idempotencyKey));
    if (existing) return existing;
    const [open] = await tx
      .select()
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.accountId, attempt.accountId),
          eq(paymentAttempts.status, 'pending'),
          gt(paymentAttempts.createdAt, openSince),
        ),
      )
      .orderBy(asc(paymentAttempts.id))
      .limit(1);
    if (open) return open;
    const [row] = await tx.insert(paymentAttempts).values(attempt).returning();
    if (!row) throw new Error('payment attempt not inserted');
    return row;
  });
}

export async function declinePaymentAttempt(db: Updates, id: number): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status: 'declined' })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'pending')));
}

/**
 * The provider approved the attempt: records its payment once (the attempt row is locked, and
 * a payment carries the attempt's key, unique), and takes it off the overdue amount the
 * credit-control status shows, which goes when nothing is overdue any more.
 */
export async function settlePaymentAttempt(
  db: Pick<Database, 'transaction'>,
  id: number,
  providerPaymentId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
    if (!attempt || attempt.paymentId !== null) return;
    const [payment] = await tx
      .insert(payments)
      .values({
        accountId: attempt.accountId,
        amountPence: attempt.amountPence,
        method: 'card',
        paidAt: now,
        providerPaymentId,
        idempotencyKey: attempt.idempotencyKey,
      })
      .returning();
    await tx
      .update(paymentAttempts)
      .set({ status: 'approved', paymentId: payment!.id })
      .where(eq(paymentAttempts.id, id));
    let left = attempt.amountPence;
    const statuses = await tx
      .select()
      .from(creditControlStatuses)
      .where(eq(creditControlStatuses.accountId, attempt.accountId))
      .orderBy(asc(creditControlStatuses.id))
      .for('update');
    for (const status of statuses) {
      if (left <= 0) break;
      const due = Math.round(Number(status.balanceDue) * 100);
      if (left >= due) {
        await tx.delete(creditControlStatuses).where(eq(creditControlStatuses.id, status.id));
      } else {
        await tx
          .update(creditControlStatuses)
          .set({ balanceDue: poundsOf(due - left) })
          .where(eq(creditControlStatuses.id, status.id));
      }
      left -= due;
    }
  });
}
