import { and, eq, gt, isNull, sql } from 'drizzle-orm';

import { BUY_NOW_CHANNEL } from '@portal/contract';

import type { Inserts, Reads, Updates } from '../../db/connect.ts';
import { signupLeads } from '../../db/schema/signup.ts';
import type { CustomerTransaction, MadeCustomer } from '../customers/index.ts';
import { userByEmail } from '../identity/index.ts';

export type Lead = typeof signupLeads.$inferSelect;

/** What a new lead (or a restarted one) holds. */
export interface LeadValues {
  tokenHash: string;
  email: string;
  firstName: string;
  lastName: string;
  businessName: string;
  channel: Lead['channel'];
  trialVersion: string;
  promoCode: string | null;
  pinHash: string | null;
  pinExpiresAt: Date | null;
}

/** The channel a product of a journey gets: Buy Now stays Buy Now; a trial is a self sign-up. */
export const productChannel = (channel: string) => (channel === BUY_NOW_CHANNEL ? BUY_NOW_CHANNEL : 'Self Sign Up');

// The sign-up journeys' queries: leads, and the customer a journey creates.

/**
 * Starts a journey for an address, or restarts the one still open for it (new token, new
 * PIN, the latest details): one open lead per address, whatever is sent twice.
 */
export async function upsertLead(db: Inserts, values: LeadValues, now: Date): Promise<Lead> {
  const [lead] = await db
    .insert(signupLeads)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: signupLeads.email,
      targetWhere: sql`${signupLeads.completedAt} is null`,
      set: {
        ...values,
        pinAttempts: 0,
        emailVerifiedAt: null,
        mobileVerified: null,
        createdAt: now,
        updatedAt: now,
      },
    })
    .returning();
  if (!lead) throw new Error('lead not stored');
  return lead;
}

/** The open lead of a token, or undefined (unknown, spent or older than `since`). */
export async function openLead(db: Reads, tokenHash: string, since: Date): Promise<Lead | undefined> {
  const [lead] = await db
    .select()
    .from(signupLeads)
    .where(and(eq(signupLeads.tokenHash, tokenHash), isNull(signupLeads.completedAt), gt(signupLeads.createdAt, since)))
    .limit(1);
  return lead;
}

/** The lead of a token, spent or not (a second submit of the last step). */
export async function leadOfToken(db: Reads, tokenHash: string): Promise<Lead | undefined> {
  const [lead] = await db.select().from(signupLeads).where(eq(signupLeads.tokenHash, tokenHash)).limit(1);
  return lead;
}

/** Counts one PIN guess, refused past `maxTries`; answers whether it was counted. */
export async function countLeadPinTry(db: Updates, leadId: number, maxTries: number): Promise<boolean> {
  const counted = await db
    .update(signupLeads)
    .set({ pinAttempts: sql`${signupLeads.pinAttempts} + 1` })
    .where(and(eq(signupLeads.id, leadId), sql`${signupLeads.pinAttempts} < ${maxTries}`))
    .returning({ id: signupLeads.id });
  return counted.length > 0;
}

export async function markLeadEmailVerified(db: Updates, leadId: number, now: Date): Promise<void> {
  await db.update(signupLeads).set({ emailVerifiedAt: now, pinHash: null }).where(eq(signupLeads.id, leadId));
}

export async function markLeadMobileVerified(db: Updates, leadId: number, mobile: string): Promise<void> {
  await db.update(signupLeads).set({ mobileVerified: mobile }).where(eq(signupLeads.id, leadId));
}

export async function setLeadIntlCallsTariff(db: Updates, leadId: number, tariff: string | null): Promise<void> {
  await db.update(signupLeads).set({ intlCallsTariff: tariff }).where(eq(signupLeads.id, leadId));
}

/** Whether a user has this (lower-cased) address. */
export async function emailTaken(db: Reads, email: string): Promise<boolean> {
  return (await userByEmail(db, email)) !== undefined;
}

/** Spends an open lead inside the transaction that makes its customer; false when it was spent already. */
export async function spendLeadIn(tx: CustomerTransaction, leadId: number, now: Date): Promise<boolean> {
  const [spent] = await tx
    .update(signupLeads)
    .set({ completedAt: now })
    .where(and(eq(signupLeads.id, leadId), isNull(signupLeads.completedAt)))
    .returning({ id: signupLeads.id });
  return spent !== undefined;
}

/** Keeps on the lead the customer it became, in the same transaction. */
export async function keepCustomerIn(tx: CustomerTransaction, leadId: number, made: MadeCustomer): Promise<void> {
  await tx
    .update(signupLeads)
    .set({ userId: made.userId, accountId: made.accountId, productId: made.productId })
    .where(eq(signupLeads.id, leadId));
}
