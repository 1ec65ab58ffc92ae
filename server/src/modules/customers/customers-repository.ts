import { and, eq, sql } from 'drizzle-orm';

import { BUY_NOW_CHANNEL, type FeatureFlag, type InstallationAddress } from '@portal/contract';

import type { Database } from '../../db/connect.ts';
import { accounts, products, quickstarts, trials } from '../../db/schema/customers.ts';
import { insertUser } from '../identity/index.ts';
import { insertSeat } from '../users/index.ts';

/** The first extension of a new cloud phone (the spec's default in-hours target). */
export const FIRST_EXTENSION = '200';

/**
 * The journeys that make a customer, and what each makes: the one place their differences are written.
 * `account`: a new one, the signed-in user's own (which must have no cloud phone yet: one trial per account), or none
 * (a social sign-up's user gets theirs with a first product). `user`: the sign-in user, its address confirmed by the
 * journey (an e-mail PIN, a provider's word) or not yet (a link is e-mailed). `product`: what the customer signed up for.
 * `trial`: the cloud phone starts as an OPT_IN trial. `quickStart`: the cloud phone has a quick start (spec 000 section 4).
 */
export const journeys = {
  trial: {
    account: 'new',
    user: 'confirmed',
    product: 'cloudPhone',
    channel: 'Self Sign Up',
    trial: true,
    quickStart: true,
  },
  buyNow: {
    account: 'new',
    user: 'confirmed',
    product: 'cloudPhone',
    channel: BUY_NOW_CHANNEL,
    trial: false,
    quickStart: true,
  },
  optInTrial: {
    account: 'existing',
    user: 'none',
    product: 'cloudPhone',
    channel: 'Self Sign Up',
    trial: true,
    quickStart: true,
  },
  selfSignup: {
    account: 'new',
    user: 'confirmed',
    product: 'cloudPhone',
    channel: 'Self Sign Up',
    trial: false,
    quickStart: false,
  },
  onlineSignup: {
    account: 'new',
    user: 'unconfirmed',
    product: 'broadband',
    channel: 'Self Sign Up',
    trial: false,
    quickStart: false,
  },
  registration: {
    account: 'new',
    user: 'unconfirmed',
    product: 'none',
    channel: null,
    trial: false,
    quickStart: false,
  },
  socialSignup: { account: 'none', user: 'confirmed', product: 'none', channel: null, trial: false, quickStart: false },
  // The demo's customers (db/seed.ts) and the sandbox's copies of them (db/demo-factory.ts), made as they stand: the
  // user's address confirmed or not as given, a cloud phone or none, live since its date (`NewCloudPhone.asSeeded`).
  sandbox: {
    account: 'new',
    user: 'asGiven',
    product: 'asGiven',
    channel: null,
    trial: false,
    quickStart: false,
  },
} as const satisfies Record<string, JourneyShape>;

export type Journey = keyof typeof journeys;

interface JourneyShape {
  account: 'new' | 'existing' | 'none';
  /** asGiven: confirmed unless the details say not (`NewSignInUser.emailVerified`). */
  user: 'confirmed' | 'unconfirmed' | 'none' | 'asGiven';
  /** asGiven: whichever the details give, or none. */
  product: 'cloudPhone' | 'broadband' | 'none' | 'asGiven';
  channel: string | null;
  trial: boolean;
  quickStart: boolean;
}

/** A transaction of customers.create's, as a journey's own steps and the numbers area's reservation rule take it. */
export type CustomerTransaction = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * Puts a number on the new phone (the numbers area's reservation rule), inside the transaction that makes it; false
 * when none could be had (or the chosen one is gone), which undoes everything.
 */
export type GiveNumber = (tx: CustomerTransaction, product: { id: number; accountId: number }) => Promise<boolean>;

/** The sign-in user of a new customer. */
export interface NewSignInUser {
  /** Lower-cased. */
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  /** National form, or null. */
  phone?: string | null;
  /** For a journey whose user is asGiven: false when the address is not confirmed yet. */
  emailVerified?: boolean;
  featureFlags?: FeatureFlag[];
}

/** A demo cloud phone's state as it stands (the sandbox journey's): live since its date, not just ordered. */
export interface SeededCloudPhone {
  status: string;
  channel: string;
  confirmedDate: string | null;
  showWelcome?: boolean;
  advancedCallFlows?: boolean;
  serviceStatus?: 'active' | 'blocked';
  serviceBlockedReason?: string | null;
}

/** A new cloud phone: its generation, its first seat (extension FIRST_EXTENSION) and, when the journey gives it now, its number. */
export interface NewCloudPhone {
  /** When it is ordered: its confirmed date, and its trial's start. */
  now: Date;
  /** 3 (voip3), or 2 with the "VoIP3 sign-up" flag off (modules/signup/settings.ts). */
  supplier: number;
  /** What the product is called; by default "Cloud phone - 1 user", "(trial)" after it for a trial. */
  productDetail?: string;
  installationAddress?: InstallationAddress | null;
  /** When the trial ends, for a journey whose phone is a trial. */
  trialEndsAt?: Date;
  /** Null for a demo phone whose users are not set up yet. */
  firstSeat: { firstName: string; lastName: string; email: string; pinHash?: string | null } | null;
  giveNumber: GiveNumber | null;
  /** The sandbox journey's: the phone as the demo has it. */
  asSeeded?: SeededCloudPhone;
}

/** What makes one customer; which parts are given is the journey's (`journeys`). */
export interface NewCustomer {
  /** The new account's name, or the existing account's id. */
  account?: { name: string } | { id: number };
  user?: NewSignInUser;
  cloudPhone?: NewCloudPhone;
  /** A new broadband line's product detail, pending installation. */
  broadband?: { productDetail: string };
  /** The journey's own writes once the customer is made, in the same transaction (its lead kept the customer it became). */
  after?: (tx: CustomerTransaction, made: MadeCustomer) => Promise<void>;
}

export interface MadeCustomer {
  userId: number | null;
  accountId: number | null;
  productId: number | null;
}

/**
 * Why no customer was made: the address has a user, no number could be given (or the chosen one is gone), the
 * existing account has a cloud phone, or the journey's own refusal (`refuse`).
 */
export type CustomerRefusal = 'emailTaken' | 'noNumber' | 'hasCloudPhone' | (string & {});

class Refused extends Error {
  constructor(readonly reason: CustomerRefusal) {
    super(reason);
  }
}

/** Refuses the customer from a journey's own step (its details, or `after`): everything the transaction did is undone. */
export function refuse(reason: string): never {
  throw new Refused(reason);
}

/**
 * Makes a customer, in one transaction (nested in the caller's when `db` is one): the account, its sign-in user, the
 * product and, for a cloud phone, its first seat and extension, its number, trial and quick start; what is made is
 * the journey's (`journeys`). Nothing is made when refused: an address that has a user (even one made at the same
 * moment) gets no second one. A journey whose details are claimed in the same transaction (its lead, spent once) gives
 * them as a function of the transaction, which may refuse (`refuse`).
 */
export async function create(
  db: Pick<Database, 'transaction'>,
  journey: Journey,
  details: NewCustomer | ((tx: CustomerTransaction) => Promise<NewCustomer>),
): Promise<MadeCustomer | { refused: CustomerRefusal }> {
  const shape: JourneyShape = journeys[journey];
  try {
    return await db.transaction(async (tx) => {
      const customer = typeof details === 'function' ? await details(tx) : details;
      checkParts(journey, shape, customer);
      let accountId: number | null = null;
      if (customer.account && 'id' in customer.account) {
        accountId = customer.account.id;
        // One cloud phone per account here: serialised by locking the account's row, so two clicks make one phone.
        await tx.execute(sql`select id from ${accounts} where ${accounts.id} = ${accountId} for update`);
        const [row] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(products)
          .where(and(eq(products.accountId, accountId), eq(products.kind, 'voip')));
        if ((row?.count ?? 0) > 0) refuse('hasCloudPhone');
      } else if (customer.account) {
        const [account] = await tx
          .insert(accounts)
          .values({ name: customer.account.name })
          .returning({ id: accounts.id });
        accountId = account!.id;
      }
      let userId: number | null = null;
      if (customer.user) {
        userId = await insertUser(tx, {
          ...customer.user,
          phone: customer.user.phone ?? null,
          emailVerified:
            shape.user === 'confirmed' || (shape.user === 'asGiven' && customer.user.emailVerified !== false),
          accountId,
        });
        // Another journey made this address's user a moment ago: it stays the only one.
        if (userId === null) refuse('emailTaken');
      }
      let productId: number | null = null;
      if (customer.cloudPhone && accountId !== null)
        productId = await makeCloudPhone(tx, shape, accountId, customer.cloudPhone);
      if (customer.broadband && accountId !== null) {
        const [product] = await tx
          .insert(products)
          .values({
            accountId,
            kind: 'telco',
            subKind: 'broadband',
            supplier: 1,
            status: 'pending',
            channel: shape.channel ?? '',
            productDetail: customer.broadband.productDetail,
          })
          .returning({ id: products.id });
        productId = product!.id;
      }
      const made = { userId, accountId, productId };
      await customer.after?.(tx, made);
      return made;
    });
  } catch (error) {
    if (error instanceof Refused) return { refused: error.reason };
    throw error;
  }
}

async function makeCloudPhone(
  tx: CustomerTransaction,
  shape: JourneyShape,
  accountId: number,
  phone: NewCloudPhone,
): Promise<number> {
  const { now } = phone;
  const [product] = await tx
    .insert(products)
    .values({
      accountId,
      kind: 'voip',
      tariffVersion: 'TARIFF_V3',
      supplier: phone.supplier,
      status: 'provisioning',
      channel: shape.channel ?? '',
      showProductPages: true,
      productDetail: phone.productDetail ?? (shape.trial ? 'Cloud phone - 1 user (trial)' : 'Cloud phone - 1 user'),
      installationAddress: phone.installationAddress ?? null,
      confirmedDate: now.toISOString().slice(0, 10),
      ...phone.asSeeded,
    })
    .returning({ id: products.id });
  const productId = product!.id;
  if (phone.firstSeat)
    await insertSeat(tx, {
      productId,
      ...phone.firstSeat,
      pinHash: phone.firstSeat.pinHash ?? null,
      extension: FIRST_EXTENSION,
    });
  if (phone.giveNumber && !(await phone.giveNumber(tx, { id: productId, accountId }))) refuse('noNumber');
  if (shape.trial) {
    if (!phone.trialEndsAt) throw new Error('a trial journey needs trialEndsAt');
    await tx
      .insert(trials)
      .values({ productId, kind: 'OPT_IN', startedAt: now, endsAt: phone.trialEndsAt, statusEntry: now });
  }
  // Its quick start: six steps for a trial, five for a purchase (spec 000 section 4).
  if (shape.quickStart) await tx.insert(quickstarts).values({ productId });
  return productId;
}

/** A journey's call gives exactly the parts its row of `journeys` says it makes. */
function checkParts(journey: Journey, shape: JourneyShape, customer: NewCustomer): void {
  const given = {
    account: !customer.account ? 'none' : 'id' in customer.account ? 'existing' : 'new',
    user: customer.user ? shape.user : 'none',
    product:
      shape.product === 'asGiven'
        ? 'asGiven'
        : customer.cloudPhone
          ? 'cloudPhone'
          : customer.broadband
            ? 'broadband'
            : 'none',
  };
  if (given.account !== shape.account || given.user !== shape.user || given.product !== shape.product) {
    throw new Error(
      `customers.create: the ${journey} journey makes ${JSON.stringify({ account: shape.account, user: shape.user, product: shape.product })}, not ${JSON.stringify(given)}`,
    );
  }
}
