import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database, OpenedDatabase } from '../../db/connect.ts';
import { accounts, products, quickstarts, trials, users, voipUsers } from '../../db/schema/index.ts';
import { openTestDatabase, SEED_TIME } from '../../test/helper.ts';
import * as customers from './index.ts';

// One way to make a customer: every sign-up journey goes through customers.create, and what each makes is
// written here once more, by hand, so a change to a journey's row in `journeys` shows as a failing row below.

let opened: OpenedDatabase;
let db: Database;
const now = new Date(SEED_TIME.getTime() + 1000);
const endsAt = new Date(now.getTime() + 14 * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  opened = await openTestDatabase();
  db = opened.db;
});
afterAll(async () => opened?.close());

const freshEmail = () => `c-${randomBytes(5).toString('hex')}@example.test`;
const person = (email: string) => ({
  email,
  passwordHash: 'hash',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '07700900123',
});
const seat = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email });

/** An account with a user and nothing else, as registration makes it. */
async function registered(): Promise<{ accountId: number; email: string }> {
  const email = freshEmail();
  const made = await customers.create(db, 'registration', { account: { name: 'Ada Lovelace' }, user: person(email) });
  if ('refused' in made) throw new Error(made.refused);
  return { accountId: made.accountId!, email };
}

/** What each journey hands customers.create (as its handler does), for a new address. */
async function detailsOf(journey: customers.Journey, email: string): Promise<customers.NewCustomer> {
  const cloudPhone = (trial: boolean): customers.NewCloudPhone => ({
    now,
    supplier: 3,
    ...(trial && { trialEndsAt: endsAt }),
    firstSeat: seat(email),
    giveNumber: null,
  });
  switch (journey) {
    case 'trial':
      return {
        account: { name: 'Analytical Ltd' },
        user: person(email),
        cloudPhone: { ...cloudPhone(true), firstSeat: { ...seat(email), pinHash: 'pin' } },
      };
    case 'buyNow':
      return {
        account: { name: 'Analytical Ltd' },
        user: person(email),
        cloudPhone: { ...cloudPhone(false), firstSeat: { ...seat(email), pinHash: 'pin' } },
      };
    case 'optInTrial':
      return { account: { id: (await registered()).accountId }, cloudPhone: cloudPhone(true) };
    case 'selfSignup':
      return { account: { name: 'Analytical Ltd' }, user: person(email), cloudPhone: cloudPhone(false) };
    case 'onlineSignup':
      return {
        account: { name: 'Analytical Ltd' },
        user: person(email),
        broadband: { productDetail: 'Fibre 80 (installation booked)' },
      };
    case 'registration':
      return { account: { name: 'Analytical Ltd' }, user: person(email) };
    case 'socialSignup':
      return { user: person(email) };
    case 'sandbox':
      return {
        account: { name: 'Analytical Ltd' },
        user: { ...person(email), emailVerified: false },
        cloudPhone: {
          ...cloudPhone(false),
          asSeeded: { status: 'live', channel: 'Buy Now', confirmedDate: '2025-02-03' },
        },
      };
  }
}

const cloudPhoneRow = {
  kind: 'voip',
  tariffVersion: 'TARIFF_V3',
  supplier: 3,
  status: 'provisioning',
  showProductPages: true,
  confirmedDate: now.toISOString().slice(0, 10),
};
const firstSeat = { extension: customers.FIRST_EXTENSION, firstName: 'Ada', lastName: 'Lovelace' };

/** Every journey, and the customer it makes. */
const made: Array<{
  journey: customers.Journey;
  user: object | null;
  account: boolean;
  product: object | null;
  seat: object | null;
  trial: boolean;
  quickStart: boolean;
}> = [
  {
    journey: 'trial',
    user: { emailVerified: true },
    account: true,
    product: { ...cloudPhoneRow, channel: 'Self Sign Up', productDetail: 'Cloud phone - 1 user (trial)' },
    seat: { ...firstSeat, pinHash: 'pin' },
    trial: true,
    quickStart: true,
  },
  {
    journey: 'buyNow',
    user: { emailVerified: true },
    account: true,
    product: { ...cloudPhoneRow, channel: 'Buy Now', productDetail: 'Cloud phone - 1 user' },
    seat: { ...firstSeat, pinHash: 'pin' },
    trial: false,
    quickStart: true,
  },
  {
    journey: 'optInTrial',
    user: null,
    account: true,
    product: { ...cloudPhoneRow, channel: 'Self Sign Up', productDetail: 'Cloud phone - 1 user (trial)' },
    seat: { ...firstSeat, pinHash: null },
    trial: true,
    quickStart: true,
  },
  {
    journey: 'selfSignup',
    user: { emailVerified: true },
    account: true,
    product: { ...cloudPhoneRow, channel: 'Self Sign Up', productDetail: 'Cloud phone - 1 user' },
    seat: { ...firstSeat, pinHash: null },
    trial: false,
    quickStart: false,
  },
  {
    journey: 'onlineSignup',
    user: { emailVerified: false },
    account: true,
    product: {
      kind: 'telco',
      subKind: 'broadband',
      supplier: 1,
      status: 'pending',
      channel: 'Self Sign Up',
      showProductPages: false,
    },
    seat: null,
    trial: false,
    quickStart: false,
  },
  {
    journey: 'registration',
    user: { emailVerified: false },
    account: true,
    product: null,
    seat: null,
    trial: false,
    quickStart: false,
  },
  {
    journey: 'sandbox',
    user: { emailVerified: false },
    account: true,
    product: {
      ...cloudPhoneRow,
      status: 'live',
      channel: 'Buy Now',
      confirmedDate: '2025-02-03',
      productDetail: 'Cloud phone - 1 user',
    },
    seat: { ...firstSeat, pinHash: null },
    trial: false,
    quickStart: false,
  },
  {
    journey: 'socialSignup',
    user: { emailVerified: true, accountId: null },
    account: false,
    product: null,
    seat: null,
    trial: false,
    quickStart: false,
  },
];

describe('customers.create', () => {
  it('has a row below for every journey', () => {
    expect(made.map((row) => row.journey).sort()).toEqual(Object.keys(customers.journeys).sort());
  });

  it.each(made)('the $journey journey makes its customer, in the one shape', async (expected) => {
    const email = freshEmail();
    const details = await detailsOf(expected.journey, email);
    const result = await customers.create(db, expected.journey, details);
    if ('refused' in result) throw new Error(result.refused);

    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (expected.user) {
      expect(user).toMatchObject({ ...expected.user, firstName: 'Ada', lastName: 'Lovelace', phone: '07700900123' });
      expect(result.userId).toBe(user!.id);
      // The user belongs to the account made with it, from its first row on.
      if (expected.account) expect(user!.accountId).toBe(result.accountId);
    } else {
      expect(user).toBeUndefined();
      expect(result.userId).toBeNull();
    }
    if (expected.account)
      expect(await db.select().from(accounts).where(eq(accounts.id, result.accountId!))).toHaveLength(1);
    else expect(result.accountId).toBeNull();

    const productRows =
      result.accountId === null ? [] : await db.select().from(products).where(eq(products.accountId, result.accountId));
    if (expected.product) {
      expect(productRows).toHaveLength(1);
      expect(productRows[0]).toMatchObject(expected.product);
      expect(result.productId).toBe(productRows[0]!.id);
    } else {
      expect(productRows).toEqual([]);
      expect(result.productId).toBeNull();
    }
    const seats =
      result.productId === null
        ? []
        : await db.select().from(voipUsers).where(eq(voipUsers.productId, result.productId));
    expect(seats).toHaveLength(expected.seat ? 1 : 0);
    if (expected.seat) expect(seats[0]).toMatchObject({ ...expected.seat, email });
    const trialRows =
      result.productId === null ? [] : await db.select().from(trials).where(eq(trials.productId, result.productId));
    expect(trialRows).toEqual(
      expected.trial
        ? [
            {
              productId: result.productId,
              kind: 'OPT_IN',
              startedAt: now,
              endsAt,
              statusEntry: now,
              upgradePromptShownAt: null,
            },
          ]
        : [],
    );
    const quickStartRows =
      result.productId === null
        ? []
        : await db.select().from(quickstarts).where(eq(quickstarts.productId, result.productId));
    expect(quickStartRows).toHaveLength(expected.quickStart ? 1 : 0);
  });

  it('makes nothing for an address that has a user', async () => {
    const { email } = await registered();
    const before = await db.$count(accounts);
    expect(await customers.create(db, 'selfSignup', await detailsOf('selfSignup', email))).toEqual({
      refused: 'emailTaken',
    });
    expect(await db.$count(accounts)).toBe(before);
  });

  it('gives an account one cloud phone: a second opt-in trial is refused', async () => {
    const { accountId } = await registered();
    const details = {
      account: { id: accountId },
      cloudPhone: { now, supplier: 3, trialEndsAt: endsAt, firstSeat: seat('a@example.test'), giveNumber: null },
    };
    expect(await customers.create(db, 'optInTrial', details)).not.toHaveProperty('refused');
    expect(await customers.create(db, 'optInTrial', details)).toEqual({ refused: 'hasCloudPhone' });
    expect(await db.$count(products, eq(products.accountId, accountId))).toBe(1);
  });

  it('undoes everything when no number can be given, or the journey refuses', async () => {
    const email = freshEmail();
    const details = await detailsOf('trial', email);
    const noNumber = { ...details, cloudPhone: { ...details.cloudPhone!, giveNumber: async () => false } };
    expect(await customers.create(db, 'trial', noNumber)).toEqual({ refused: 'noNumber' });
    expect(
      await customers.create(db, 'trial', async () => ({
        ...details,
        after: async () => customers.refuse('leadSpent'),
      })),
    ).toEqual({ refused: 'leadSpent' });
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses a call that gives other parts than its journey makes', async () => {
    await expect(customers.create(db, 'registration', { user: person(freshEmail()) })).rejects.toThrow(
      /registration journey makes/,
    );
  });
});
