import { BUY_NOW_CHANNEL, BUY_NOW_PROVISIONED } from '@portal/contract';

import type { Database } from '../../db/connect.ts';
import { demoLogins, type DemoLogin } from '../../db/demo-logins.ts';
import { demoUser, type DemoUser } from '../../db/demo-users.ts';
import { creditControlStatuses } from '../../db/schema/billing.ts';
import { simpleCallFlows } from '../../db/schema/call-flows.ts';
import { accounts, products, quickstarts, trials, type InstallationAddress } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/identity.ts';
import { phoneNumbers } from '../../db/schema/numbers.ts';
import { holdMusicSettings, voicemailSettings } from '../../db/schema/phone-setup.ts';
import { voipUsers } from '../../db/schema/users.ts';
import { defaultSimpleCallFlowData, SIMPLE_CALL_FLOW_NAME } from '../call-flows/index.ts';
import { GETTING_STARTED_PRODUCT_DETAIL, gettingStartedVoipUsers } from '../getting-started/index.ts';
import { NON_PAYMENT_SUSPENSION } from '../products/index.ts';

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
  tx: Pick<Database, 'insert'>,
  hashed: DemoUser[],
  now: Date,
): Promise<{ accountId: number; southamptonId: number; portsmouthId: number }> {
  const [multi, welcome, provisioned, ended] = hashed;
  if (!multi || !welcome || !provisioned || !ended) throw new Error('seed: shell demo users missing');
  const today = now.toISOString().slice(0, 10);

  const [harbour, nova, pier, lumen] = await tx
    .insert(accounts)
    .values([
      { name: 'Harbour Freight Ltd' },
      { name: 'Nova Dental' },
      { name: 'Pier Bakery' },
      { name: 'Lumen Design' },
    ])
    .returning();
  if (!harbour || !nova || !pier || !lumen) throw new Error('seed: shell demo accounts not inserted');

  await tx.insert(users).values([
    { ...multi, accountId: harbour.id },
    { ...welcome, accountId: nova.id },
    { ...provisioned, accountId: pier.id },
    { ...ended, accountId: lumen.id },
  ]);

  const cloudPhone = {
    kind: 'voip',
    tariffVersion: 'TARIFF_V3',
    status: 'live',
    showProductPages: true,
    installationAddress: harbourAddress,
  } as const;
  const elsewhere = { installationAddress: brightonAddress };
  // Inserted with the pending fibre second, so the navigation's "live first" order shows.
  const [southampton, , portsmouth, , novaPhone, pierPhone, lumenPhone] = await tx
    .insert(products)
    .values([
      {
        ...cloudPhone,
        accountId: harbour.id,
        supplier: 2,
        channel: 'Self Sign Up',
        productDetail: 'Cloud phone - 2 users (Southampton)',
        confirmedDate: '2023-09-12',
      },
      {
        accountId: harbour.id,
        kind: 'telco',
        subKind: 'fibre',
        supplier: 1,
        status: 'pending',
        channel: 'Self Sign Up',
        productDetail: 'Business Fibre 500 Mbps (installation booked)',
        installationAddress: harbourAddress,
      },
      {
        ...cloudPhone,
        accountId: harbour.id,
        supplier: 3,
        channel: 'Self Sign Up',
        productDetail: 'Cloud phone - 1 user (Portsmouth depot)',
        confirmedDate: '2024-11-02',
        serviceStatus: 'blocked',
        serviceBlockedReason: NON_PAYMENT_SUSPENSION,
      },
      {
        accountId: harbour.id,
        kind: 'telco',
        subKind: 'broadband',
        supplier: 1,
        status: 'live',
        channel: 'Self Sign Up',
        productDetail: 'Business Broadband 80 Mbps',
        installationAddress: harbourAddress,
        confirmedDate: '2023-09-20',
      },
      {
        ...cloudPhone,
        ...elsewhere,
        accountId: nova.id,
        supplier: 3,
        channel: 'Self Sign Up',
        productDetail: GETTING_STARTED_PRODUCT_DETAIL,
        confirmedDate: today,
        showWelcome: true,
      },
      {
        ...cloudPhone,
        ...elsewhere,
        accountId: pier.id,
        supplier: 3,
        status: BUY_NOW_PROVISIONED,
        channel: BUY_NOW_CHANNEL,
        productDetail: 'Cloud phone - 1 user',
        confirmedDate: today,
      },
      {
        ...cloudPhone,
        ...elsewhere,
        accountId: lumen.id,
        supplier: 3,
        channel: 'Self Sign Up',
        productDetail: 'Cloud phone - 1 user (trial)',
        confirmedDate: today,
      },
    ])
    .returning();
  if (!southampton || !portsmouth || !novaPhone || !pierPhone || !lumenPhone)
    throw new Error('seed: shell demo products not inserted');

  // Dana is locked out of her phone: a locked-user status card on the supplier-2 cloud phone.
  await tx.insert(voipUsers).values([
    {
      productId: southampton.id,
      firstName: 'Morgan',
      lastName: 'Reid',
      email: demoLogins.multiProduct.email,
      extension: '200',
    },
    {
      productId: southampton.id,
      firstName: 'Dana',
      lastName: 'Fox',
      email: 'dana@harbour-freight.example',
      extension: '201',
      lockedAt: now,
    },
    // Nova Dental's three users, for getting started's first step (choose users).
    ...gettingStartedVoipUsers(novaPhone.id, welcome, 'nova-dental.example'),
  ]);
  await seedProvisionedPhoneSite(tx, pierPhone.id, {
    login: demoLogins.buyNowProvisioned,
    number: PIER_BAKERY_NUMBER,
    label: 'Pier Bakery',
  });

  await tx.insert(creditControlStatuses).values({
    accountId: harbour.id,
    stage: 'overdue',
    balanceDue: '84.00',
    dueDate: new Date(now.getTime() - 14 * DAY_MS).toISOString().slice(0, 10),
    createdAt: now,
  });

  const endsAt = new Date(now.getTime() - DEMO_ENDED_TRIAL.endedAgoMs);
  await tx.insert(trials).values({
    productId: lumenPhone.id,
    kind: 'OPT_IN',
    startedAt: new Date(endsAt.getTime() - DEMO_ENDED_TRIAL.lengthMs),
    endsAt,
    statusEntry: new Date(endsAt.getTime() - DEMO_ENDED_TRIAL.lengthMs),
  });
  await tx.insert(quickstarts).values({ productId: lumenPhone.id, showPopup: true, sectionsCompleted: {} });
  return { accountId: harbour.id, southamptonId: southampton.id, portsmouthId: portsmouth.id };
}

/** Pier Bakery's new number (Ofcom's drama range); the sandbox's customers like it get their own (db/demo-factory.ts). */
const PIER_BAKERY_NUMBER = '01632960401';

/**
 * What a buy-now cloud phone has once provisioned, for its complete page: the buyer as its
 * main user on extension 200, and the number they chose.
 */
async function seedProvisionedPhoneSite(
  tx: Pick<Database, 'insert'>,
  productId: number,
  site: { login: { email: string; name: string }; number: string; label: string },
) {
  const [first, ...rest] = site.login.name.split(' ');
  await tx
    .insert(voipUsers)
    .values({ productId, firstName: first ?? '', lastName: rest.join(' '), email: site.login.email, extension: '200' });
  await tx.insert(phoneNumbers).values({ productId, number: site.number, label: site.label });
}

/**
 * A customer like Pier Bakery (a buy-now cloud phone on voip3 just provisioned, whose start-up
 * goes to the buy-now complete page), under another sign-in: the e2e suite's copies.
 */
export async function seedProvisionedBuyNowCustomer(
  tx: Pick<Database, 'insert'>,
  customer: { user: DemoUser; company: string; login: { email: string; name: string }; number: string },
  now: Date,
): Promise<void> {
  const [account] = await tx.insert(accounts).values({ name: customer.company }).returning();
  if (!account) throw new Error('seed: buy-now customer not inserted');
  await tx.insert(users).values({ ...customer.user, accountId: account.id });
  const [phone] = await tx
    .insert(products)
    .values({
      accountId: account.id,
      kind: 'voip',
      tariffVersion: 'TARIFF_V3',
      supplier: 3,
      status: BUY_NOW_PROVISIONED,
      showProductPages: true,
      channel: BUY_NOW_CHANNEL,
      productDetail: 'Cloud phone - 1 user',
      installationAddress: brightonAddress,
      confirmedDate: now.toISOString().slice(0, 10),
    })
    .returning();
  if (!phone) throw new Error('seed: buy-now customer product not inserted');
  await seedProvisionedPhoneSite(tx, phone.id, {
    login: customer.login,
    number: customer.number,
    label: customer.company,
  });
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

export async function seedBuyNowDemo(tx: Pick<Database, 'insert'>, hashed: DemoUser[], now: Date): Promise<void> {
  for (const [i, { login, account, address }] of buyNowLogins.entries()) {
    const user = hashed[i];
    const [row] = await tx.insert(accounts).values({ name: account }).returning();
    if (!user || !row) throw new Error('seed: buy-now demo account not inserted');
    await tx.insert(users).values({ ...user, accountId: row.id });
    const [phone] = await tx
      .insert(products)
      .values({
        accountId: row.id,
        kind: 'voip',
        tariffVersion: 'TARIFF_V3',
        supplier: 3,
        status: 'live',
        showProductPages: true,
        channel: 'Buy Now',
        productDetail: 'Cloud phone - 1 user',
        confirmedDate: '2025-02-03',
        installationAddress: address ?? null,
      })
      .returning();
    if (!phone) throw new Error('seed: buy-now demo product not inserted');
    if (!address) continue;
    // The one set up: a user on extension 200, a number, the simple flow and the default voicemail and music.
    const [first, ...rest] = login.name.split(' ');
    await tx.insert(voipUsers).values({
      productId: phone.id,
      firstName: first ?? '',
      lastName: rest.join(' '),
      email: login.email,
      extension: '200',
    });
    await tx.insert(phoneNumbers).values({ productId: phone.id, number: '01632960302', label: account });
    await tx.insert(simpleCallFlows).values({
      productId: phone.id,
      enable: true,
      name: SIMPLE_CALL_FLOW_NAME,
      data: defaultSimpleCallFlowData(),
      updatedAt: now,
    });
    await tx.insert(voicemailSettings).values({ productId: phone.id, updatedAt: now });
    await tx.insert(holdMusicSettings).values({ productId: phone.id, updatedAt: now });
  }
}
