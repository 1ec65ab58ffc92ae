import { BUY_NOW_CHANNEL, BUY_NOW_PROVISIONED, type InstallationAddress } from '@portal/contract';

import { cloudPhoneOf, seedCustomer, type DemoCloudPhone, type SeedTransaction } from '../../db/demo-customers.ts';
import { demoLogins, type DemoLogin } from '../../db/demo-logins.ts';
import { demoUser, type DemoUser } from '../../db/demo-users.ts';
import { seedCreditControlStatus } from '../billing/index.ts';
import { seedSimpleCallFlow } from '../call-flows/index.ts';
import { seedQuickstart, seedTrial } from '../customers/index.ts';
import { GETTING_STARTED_PRODUCT_DETAIL, gettingStartedVoipUsers } from '../getting-started/index.ts';
import { seedPhoneNumbers } from '../numbers/index.ts';
import { seedDefaultPhoneSettings } from '../phone-setup/index.ts';
import { NON_PAYMENT_SUSPENSION } from '../products/index.ts';
import { seedSeats } from '../users/index.ts';

/**
 * Demo data for the shell (navigation, start-up rules, status cards): a customer with
 * products of every navigation case, and one customer for each start-up redirect. Seeded
 * by seed.ts in its transaction, after the first demo data, so earlier product ids stay.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Length of the demo's ended trial; it ended this long before the first start. */
export const DEMO_ENDED_TRIAL = { lengthMs: 14 * DAY_MS, endedAgoMs: 2 * DAY_MS };

const harbourAddress: InstallationAddress = {
  summary_line: 'Berth 7, Ocean Quay, Southampton, SO14 3JF',
  line_one: 'Berth 7, Ocean Quay',
  line_two: '',
  city: 'Southampton',
  county: 'Hampshire',
  post_code: 'SO14 3JF',
};

/** Where the other shell demo customers' phones are installed (all at one business centre). */
export const brightonAddress: InstallationAddress = {
  summary_line: 'Suite 3, 40 North Road, Brighton, BN1 1YE',
  line_one: 'Suite 3, 40 North Road',
  line_two: '',
  city: 'Brighton',
  county: 'East Sussex',
  post_code: 'BN1 1YE',
};

const shellLogins = [
  demoLogins.multiProduct,
  demoLogins.gettingStarted,
  demoLogins.buyNowProvisioned,
  demoLogins.trialExpired,
] as const;

/** The shell demo users with their password hashes; slow, so seed.ts starts it before its transaction. */
export function shellDemoUsers(): Promise<DemoUser[]> {
  return Promise.all(shellLogins.map((login) => demoUser(login)));
}

/** Seeds the shell's demo customers; answers Harbour Freight's account and two cloud phones (the phone-setup demo gives them tariffs and a divert). */
export async function seedShellDemo(
  tx: SeedTransaction,
  hashed: DemoUser[],
  now: Date,
): Promise<{ accountId: number; southamptonId: number; portsmouthId: number }> {
  const [multi, welcome, provisioned, ended] = hashed;
  if (!multi || !welcome || !provisioned || !ended) throw new Error('seed: shell demo users missing');
  const today = now.toISOString().slice(0, 10);
  const live = { status: 'live', channel: 'Self Sign Up' } as const;

  // Harbour Freight: its Southampton phone first (Morgan on extension 200), then the pending fibre, so the
  // navigation's "live first" order shows.
  const harbour = await seedCustomer(
    tx,
    {
      company: 'Harbour Freight Ltd',
      user: multi,
      cloudPhone: {
        supplier: 2,
        productDetail: 'Cloud phone - 2 users (Southampton)',
        installationAddress: harbourAddress,
        asSeeded: { ...live, confirmedDate: '2023-09-12' },
        firstSeat: { firstName: 'Morgan', lastName: 'Reid', email: demoLogins.multiProduct.email },
      },
      products: [
        {
          kind: 'telco',
          subKind: 'fibre',
          supplier: 1,
          status: 'pending',
          channel: 'Self Sign Up',
          productDetail: 'Business Fibre 500 Mbps (installation booked)',
          installationAddress: harbourAddress,
        },
        {
          ...live,
          kind: 'voip',
          tariffVersion: 'TARIFF_V3',
          showProductPages: true,
          installationAddress: harbourAddress,
          supplier: 3,
          productDetail: 'Cloud phone - 1 user (Portsmouth depot)',
          confirmedDate: '2024-11-02',
          serviceStatus: 'blocked',
          serviceBlockedReason: NON_PAYMENT_SUSPENSION,
        },
        {
          ...live,
          kind: 'telco',
          subKind: 'broadband',
          supplier: 1,
          productDetail: 'Business Broadband 80 Mbps',
          installationAddress: harbourAddress,
          confirmedDate: '2023-09-20',
        },
      ],
    },
    now,
  );
  const southampton = cloudPhoneOf(harbour);
  const portsmouth = harbour.productIds[1]!;
  // Dana is locked out of her phone: a locked-user status card on the supplier-2 cloud phone.
  await seedSeats(tx, [
    {
      productId: southampton,
      firstName: 'Dana',
      lastName: 'Fox',
      email: 'dana@harbour-freight.example',
      extension: '201',
      lockedAt: now,
    },
  ]);

  // Nova Dental's three users, for getting started's first step (choose users): the signed-in one on 200 first.
  const nova = await seedCustomer(
    tx,
    {
      company: 'Nova Dental',
      user: welcome,
      cloudPhone: {
        supplier: 3,
        productDetail: GETTING_STARTED_PRODUCT_DETAIL,
        installationAddress: brightonAddress,
        asSeeded: { ...live, confirmedDate: today, showWelcome: true },
      },
    },
    now,
  );
  const [, ...novaColleagues] = gettingStartedVoipUsers(cloudPhoneOf(nova), welcome, 'nova-dental.example');
  await seedSeats(tx, novaColleagues);

  const pier = await seedCustomer(
    tx,
    {
      company: 'Pier Bakery',
      user: provisioned,
      cloudPhone: provisionedPhone(demoLogins.buyNowProvisioned, today),
    },
    now,
  );
  await seedPhoneNumbers(tx, [{ productId: cloudPhoneOf(pier), number: PIER_BAKERY_NUMBER, label: 'Pier Bakery' }]);

  const lumen = await seedCustomer(
    tx,
    {
      company: 'Lumen Design',
      user: ended,
      cloudPhone: {
        supplier: 3,
        productDetail: 'Cloud phone - 1 user (trial)',
        installationAddress: brightonAddress,
        asSeeded: { ...live, confirmedDate: today },
        firstSeat: null,
      },
    },
    now,
  );

  await seedCreditControlStatus(tx, {
    accountId: harbour.accountId,
    stage: 'overdue',
    balanceDue: '84.00',
    dueDate: new Date(now.getTime() - 14 * DAY_MS).toISOString().slice(0, 10),
    createdAt: now,
  });

  const endsAt = new Date(now.getTime() - DEMO_ENDED_TRIAL.endedAgoMs);
  const startedAt = new Date(endsAt.getTime() - DEMO_ENDED_TRIAL.lengthMs);
  await seedTrial(tx, cloudPhoneOf(lumen), { startedAt, endsAt, statusEntry: startedAt });
  await seedQuickstart(tx, cloudPhoneOf(lumen), { showPopup: true, sectionsCompleted: {} });
  return { accountId: harbour.accountId, southamptonId: southampton, portsmouthId: portsmouth };
}

/** Pier Bakery's new number (Ofcom's drama range); the sandbox's customers like it get their own (db/demo-factory.ts). */
const PIER_BAKERY_NUMBER = '01632960401';

/**
 * A buy-now cloud phone on voip3 just provisioned, for its complete page: the buyer as its main user on extension 200
 * (the number they chose follows).
 */
function provisionedPhone(login: { email: string; name: string }, today: string): DemoCloudPhone {
  const [first, ...rest] = login.name.split(' ');
  return {
    supplier: 3,
    productDetail: 'Cloud phone - 1 user',
    installationAddress: brightonAddress,
    asSeeded: { status: BUY_NOW_PROVISIONED, channel: BUY_NOW_CHANNEL, confirmedDate: today },
    firstSeat: { firstName: first ?? '', lastName: rest.join(' '), email: login.email },
  };
}

/**
 * A customer like Pier Bakery (a buy-now cloud phone on voip3 just provisioned, whose start-up
 * goes to the buy-now complete page), under another sign-in: the e2e suite's copies.
 */
export async function seedProvisionedBuyNowCustomer(
  tx: SeedTransaction,
  customer: { user: DemoUser; company: string; login: { email: string; name: string }; number: string },
  now: Date,
): Promise<void> {
  const made = await seedCustomer(
    tx,
    {
      company: customer.company,
      user: customer.user,
      cloudPhone: provisionedPhone(customer.login, now.toISOString().slice(0, 10)),
    },
    now,
  );
  await seedPhoneNumbers(tx, [{ productId: cloudPhoneOf(made), number: customer.number, label: customer.company }]);
}

const whitstableAddress: InstallationAddress = {
  summary_line: '12 Harbour Street, Whitstable, CT5 1AH',
  line_one: '12 Harbour Street',
  line_two: '',
  city: 'Whitstable',
  county: 'Kent',
  post_code: 'CT5 1AH',
};

// More buy-now customers: two without an emergency address, so the tests of the
// emergency-address e2e spec that save one each have their own while Corner Cafe's is saved
// by another; one that has given it, whose pages the other specs use. Seeded last: earlier
// ids stay.
const buyNowLogins: ReadonlyArray<{ login: DemoLogin; account: string; address?: InstallationAddress }> = [
  { login: demoLogins.buyNowManualAddress, account: 'Tidewater Deli' },
  { login: demoLogins.buyNowOnPhone, account: 'Quayside Florist' },
  { login: demoLogins.buyNowReady, account: 'Harbourside Bakes', address: whitstableAddress },
];

/** The extra buy-now demo users with their password hashes; slow, so seed.ts starts it before its transaction. */
export function buyNowDemoUsers(): Promise<DemoUser[]> {
  return Promise.all(buyNowLogins.map(({ login }) => demoUser(login)));
}

export async function seedBuyNowDemo(tx: SeedTransaction, hashed: DemoUser[], now: Date): Promise<void> {
  for (const [i, { login, account, address }] of buyNowLogins.entries()) {
    const user = hashed[i];
    if (!user) throw new Error('seed: buy-now demo user missing');
    // The one set up (with its address): a user on extension 200, a number, the simple flow and the default
    // voicemail and music.
    const [first, ...rest] = login.name.split(' ');
    const made = await seedCustomer(
      tx,
      {
        company: account,
        user,
        cloudPhone: {
          supplier: 3,
          productDetail: 'Cloud phone - 1 user',
          installationAddress: address ?? null,
          asSeeded: { status: 'live', channel: 'Buy Now', confirmedDate: '2025-02-03' },
          firstSeat: address ? { firstName: first ?? '', lastName: rest.join(' '), email: login.email } : null,
        },
      },
      now,
    );
    if (!address) continue;
    const phone = cloudPhoneOf(made);
    await seedPhoneNumbers(tx, [{ productId: phone, number: '01632960302', label: account }]);
    await seedSimpleCallFlow(tx, phone, now);
    await seedDefaultPhoneSettings(tx, [phone], now);
  }
}
