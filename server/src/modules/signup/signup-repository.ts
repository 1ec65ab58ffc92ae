import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { BUY_NOW_CHANNEL, type InstallationAddress } from '@portal/contract';
import type { Database } from '../../db/connect.ts';
import { accounts, products, quickstarts, signupLeads, trials, users, voipUsers } from '../../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    signupRepository: SignupRepository;
  }
}

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

/** A new customer: the person, their business, and the cloud phone they signed up for. */
export interface NewCustomer {
  email: string;
  firstName: string;
  lastName: string;
  businessName: string;
  passwordHash: string;
  /** The PIN of the phone's first user, scrypt-hashed. */
  pinHash: string;
  /** National form, or null. */
  phone: string | null;
  channel: string;
  /** Set for a trial: when it ends. */
  trialEndsAt: Date | null;
  installationAddress: InstallationAddress | null;
  /** The lead this customer ends (spent in the same transaction), or null for a journey that keeps none. */
  leadId: number | null;
  /** The cloud phone's generation: 3 (voip3), or 2 with the "VoIP3 sign-up" flag off (modules/signup/settings.ts). */
  supplier: 2 | 3;
}

export type CreatedCustomer = { userId: number; accountId: number; productId: number };

/** Why a customer was not created: the address has an account, the lead was spent already, or no number was left to give. */
export type CustomerRefusal = 'emailTaken' | 'leadSpent' | 'noNumber';

/** A transaction of this repository's, as the numbers area's reservation rule takes it. */
type NumberTransaction = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;
/**
 * Puts a number on the new phone (the numbers area's reservation rule, create-customer.ts), inside the
 * transaction that makes it; false when none could be had, which undoes everything.
 */
export type GiveNumber = (tx: NumberTransaction, product: { id: number; accountId: number }) => Promise<boolean>;

/** The first extension of a new cloud phone (the spec's default in-hours target). */
const FIRST_EXTENSION = '200';

/** The sign-up journeys' queries: leads, and the customer a journey creates. */
export function createSignupRepository(db: Database) {
  return {
    /**
     * Starts a journey for an address, or restarts the one still open for it (new token, new
     * PIN, the latest details): one open lead per address, whatever is sent twice.
     */
    async upsertLead(values: LeadValues, now: Date): Promise<Lead> {
      const [lead] = await db
        .insert(signupLeads)
        .values({ ...values, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: signupLeads.email,
          targetWhere: sql`${signupLeads.completedAt} is null`,
          set: { ...values, pinAttempts: 0, emailVerifiedAt: null, mobileVerified: null, createdAt: now, updatedAt: now },
        })
        .returning();
      if (!lead) throw new Error('lead not stored');
      return lead;
    },

    /** The open lead of a token, or undefined (unknown, spent or older than `since`). */
    async openLead(tokenHash: string, since: Date): Promise<Lead | undefined> {
      const [lead] = await db
        .select()
        .from(signupLeads)
        .where(and(eq(signupLeads.tokenHash, tokenHash), isNull(signupLeads.completedAt), gt(signupLeads.createdAt, since)))
        .limit(1);
      return lead;
    },

    /** The lead of a token, spent or not (a second submit of the last step). */
    async leadOfToken(tokenHash: string): Promise<Lead | undefined> {
      const [lead] = await db.select().from(signupLeads).where(eq(signupLeads.tokenHash, tokenHash)).limit(1);
      return lead;
    },

    /** Counts one PIN guess, refused past `maxTries`; answers whether it was counted. */
    async countPinTry(leadId: number, maxTries: number): Promise<boolean> {
      const counted = await db
        .update(signupLeads)
        .set({ pinAttempts: sql`${signupLeads.pinAttempts} + 1` })
        .where(and(eq(signupLeads.id, leadId), sql`${signupLeads.pinAttempts} < ${maxTries}`))
        .returning({ id: signupLeads.id });
      return counted.length > 0;
    },

    async markEmailVerified(leadId: number, now: Date): Promise<void> {
      await db.update(signupLeads).set({ emailVerifiedAt: now, pinHash: null }).where(eq(signupLeads.id, leadId));
    },

    async markMobileVerified(leadId: number, mobile: string): Promise<void> {
      await db.update(signupLeads).set({ mobileVerified: mobile }).where(eq(signupLeads.id, leadId));
    },

    async setIntlCallsTariff(leadId: number, tariff: string | null): Promise<void> {
      await db.update(signupLeads).set({ intlCallsTariff: tariff }).where(eq(signupLeads.id, leadId));
    },

    /** Whether a user has this (lower-cased) address. */
    async emailTaken(email: string): Promise<boolean> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return user !== undefined;
    },

    /**
     * Creates the customer in one transaction: the account, its user (e-mail confirmed: the
     * journey proved it), the cloud phone (voip3 unless the flag says otherwise, being provisioned), its first phone user with
     * the PIN, its number (`giveNumber`, when the journey gives one), its trial, its quick start, and spends the lead. Nothing is made when the address has a user or
     * the lead is spent already, so two submits at once make one customer.
     */
    async insertCustomer(customer: NewCustomer, now: Date, giveNumber: GiveNumber | null): Promise<CreatedCustomer | CustomerRefusal> {
      return db.transaction(async (tx) => {
        if (customer.leadId !== null) {
          const [spent] = await tx
            .update(signupLeads)
            .set({ completedAt: now })
            .where(and(eq(signupLeads.id, customer.leadId), isNull(signupLeads.completedAt)))
            .returning({ id: signupLeads.id });
          if (!spent) return 'leadSpent';
        }
        const [user] = await tx
          .insert(users)
          .values({
            email: customer.email,
            passwordHash: customer.passwordHash,
            firstName: customer.firstName,
            lastName: customer.lastName,
            phone: customer.phone,
            emailVerified: true,
          })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        if (!user) {
          // Undo the lead's spending: the transaction is rolled back by throwing, so answer through a marker.
          throw new EmailTakenError();
        }
        const [account] = await tx.insert(accounts).values({ name: customer.businessName }).returning({ id: accounts.id });
        await tx.update(users).set({ accountId: account!.id }).where(eq(users.id, user.id));
        const [product] = await tx
          .insert(products)
          .values({
            accountId: account!.id,
            kind: 'voip',
            tariffVersion: 'TARIFF_V3',
            supplier: customer.supplier,
            status: 'provisioning',
            channel: customer.channel,
            showProductPages: true,
            productDetail: customer.trialEndsAt ? 'Cloud phone - 1 user (trial)' : 'Cloud phone - 1 user',
            installationAddress: customer.installationAddress,
            confirmedDate: now.toISOString().slice(0, 10),
          })
          .returning({ id: products.id });
        await tx.insert(voipUsers).values({
          productId: product!.id,
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          extension: FIRST_EXTENSION,
          pinHash: customer.pinHash,
        });
        if (giveNumber && !(await giveNumber(tx, { id: product!.id, accountId: account!.id }))) throw new NoNumberError();
        if (customer.trialEndsAt) {
          await tx.insert(trials).values({ productId: product!.id, kind: 'OPT_IN', startedAt: now, endsAt: customer.trialEndsAt, statusEntry: now });
        }
        // Its quick start: six steps for a trial, five for a purchase (spec 000 section 4).
        await tx.insert(quickstarts).values({ productId: product!.id });
        if (customer.leadId !== null) {
          await tx.update(signupLeads).set({ userId: user.id, accountId: account!.id, productId: product!.id }).where(eq(signupLeads.id, customer.leadId));
        }
        return { userId: user.id, accountId: account!.id, productId: product!.id };
      }).catch((error: unknown) => {
        if (error instanceof EmailTakenError) return 'emailTaken' as const;
        if (error instanceof NoNumberError) return 'noNumber' as const;
        throw error;
      });
    },

    /** The account's cloud phones (any supplier, any status): an account with one cannot start a trial. */
    async cloudPhoneCount(accountId: number): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(and(eq(products.accountId, accountId), eq(products.kind, 'voip')));
      return row?.count ?? 0;
    },

    /**
     * An existing account's opt-in trial: a new cloud phone being provisioned, with its trial,
     * its first phone user (the signed-in user) and its number (`giveNumber`). Serialised per account by locking the
     * account's row, so two clicks make one phone; null when the account has a cloud phone.
     */
    async insertOptInTrial(
      input: { accountId: number; user: { firstName: string; lastName: string; email: string }; productDetail: string; endsAt: Date; supplier: 2 | 3 },
      now: Date,
      giveNumber: GiveNumber,
    ): Promise<number | null | 'noNumber'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${accounts} where ${accounts.id} = ${input.accountId} for update`);
        const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(products).where(and(eq(products.accountId, input.accountId), eq(products.kind, 'voip')));
        if ((row?.count ?? 0) > 0) return null;
        const [product] = await tx
          .insert(products)
          .values({
            accountId: input.accountId,
            kind: 'voip',
            tariffVersion: 'TARIFF_V3',
            supplier: input.supplier,
            status: 'provisioning',
            channel: 'Self Sign Up',
            showProductPages: true,
            productDetail: input.productDetail,
            confirmedDate: now.toISOString().slice(0, 10),
          })
          .returning({ id: products.id });
        await tx.insert(voipUsers).values({ productId: product!.id, ...input.user, extension: FIRST_EXTENSION });
        if (!(await giveNumber(tx, { id: product!.id, accountId: input.accountId }))) throw new NoNumberError();
        await tx.insert(trials).values({ productId: product!.id, kind: 'OPT_IN', startedAt: now, endsAt: input.endsAt, statusEntry: now });
        await tx.insert(quickstarts).values({ productId: product!.id });
        return product!.id;
      }).catch((error: unknown) => {
        if (error instanceof NoNumberError) return 'noNumber' as const;
        throw error;
      });
    },
  };
}

/** Thrown inside insertCustomer's transaction to roll it back when the address has a user. */
class EmailTakenError extends Error {}
/** Thrown inside a transaction that makes a phone to roll it back when no number could be given. */
class NoNumberError extends Error {}

export type SignupRepository = ReturnType<typeof createSignupRepository>;

/** The channel a product of a journey gets: Buy Now stays Buy Now; a trial is a self sign-up. */
export const productChannel = (channel: string) => (channel === BUY_NOW_CHANNEL ? BUY_NOW_CHANNEL : 'Self Sign Up');

export default fp(
  async (app) => {
    app.decorate('signupRepository', createSignupRepository(app.db));
  },
  { name: 'signup-repository', dependencies: ['db'] },
);
