import { and, desc, eq, isNull, sql } from 'drizzle-orm';

import type { Database, Inserts, Reads, Updates } from '../../db/connect.ts';
import { referralCodes, selfSignupLeads } from '../../db/schema/self-signup.ts';
import * as customers from '../customers/index.ts';
import type { CustomerTransaction } from '../customers/index.ts';

export type SignupLead = typeof selfSignupLeads.$inferSelect;
type LeadValues = Pick<
  SignupLead,
  | 'tokenHash'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'businessName'
  | 'mobileNumber'
  | 'featuresToUse'
  | 'chosenNumber'
  | 'supplier'
  | 'pinHash'
  | 'pinExpiresAt'
> & {
  referredByAccountId: number | null;
};
export type LeadChanges = Partial<
  Pick<
    SignupLead,
    | 'firstName'
    | 'lastName'
    | 'businessName'
    | 'mobileNumber'
    | 'featuresToUse'
    | 'chosenNumber'
    | 'supplier'
    | 'email'
    | 'pinHash'
    | 'pinExpiresAt'
    | 'pinFailures'
    | 'mobileTokenHash'
  >
>;

/** What creating the customer came to: made now, made before (a double submit), or refused. */
export type CreatedCustomer =
  | { outcome: 'created' | 'already'; userId: number; accountId: number; productId: number }
  | { outcome: 'existing_user' }
  | { outcome: 'number_taken' };

/**
 * Puts the lead's chosen number on the new phone (the numbers area's reservation rule), inside
 * the transaction that makes the customer; false when the number is no longer available.
 */
export type TakeNumber = (
  tx: CustomerTransaction,
  product: { id: number; accountId: number },
  number: string,
) => Promise<boolean>;

// Self sign-up's queries: its leads, the customer a verified lead becomes, referral codes.

/** Creates a lead; an open lead of the same address is replaced (its token and PIN stop working). */
export async function createSignupLead(db: Inserts, values: LeadValues): Promise<SignupLead> {
  const { email, ...rest } = values;
  const [lead] = await db
    .insert(selfSignupLeads)
    .values(values)
    .onConflictDoUpdate({
      target: selfSignupLeads.email,
      targetWhere: isNull(selfSignupLeads.convertedAt),
      set: {
        ...rest,
        email,
        pinFailures: 0,
        userVerified: false,
        mobileTokenHash: null,
        mobileVerified: false,
        updatedAt: new Date(),
      },
    })
    .returning();
  if (!lead) throw new Error('lead not stored');
  return lead;
}

export async function signupLeadByTokenHash(db: Reads, tokenHash: string): Promise<SignupLead | undefined> {
  const [lead] = await db.select().from(selfSignupLeads).where(eq(selfSignupLeads.tokenHash, tokenHash)).limit(1);
  return lead;
}

/** The lead a sign-up customer came from (create-pin's token header names the user). */
export async function signupLeadOfUser(db: Reads, userId: number): Promise<SignupLead | undefined> {
  const [lead] = await db
    .select()
    .from(selfSignupLeads)
    .where(eq(selfSignupLeads.userId, userId))
    .orderBy(desc(selfSignupLeads.id))
    .limit(1);
  return lead;
}

/** Changes an open lead; undefined when it was converted meanwhile (or is gone). */
export async function updateOpenSignupLead(
  db: Updates,
  id: number,
  changes: LeadChanges,
): Promise<SignupLead | undefined> {
  const [lead] = await db
    .update(selfSignupLeads)
    .set(changes)
    .where(and(eq(selfSignupLeads.id, id), isNull(selfSignupLeads.convertedAt)))
    .returning();
  return lead;
}

export async function setSignupMobileToken(db: Updates, id: number, mobileTokenHash: string): Promise<void> {
  await db.update(selfSignupLeads).set({ mobileTokenHash }).where(eq(selfSignupLeads.id, id));
}

/** Marks the lead whose texted link this is as having a confirmed mobile; the lead, or undefined. */
export async function verifySignupMobile(db: Updates, mobileTokenHash: string): Promise<SignupLead | undefined> {
  const [lead] = await db
    .update(selfSignupLeads)
    .set({ mobileVerified: true })
    .where(eq(selfSignupLeads.mobileTokenHash, mobileTokenHash))
    .returning();
  return lead;
}

/**
 * Counts one PIN try before the PIN is compared, in one statement, so parallel tries cannot all
 * pass a count read before them (as the trial's e-mail PIN does); false once `maxTries` were made.
 */
export async function countSignupPinTry(db: Updates, id: number, maxTries: number): Promise<boolean> {
  const counted = await db
    .update(selfSignupLeads)
    .set({ pinFailures: sql`${selfSignupLeads.pinFailures} + 1` })
    .where(and(eq(selfSignupLeads.id, id), sql`${selfSignupLeads.pinFailures} < ${maxTries}`))
    .returning({ id: selfSignupLeads.id });
  return counted.length > 0;
}

/** Gives back the try of a PIN that was right (its holder knows it): only wrong PINs use up the lead's tries. */
export async function returnSignupPinTry(db: Updates, id: number): Promise<void> {
  await db
    .update(selfSignupLeads)
    .set({ pinFailures: sql`greatest(${selfSignupLeads.pinFailures} - 1, 0)` })
    .where(eq(selfSignupLeads.id, id));
}

/**
 * Makes the customer a verified lead becomes: account, user (address confirmed, no password
 * anyone knows), cloud phone with its main user and the chosen number (`takeNumber`: the
 * numbers area's reservation; a number gone meanwhile undoes everything). In one transaction
 * that first claims the lead, so a double submit (or two processes) makes it once; an
 * address that already has a user gets nothing new. Made by customers.create, as every journey's.
 */
export async function createSignupCustomer(
  db: Pick<Database, 'select' | 'transaction'>,
  leadId: number,
  passwordHash: string,
  now: Date,
  takeNumber: TakeNumber,
): Promise<CreatedCustomer> {
  const made = await customers.create(db, 'selfSignup', async (tx) => {
    const [lead] = await tx
      .update(selfSignupLeads)
      .set({ userVerified: true, convertedAt: now })
      .where(and(eq(selfSignupLeads.id, leadId), isNull(selfSignupLeads.convertedAt)))
      .returning();
    if (!lead) customers.refuse('leadSpent');
    const { chosenNumber } = lead;
    return {
      account: { name: lead.businessName },
      user: {
        email: lead.email,
        passwordHash,
        firstName: lead.firstName,
        lastName: lead.lastName,
        phone: lead.mobileNumber,
      },
      cloudPhone: {
        now,
        supplier: lead.supplier,
        firstSeat: { firstName: lead.firstName, lastName: lead.lastName, email: lead.email },
        // The chosen number becomes the phone's main (pilot) number, through the numbers area's one reservation rule.
        giveNumber: chosenNumber ? (numberTx, product) => takeNumber(numberTx, product, chosenNumber) : null,
      },
      after: async (afterTx, ids) => {
        await afterTx
          .update(selfSignupLeads)
          .set({ userId: ids.userId, accountId: ids.accountId, productId: ids.productId })
          .where(eq(selfSignupLeads.id, lead.id));
      },
    };
  });
  if (!('refused' in made))
    return { outcome: 'created', userId: made.userId!, accountId: made.accountId!, productId: made.productId! };
  if (made.refused === 'noNumber') return { outcome: 'number_taken' };
  if (made.refused === 'leadSpent') {
    const [done] = await db.select().from(selfSignupLeads).where(eq(selfSignupLeads.id, leadId));
    if (done?.userId && done.accountId && done.productId)
      return { outcome: 'already', userId: done.userId, accountId: done.accountId, productId: done.productId };
  }
  return { outcome: 'existing_user' };
}

/** The account's referral code, made with `newCode` when it has none. */
export async function referralCodeOf(
  db: Pick<Database, 'insert' | 'select'>,
  accountId: number,
  newCode: () => string,
): Promise<string> {
  await db.insert(referralCodes).values({ accountId, code: newCode() }).onConflictDoNothing();
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.accountId, accountId));
  if (!row) throw new Error('referral code not stored');
  return row.code;
}

export async function accountOfReferralCode(db: Reads, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ accountId: referralCodes.accountId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code));
  return row?.accountId;
}

export async function referralsOf(
  db: Reads,
  accountId: number,
): Promise<Array<Pick<SignupLead, 'businessName' | 'convertedAt' | 'createdAt'>>> {
  return db
    .select({
      businessName: selfSignupLeads.businessName,
      convertedAt: selfSignupLeads.convertedAt,
      createdAt: selfSignupLeads.createdAt,
    })
    .from(selfSignupLeads)
    .where(eq(selfSignupLeads.referredByAccountId, accountId))
    .orderBy(desc(selfSignupLeads.createdAt));
}
