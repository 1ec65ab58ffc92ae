import { randomBytes } from 'node:crypto';

import {
  BUY_NOW_CHANNEL,
  type InstallationAddress,
  type SandboxCustomer,
  type SandboxCustomerKind,
} from '@portal/contract';

import type { AudioStorage } from '../audio/storage.ts';
import { seedOverdueCardCustomer } from '../modules/billing/demo-billing.ts';
import { seedBroadbandCustomer } from '../modules/broadband/demo-broadband.ts';
import { seedSimpleCallFlow } from '../modules/call-flows/index.ts';
import { seedCallLog } from '../modules/call-log/demo-calls.ts';
import { seedDemoContacts } from '../modules/contacts/demo-contacts.ts';
import { productIdsOf, seedProducts, seedQuickstart, seedTrial } from '../modules/customers/index.ts';
import { seedGettingStartedCustomer } from '../modules/getting-started/demo-getting-started.ts';
import { acmeHardwareMac, seedAcmeHardware } from '../modules/hardware/demo-hardware.ts';
import { macAddressesStartingWith } from '../modules/hardware/index.ts';
import { seedStaffMember, userByEmail } from '../modules/identity/index.ts';
import { seedKestrelLike } from '../modules/notifications/demo-notifications.ts';
import { seedOrderTrackerCustomer } from '../modules/notifications/demo-orders.ts';
import { seedManyNumbersCustomer } from '../modules/numbers/demo-numbers.ts';
import { numbersInUseStartingWith, numbersOn, seedPhoneNumbers } from '../modules/numbers/index.ts';
import { seedPhoneSetupCustomer } from '../modules/phone-setup/demo-phone-setup.ts';
import { seedDefaultPhoneSettings } from '../modules/phone-setup/index.ts';
import {
  seedDefaultProductDetails,
  seedProductDetailsCustomer,
} from '../modules/product-details/demo-product-details.ts';
import { NON_PAYMENT_SUSPENSION } from '../modules/products/index.ts';
import { seedFernleafLike } from '../modules/profile/demo-profile.ts';
import { seedNoCloudPhoneCustomer } from '../modules/signup/demo-signup.ts';
import { seedWillowLike } from '../modules/staff/demo-staff.ts';
import { seedQuickstartDemo } from '../modules/trial/demo-quickstart.ts';
import { brightonAddress, seedProvisionedBuyNowCustomer } from '../modules/trial/demo-shell.ts';
import { seedLockedUser } from '../modules/users/index.ts';
import type { Database } from './connect.ts';
import { seedAcmeLike } from './demo-acme.ts';
import { cloudPhoneOf, seedCustomer, type DemoCloudPhone, type SeedTransaction } from './demo-customers.ts';
import { demoUser, type DemoUser } from './demo-users.ts';
import { DEMO_TRIAL_LENGTH_MS } from './seed.ts';

/**
 * The sandbox's customer factory (POST /sandbox/customers/, contract/src/sandbox-customers.ts): a new
 * customer like one of the demo customers, made on demand by the seed functions that make the demo's,
 * under a fresh e-mail address and password. The end-to-end suite asks for one in each test that
 * changes what it signs in as, so no test shares the data it writes with another (nor with a person
 * trying the demo logins).
 */

type Tx = SeedTransaction;

/** What one kind needs: its user's name, its e-mail domain and company, and how it is seeded. */
interface Kind {
  name: string;
  domain: string;
  company: string;
  /** False for a user whose e-mail address is not verified yet. */
  emailVerified?: false;
  seed(tx: Tx, made: { user: DemoUser; audio: AudioStorage; company: string; now: Date }): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Phone numbers no product has, from Ofcom's drama ranges the demo data leaves alone (0131 496 0xxx,
 * 0151 496 0xxx, 0191 498 0xxx, 029 2018 0xxx): never a real subscriber's.
 */
async function freeNumbers(tx: Tx, count: number): Promise<string[]> {
  const prefixes = ['0131496', '0151496', '0191498', '0292018'];
  const free: string[] = [];
  for (const prefix of prefixes) {
    const used = await numbersInUseStartingWith(tx, prefix);
    for (let n = 0; n < 1000 && free.length < count; n += 1) {
      const number = `${prefix}${String(n).padStart(4, '0')}`;
      if (!used.has(number)) free.push(number);
    }
    if (free.length === count) return free;
  }
  throw new Error('sandbox: no free phone numbers left');
}

/** A cloud phone's demo settings: its number, its simple call flow, default voicemail and hold music. */
async function seedCloudPhoneSettings(tx: Tx, productId: number, number: string, label: string, now: Date) {
  await seedPhoneNumbers(tx, [{ productId, number, label }]);
  await seedSimpleCallFlow(tx, productId, now);
  await seedDefaultPhoneSettings(tx, [productId], now);
}

/** A live voip3 cloud phone of the kind's, its user on extension 200 unless said. */
const cloudPhone = (
  channel: string,
  productDetail: string,
  confirmedDate: string,
  more: Partial<DemoCloudPhone> = {},
): DemoCloudPhone => ({
  supplier: 3,
  productDetail,
  asSeeded: { status: 'live', channel, confirmedDate },
  ...more,
});

/** A customer whose voip3 cloud phone came with a trial, signed up for online today: answers the phone's id. */
async function seedTrialCustomer(
  tx: Tx,
  { user, company, now }: { user: DemoUser; company: string; now: Date },
  phone: Partial<DemoCloudPhone>,
): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const made = await seedCustomer(
    tx,
    { company, user, cloudPhone: cloudPhone('Self Sign Up', 'Cloud phone - 1 user (trial)', today, phone) },
    now,
  );
  return cloudPhoneOf(made);
}

const whitstableAddress: InstallationAddress = {
  summary_line: '12 Harbour Street, Whitstable, CT5 1AH',
  line_one: '12 Harbour Street',
  line_two: '',
  city: 'Whitstable',
  county: 'Kent',
  post_code: 'CT5 1AH',
};

const bristolAddress: InstallationAddress = {
  summary_line: '2nd Floor, 18 Market Street, Bristol, BS1 3DH',
  line_one: '2nd Floor, 18 Market Street',
  line_two: '',
  city: 'Bristol',
  county: 'City of Bristol',
  post_code: 'BS1 3DH',
};

/** A copy of Meadow Lane Vets whose numbers (0117 496 0{copy}{n}) no product has yet. */
async function freeDetailsCopy(tx: Tx): Promise<number> {
  const used = await numbersInUseStartingWith(tx, '0117496');
  for (let copy = 10; copy < 100; copy += 1) {
    if (!used.has(`0117496${String(copy * 10 + 1).padStart(4, '0')}`)) return copy;
  }
  throw new Error('sandbox: no free copy of Meadow Lane Vets left');
}

/** A customer like Acme under the kind's sign-in and company, on six numbers no product has. */
async function seedAcmeOnFreeNumbers(
  tx: Tx,
  { user, audio, company, now }: { user: DemoUser; audio: AudioStorage; company: string; now: Date },
  supplier?: 2 | 3,
) {
  const [a, b, c, d, e, f] = await freeNumbers(tx, 6);
  return seedAcmeLike(
    tx,
    audio,
    { user, company, numbers: { leeds: [a!, b!, c!], london: [d!, e!, f!] }, supplier },
    now,
  );
}

/** A copy number of Acme's desk phones (demo-hardware.ts) whose MAC addresses no device has; 0 is the demo's Acme. */
async function freeHardwareCopy(tx: Tx): Promise<number> {
  const used = await macAddressesStartingWith(tx, '00:15:65:A');
  for (let copy = 1; copy < 256; copy += 1) {
    if (!used.has(acmeHardwareMac(copy, 1)) && !used.has(acmeHardwareMac(copy, 2))) return copy;
  }
  throw new Error("sandbox: no free copy of Acme's desk phones left");
}

const acme = { name: 'Alex Morgan', domain: 'acme-plumbing.example', company: 'Acme Plumbing Ltd' } as const;
const willow = { domain: 'willow-accountancy.example', company: 'Willow Accountancy' } as const;

const KINDS: Record<SandboxCustomerKind, Kind> = {
  'cloud-phone': {
    ...acme,
    seed: async (tx, made) => {
      await seedAcmeOnFreeNumbers(tx, made);
    },
  },
  trial: {
    name: 'Jordan Blake',
    domain: 'brightdesk.example',
    company: 'BrightDesk Studio',
    seed: async (tx, made) => {
      const { now } = made;
      const phone = await seedTrialCustomer(tx, made, { installationAddress: bristolAddress });
      await seedTrial(tx, phone, {
        startedAt: now,
        endsAt: new Date(now.getTime() + DEMO_TRIAL_LENGTH_MS),
        statusEntry: now,
      });
      const steps = [
        'watch_getting_started',
        'download_apps',
        'make_your_first_call',
        'set_up_call_flows',
        'upgrade',
        'helpful_links',
      ];
      await seedQuickstart(tx, phone, {
        showPopup: true,
        sectionsCompleted: Object.fromEntries(steps.map((step) => [step, step === 'watch_getting_started'])),
      });
      const [number] = await freeNumbers(tx, 1);
      await seedCloudPhoneSettings(tx, phone, number!, 'Studio', now);
    },
  },
  'buy-now': {
    name: 'Jamie Rowe',
    domain: 'harbourside-bakes.example',
    company: 'Harbourside Bakes',
    seed: async (tx, { user, company, now }) => {
      const made = await seedCustomer(
        tx,
        {
          company,
          user,
          cloudPhone: cloudPhone(BUY_NOW_CHANNEL, 'Cloud phone - 1 user', '2025-02-03', {
            installationAddress: whitstableAddress,
          }),
        },
        now,
      );
      const [number] = await freeNumbers(tx, 1);
      await seedCloudPhoneSettings(tx, cloudPhoneOf(made), number!, company, now);
    },
  },
  'buy-now-no-address': {
    name: 'Chris Ellis',
    domain: 'corner-cafe.example',
    company: 'Corner Cafe',
    seed: async (tx, { user, company, now }) => {
      const made = await seedCustomer(
        tx,
        { company, user, cloudPhone: cloudPhone(BUY_NOW_CHANNEL, 'Cloud phone - 1 user', '2025-01-15') },
        now,
      );
      const [number] = await freeNumbers(tx, 1);
      await seedCloudPhoneSettings(tx, cloudPhoneOf(made), number!, 'Cafe', now);
    },
  },
  'buy-now-incomplete-address': {
    name: 'Ali Baker',
    domain: 'bakery-row.example',
    company: 'Bakery Row Cafe',
    // Saved so by an earlier sign-up form: only its first line and postcode (no town or city, no county).
    seed: async (tx, { user, company, now }) => {
      await seedCustomer(
        tx,
        {
          company,
          user,
          cloudPhone: cloudPhone(BUY_NOW_CHANNEL, 'Cloud phone - 1 user', '2025-02-03', {
            installationAddress: {
              summary_line: '1 Bakery Row, LS11 5PZ',
              line_one: '1 Bakery Row',
              line_two: '',
              city: '',
              county: '',
              post_code: 'LS11 5PZ',
            },
            firstSeat: null,
          }),
        },
        now,
      );
    },
  },
  'getting-started': {
    name: 'Riley Shaw',
    domain: 'nova-dental.example',
    company: 'Nova Dental',
    seed: (tx, { user, company, now }) => seedGettingStartedCustomer(tx, user, company, now),
  },
  provisioned: {
    name: 'Jamie Cole',
    domain: 'pier-bakery.example',
    company: 'Pier Bakery',
    seed: async (tx, { user, company, now }) => {
      const [number] = await freeNumbers(tx, 1);
      await seedProvisionedBuyNowCustomer(
        tx,
        { user, company, login: { email: user.email, name: `${user.firstName} ${user.lastName}` }, number: number! },
        now,
      );
    },
  },
  'ended-trial': {
    name: 'Casey Hart',
    domain: 'lumen-design.example',
    company: 'Lumen Design',
    // A voip3 cloud phone whose 14-day opt-in trial ended 2 days ago.
    seed: async (tx, made) => {
      const phone = await seedTrialCustomer(tx, made, { installationAddress: brightonAddress, firstSeat: null });
      const endsAt = new Date(made.now.getTime() - 2 * DAY_MS);
      const startedAt = new Date(endsAt.getTime() - 14 * DAY_MS);
      await seedTrial(tx, phone, { startedAt, endsAt, statusEntry: startedAt });
      await seedQuickstart(tx, phone, { showPopup: true, sectionsCompleted: {} });
    },
  },
  'overdue-card': {
    name: 'Kit Tern',
    domain: 'tern-freight.example',
    company: 'Tern Freight',
    seed: async (tx, { user, company, now }) => {
      await seedOverdueCardCustomer(tx, user, company, now);
    },
  },
  suspended: {
    name: 'Kit Tern',
    domain: 'tern-freight.example',
    company: 'Tern Freight',
    // Billed as Harbour Freight is, and its cloud phone suspended for non-payment as Harbour Freight's Portsmouth phone is.
    seed: async (tx, { user, company, now }) => {
      const { accountId } = await seedOverdueCardCustomer(tx, user, company, now);
      await seedProducts(tx, accountId, [
        {
          kind: 'voip',
          tariffVersion: 'TARIFF_V3',
          supplier: 3,
          status: 'live',
          showProductPages: true,
          channel: 'Self Sign Up',
          productDetail: 'Cloud phone - 1 user (depot)',
          confirmedDate: '2024-11-02',
          serviceStatus: 'blocked',
          serviceBlockedReason: NON_PAYMENT_SUSPENSION,
        },
      ]);
    },
  },
  'every-product-kind': {
    name: 'Jo Carter',
    domain: 'meadow-lane-vets.example',
    company: 'Meadow Lane Vets',
    seed: async (tx, { user, company, now }) => {
      await seedProductDetailsCustomer(tx, user, company, await freeDetailsCopy(tx), now);
    },
  },
  'no-cloud-phone': {
    name: 'Morgan Fenwick',
    domain: 'fenwick-joinery.example',
    company: 'Fenwick Joinery',
    seed: (tx, { user, company, now }) => seedNoCloudPhoneCustomer(tx, user, company, now),
  },
  broadband: {
    name: 'Robin Hale',
    domain: 'canal-bakery.example',
    company: 'Canal Bakery',
    seed: (tx, { user, company, now }) => seedBroadbandCustomer(tx, user, company, now),
  },
  'several-orders': {
    name: 'Sam Quay',
    domain: 'quay-glass.example',
    company: 'Quay Glass',
    seed: (tx, { user, company, now }) => seedOrderTrackerCustomer(tx, user, company, now),
  },
  staff: {
    name: 'Sam Rivers',
    domain: 'portal.example',
    company: '',
    seed: async (tx, { user }) => {
      await seedStaffMember(tx, user);
    },
  },
  'staff-viewed': {
    ...willow,
    name: 'Taylor Quinn',
    seed: (tx, { user, company, now }) => seedWillowLike(tx, [user], company, now),
  },
  unverified: {
    ...willow,
    name: 'Pat Lane',
    emailVerified: false,
    seed: (tx, { user, company, now }) => seedWillowLike(tx, [user], company, now),
  },
  'phone-setup': {
    ...acme,
    seed: async (tx, made) => {
      const { cloudPhoneId } = await seedAcmeOnFreeNumbers(tx, made);
      await seedPhoneSetupCustomer(tx, cloudPhoneId, made.now);
    },
  },
  'many-numbers': {
    ...acme,
    seed: async (tx, { user, audio, company, now }) => {
      const numbers = await freeNumbers(tx, 21);
      await seedManyNumbersCustomer(tx, audio, { user, company, numbers, emailDomain: acme.domain }, now);
    },
  },
  'locked-user': {
    ...acme,
    // On supplier 2, whose locked users the start-up loads.
    seed: async (tx, made) => {
      const { cloudPhoneId, voipUserIds } = await seedAcmeOnFreeNumbers(tx, made, 2);
      await seedLockedUser(tx, cloudPhoneId, acme.domain, made.now);
      await seedAcmeHardware(tx, cloudPhoneId, voipUserIds, await freeHardwareCopy(tx));
    },
  },
  shop: {
    ...acme,
    seed: async (tx, made) => {
      await seedAcmeOnFreeNumbers(tx, made, 2);
    },
  },
  contacts: {
    ...acme,
    seed: async (tx, made) => {
      const { cloudPhoneId } = await seedAcmeOnFreeNumbers(tx, made);
      await seedDemoContacts(tx, cloudPhoneId, 30);
    },
  },
  'call-history': {
    ...acme,
    seed: async (tx, made) => {
      const [a, b, c, d, e, f] = await freeNumbers(tx, 6);
      const numbers = { leeds: [a!, b!, c!], london: [d!, e!, f!] } as const;
      const { user, audio, company, now } = made;
      const { cloudPhoneId } = await seedAcmeLike(tx, audio, { user, company, numbers }, now);
      await seedCallLog(tx, cloudPhoneId, {
        extensions: ['200', '201', '202'],
        numbers: [...numbers.leeds, ...numbers.london],
        days: 30,
        now,
        seed: 20,
      });
    },
  },
  profile: {
    name: 'Drew Ashby',
    domain: 'fernleaf-studio.example',
    company: 'Fernleaf Studio',
    seed: (tx, { user, company, now }) => seedFernleafLike(tx, [user], company, now),
  },
  'trial-feedback': {
    name: 'Sasha Green',
    domain: 'juniper-florists.example',
    company: 'Juniper Florists',
    seed: (tx, { user, company, now }) => seedQuickstartDemo(tx, user, now, company),
  },
  notifications: {
    name: 'Robin Price',
    domain: 'kestrel-electrical.example',
    company: 'Kestrel Electrical Ltd',
    seed: (tx, { user, company, now }) => seedKestrelLike(tx, user, company, now),
  },
};

/** One customer at a time: two made at once would pick the same free numbers. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Makes a new customer of the kind, in one transaction, and answers its sign-in (a fresh e-mail
 * address and password) and what a test reads from it: its account and numbers.
 */
export function makeDemoCustomer(
  db: Database,
  audio: AudioStorage,
  kind: SandboxCustomerKind,
  now: Date,
): Promise<SandboxCustomer> {
  const made = queue.then(() => makeOne(db, audio, kind, now));
  queue = made.catch(() => undefined);
  return made;
}

async function makeOne(
  db: Database,
  audio: AudioStorage,
  kind: SandboxCustomerKind,
  now: Date,
): Promise<SandboxCustomer> {
  const { name, domain, company, emailVerified, seed } = KINDS[kind];
  const tag = randomBytes(6).toString('hex');
  const email = `${kind}-${tag}@${domain}`;
  const password = `sandbox-${randomBytes(9).toString('base64url')}`;
  const user = await demoUser({ email, password, name }, emailVerified ?? true);
  return db.transaction(async (tx) => {
    await seed(tx, { user, audio, company, now });
    // The tariff and contract every product of the demo has.
    await seedDefaultProductDetails(tx, now);
    const row = await userByEmail(tx, email);
    if (!row) throw new Error(`sandbox: ${kind} customer not made`);
    const accountId = row.accountId ?? null;
    const numbers = accountId === null ? [] : await numbersOn(tx, await productIdsOf(tx, accountId));
    return { kind, email, password, first_name: user.firstName, company, account_id: accountId, numbers };
  });
}
