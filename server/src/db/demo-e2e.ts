import type { AudioStorage } from '../audio/storage.ts';
import { seedCallLog } from '../modules/call-log/demo-calls.ts';
import { seedDemoContacts } from '../modules/contacts/demo-contacts.ts';
import { seedAcmeHardware } from '../modules/hardware/demo-hardware.ts';
import { seedManyNumbersCustomer } from '../modules/numbers/demo-numbers.ts';
import { seedPhoneSetupE2e } from '../modules/phone-setup/demo-phone-setup.ts';
import { seedProductDetailsCustomer } from '../modules/product-details/demo-product-details.ts';
import { seedNoCloudPhoneCustomer } from '../modules/signup/demo-signup.ts';
import { seedLockedUser } from '../modules/users/demo-seats.ts';
import type { Database } from './connect.ts';
import { seedAcmeLike, type AcmeNumbers } from './demo-acme.ts';
import { demoUser, type DemoUser } from './demo-users.ts';

/**
 * The end-to-end suite's own customers for the specs that do not yet make theirs through the
 * sandbox's customer factory (db/demo-factory.ts): copies of Acme Plumbing, one for each spec that
 * changes a cloud phone's data (its call flows, voicemail, hold music), so specs running side by
 * side never see each other's changes. They are seeded only when the e2e server asks (PORTAL_E2E_ACCOUNTS=on, set
 * by scripts/e2e-server.mjs), after the demo data, so the demo's ids stay: they are test
 * fixtures with known passwords, and four more copies of Acme would only confuse a demo.
 * e2e/accounts.ts lists the same sign-ins for the specs.
 */
export const e2eLogins = [
  {
    spec: 'phone-setup',
    email: 'e2e-phone-setup@acme-plumbing.example',
    password: 'portal-e2e-phone-1',
    company: 'Acme Plumbing Ltd (e2e phone setup)',
  },
  // The consent spec saves a call flow on a portal of its own with analytics configured.
  {
    spec: 'consent',
    email: 'e2e-consent@acme-plumbing.example',
    password: 'portal-e2e-consent-1',
    company: 'Acme Plumbing Ltd (e2e consent)',
  },
  // The live test call spec calls Main office hours and leaves messages (its call history grows).
  {
    spec: 'live-call',
    email: 'e2e-live-call@acme-plumbing.example',
    password: 'portal-e2e-live-call-1',
    company: 'Acme Plumbing Ltd (e2e live call)',
  },
] as const;

/** The numbers spec's copies of Acme (21 numbers each; modules/numbers/demo-numbers.ts), one per viewport. */
export const e2eNumbersLogins = [
  {
    spec: 'numbers',
    email: 'e2e-numbers-desktop@acme-plumbing.example',
    password: 'portal-e2e-numbers-d',
    company: 'Acme Plumbing Ltd (e2e numbers, desktop)',
  },
  {
    spec: 'numbers',
    email: 'e2e-numbers-mobile@acme-plumbing.example',
    password: 'portal-e2e-numbers-m',
    company: 'Acme Plumbing Ltd (e2e numbers, mobile)',
  },
] as const;

/**
 * Copies of Acme for the phone-setup spec's holiday, divert and add-on tests, one per viewport and
 * per run of `--repeat-each=3`: they add holidays and bank holidays, set and remove a divert and
 * choose tariffs, which would clash between runs side by side on one product.
 */
export const e2ePhoneSetupLogins = [
  {
    spec: 'phone-setup',
    email: 'e2e-phone-setup-desktop-1@acme-plumbing.example',
    password: 'portal-e2e-setup-d1',
    company: 'Acme Plumbing Ltd (e2e phone setup, desktop 1)',
  },
  {
    spec: 'phone-setup',
    email: 'e2e-phone-setup-desktop-2@acme-plumbing.example',
    password: 'portal-e2e-setup-d2',
    company: 'Acme Plumbing Ltd (e2e phone setup, desktop 2)',
  },
  {
    spec: 'phone-setup',
    email: 'e2e-phone-setup-desktop-3@acme-plumbing.example',
    password: 'portal-e2e-setup-d3',
    company: 'Acme Plumbing Ltd (e2e phone setup, desktop 3)',
  },
  {
    spec: 'phone-setup',
    email: 'e2e-phone-setup-mobile-1@acme-plumbing.example',
    password: 'portal-e2e-setup-m1',
    company: 'Acme Plumbing Ltd (e2e phone setup, mobile 1)',
  },
  {
    spec: 'phone-setup',
    email: 'e2e-phone-setup-mobile-2@acme-plumbing.example',
    password: 'portal-e2e-setup-m2',
    company: 'Acme Plumbing Ltd (e2e phone setup, mobile 2)',
  },
  {
    spec: 'phone-setup',
    email: 'e2e-phone-setup-mobile-3@acme-plumbing.example',
    password: 'portal-e2e-setup-m3',
    company: 'Acme Plumbing Ltd (e2e phone setup, mobile 3)',
  },
] as const;
/**
 * Copies of Acme with a user locked out of their phone (Dana Fox, extension 203) and Acme's desk phones, for the
 * users-devices spec: one per viewport and per run of `--repeat-each=3`, since unlocking her
 * (and the users added) is for good.
 */
export const e2eUsersLogins = [
  {
    spec: 'users-devices',
    email: 'e2e-users-desktop-1@acme-plumbing.example',
    password: 'portal-e2e-users-d1',
    company: 'Acme Plumbing Ltd (e2e users, desktop 1)',
  },
  {
    spec: 'users-devices',
    email: 'e2e-users-desktop-2@acme-plumbing.example',
    password: 'portal-e2e-users-d2',
    company: 'Acme Plumbing Ltd (e2e users, desktop 2)',
  },
  {
    spec: 'users-devices',
    email: 'e2e-users-desktop-3@acme-plumbing.example',
    password: 'portal-e2e-users-d3',
    company: 'Acme Plumbing Ltd (e2e users, desktop 3)',
  },
  {
    spec: 'users-devices',
    email: 'e2e-users-mobile-1@acme-plumbing.example',
    password: 'portal-e2e-users-m1',
    company: 'Acme Plumbing Ltd (e2e users, mobile 1)',
  },
  {
    spec: 'users-devices',
    email: 'e2e-users-mobile-2@acme-plumbing.example',
    password: 'portal-e2e-users-m2',
    company: 'Acme Plumbing Ltd (e2e users, mobile 2)',
  },
  {
    spec: 'users-devices',
    email: 'e2e-users-mobile-3@acme-plumbing.example',
    password: 'portal-e2e-users-m3',
    company: 'Acme Plumbing Ltd (e2e users, mobile 3)',
  },
] as const;
/** Their numbers come after the other copies of Acme's (e2eNumbers 0-6, and 10-15 for phone setup). */
const E2E_USERS_NUMBERS_FROM = 20;
/**
 * Customers with broadband and no cloud phone, for the signup spec's opt-in trial (starting one
 * adds a cloud phone for good): one per viewport and per run of `--repeat-each=3`.
 */
export const e2eSignupTrialLogins = [
  // The self sign-up spec signs up again with this one's address (the e-mailed PIN, then the existing-user dialog).
  {
    spec: 'self-signup',
    email: 'e2e-ssu-existing@fenwick-joinery.example',
    password: 'portal-e2e-ssu-existing',
    company: 'Fenwick Joinery (e2e self sign-up, existing)',
  },
  {
    spec: 'self-signup',
    email: 'e2e-ssu-existing-mobile@fenwick-joinery.example',
    password: 'portal-e2e-ssu-existing-m',
    company: 'Fenwick Joinery (e2e self sign-up, existing, mobile)',
  },
] as const;

/** Every copy's user is Morgan Fenwick. */
const E2E_SIGNUP_USER_NAME = 'Morgan Fenwick';
/**
 * Copies of Acme for the company contacts spec, with 30 demo contacts each (two pages): one for
 * adding, editing, deleting and importing; one for the export and re-import, which re-adds what the
 * file holds, so no other test's deletions are undone by it.
 */
export const e2eContactsLogins = [
  {
    spec: 'contacts',
    email: 'e2e-contacts@acme-plumbing.example',
    password: 'portal-e2e-contacts-1',
    company: 'Acme Plumbing Ltd (e2e contacts)',
  },
  {
    spec: 'contacts',
    email: 'e2e-contacts-export@acme-plumbing.example',
    password: 'portal-e2e-contacts-2',
    company: 'Acme Plumbing Ltd (e2e contacts export)',
  },
] as const;
const E2E_CONTACTS = 30;

/** Copies of Acme on supplier 2 (so the shop is open), one per viewport: the shop spec buys phones for them. */
export const e2eShopLogins = [
  {
    spec: 'shop',
    email: 'e2e-shop-desktop@acme-plumbing.example',
    password: 'portal-e2e-shop-d',
    company: 'Acme Plumbing Ltd (e2e shop, desktop)',
  },
  {
    spec: 'shop',
    email: 'e2e-shop-mobile@acme-plumbing.example',
    password: 'portal-e2e-shop-m',
    company: 'Acme Plumbing Ltd (e2e shop, mobile)',
  },
] as const;
/** Their numbers come after the users spec's copies (E2E_USERS_NUMBERS_FROM). */
const E2E_SHOP_NUMBERS_FROM = 30;

const E2E_DETAILS_USER_NAME = 'Jo Carter';

/**
 * Copies of Meadow Lane Vets, whose installation address has no county, for the shop spec's order
 * delivered there (the county completed at checkout): one per viewport, as each run orders more.
 */
export const e2eShopMeadowLogins = [
  {
    spec: 'shop',
    email: 'e2e-shop-meadow-desktop@meadow-lane-vets.example',
    password: 'portal-e2e-shop-meadow-d',
    company: 'Meadow Lane Vets (e2e shop, desktop)',
  },
  {
    spec: 'shop',
    email: 'e2e-shop-meadow-mobile@meadow-lane-vets.example',
    password: 'portal-e2e-shop-meadow-m',
    company: 'Meadow Lane Vets (e2e shop, mobile)',
  },
] as const;
/** Their copy numbers come after the product details spec's six (numbers 0117 496 007x and 008x). */
const E2E_SHOP_MEADOW_COPY_FROM = 7;

/**
 * The call-recordings spec's copies of Acme, with 30 days of calls: one per test and viewport, as
 * deleting recordings and setting the admin password change what the other tests would see.
 */
export const e2eCallRecordingsLogins = [
  {
    spec: 'call-recordings',
    email: 'e2e-recordings-listen-desktop@acme-plumbing.example',
    password: 'portal-e2e-recordings-listen-d',
    company: 'Acme Plumbing Ltd (e2e recordings, listen, desktop)',
  },
  {
    spec: 'call-recordings',
    email: 'e2e-recordings-listen-mobile@acme-plumbing.example',
    password: 'portal-e2e-recordings-listen-m',
    company: 'Acme Plumbing Ltd (e2e recordings, listen, mobile)',
  },
  {
    spec: 'call-recordings',
    email: 'e2e-recordings-delete-desktop@acme-plumbing.example',
    password: 'portal-e2e-recordings-delete-d',
    company: 'Acme Plumbing Ltd (e2e recordings, delete, desktop)',
  },
  {
    spec: 'call-recordings',
    email: 'e2e-recordings-delete-mobile@acme-plumbing.example',
    password: 'portal-e2e-recordings-delete-m',
    company: 'Acme Plumbing Ltd (e2e recordings, delete, mobile)',
  },
  {
    spec: 'call-recordings',
    email: 'e2e-recordings-password-desktop@acme-plumbing.example',
    password: 'portal-e2e-recordings-password-d',
    company: 'Acme Plumbing Ltd (e2e recordings, password, desktop)',
  },
  {
    spec: 'call-recordings',
    email: 'e2e-recordings-password-mobile@acme-plumbing.example',
    password: 'portal-e2e-recordings-password-m',
    company: 'Acme Plumbing Ltd (e2e recordings, password, mobile)',
  },
] as const;

/** Every copy's user is Alex Morgan, as in Acme, so the specs read the same names. */
const E2E_USER_NAME = 'Alex Morgan';

/** Six numbers of its own per copy (numbers are unique): 01632 9606x1-3 and 020 7946 06x1-3, from Ofcom's drama ranges. */
function e2eNumbers(index: number): AcmeNumbers {
  const at = (prefix: string, n: number) => `${prefix}${600 + 10 * (index + 1) + n}`;
  return {
    leeds: [at('01632960', 1), at('01632960', 2), at('01632960', 3)],
    london: [at('02079460', 1), at('02079460', 2), at('02079460', 3)],
  };
}

/** One group of e2e-only copies: its logins, the name of each copy's user, and how one copy is seeded. */
interface E2eGroup {
  logins: ReadonlyArray<{ email: string; password: string }>;
  userName: string;
  seed(tx: Pick<Database, 'insert'>, audio: AudioStorage, user: DemoUser, index: number, now: Date): Promise<void>;
}

/**
 * Every group the e2e server seeds. A spec that needs copies of its own adds its logins above and
 * one entry here (its seed function may live in its module's demo file).
 */
const E2E_GROUPS: E2eGroup[] = [
  {
    logins: e2eLogins,
    userName: E2E_USER_NAME,
    seed: async (tx, audio, user, index, now) => {
      await seedAcmeLike(tx, audio, { user, company: e2eLogins[index]!.company, numbers: e2eNumbers(index) }, now);
    },
  },
  {
    logins: e2ePhoneSetupLogins,
    userName: E2E_USER_NAME,
    seed: async (tx, audio, user, index, now) => {
      // Numbers 0163296071x-0163296076x and 0207946071x-...: past the other copies' (e2eNumbers 0-6).
      const copy = await seedAcmeLike(
        tx,
        audio,
        { user, company: e2ePhoneSetupLogins[index]!.company, numbers: e2eNumbers(index + 10) },
        now,
      );
      await seedPhoneSetupE2e(tx, copy.cloudPhoneId, now);
    },
  },
  // The numbers spec buys, assigns and transfers numbers: a copy of Acme with 21 numbers per viewport.
  {
    logins: e2eNumbersLogins,
    userName: E2E_USER_NAME,
    seed: (tx, audio, user, index, now) =>
      seedManyNumbersCustomer(
        tx,
        audio,
        {
          user,
          company: e2eNumbersLogins[index]!.company,
          // 0115 496 0{index + 1}01 to ...21 (Nottingham's drama range).
          numbers: Array.from(
            { length: 21 },
            (_, k) => `01154960${String(100 * (index + 1) + k + 1).padStart(3, '0')}`,
          ),
          emailDomain: 'acme-plumbing.example',
        },
        now,
      ),
  },
  {
    logins: e2eUsersLogins,
    userName: E2E_USER_NAME,
    seed: async (tx, audio, user, index, now) => {
      const { cloudPhoneId, voipUserIds } = await seedAcmeLike(
        tx,
        audio,
        {
          user,
          company: e2eUsersLogins[index]!.company,
          numbers: e2eNumbers(E2E_USERS_NUMBERS_FROM + index),
          supplier: 2,
        },
        now,
      );
      await seedLockedUser(tx, cloudPhoneId, 'acme-plumbing.example', now);
      // Acme's two desk phones, at MAC addresses of their own (the demo's Acme is copy 0).
      await seedAcmeHardware(tx, cloudPhoneId, voipUserIds, 1 + index);
    },
  },
  {
    logins: e2eSignupTrialLogins,
    userName: E2E_SIGNUP_USER_NAME,
    seed: (tx, _audio, user, index) => seedNoCloudPhoneCustomer(tx, user, e2eSignupTrialLogins[index]!.company),
  },
  {
    logins: e2eContactsLogins,
    userName: E2E_USER_NAME,
    seed: async (tx, audio, user, index, now) => {
      // Numbers 01632 96077x / 020 7946 077x (and 078x for the second): clear of the other copies.
      const at = (prefix: string, n: number) => `${prefix}${700 + 10 * (index + 7) + n}`;
      const numbers: AcmeNumbers = {
        leeds: [at('01632960', 1), at('01632960', 2), at('01632960', 3)],
        london: [at('02079460', 1), at('02079460', 2), at('02079460', 3)],
      };
      const { cloudPhoneId } = await seedAcmeLike(
        tx,
        audio,
        { user, company: e2eContactsLogins[index]!.company, numbers },
        now,
      );
      await seedDemoContacts(tx, cloudPhoneId, E2E_CONTACTS);
    },
  },
  {
    logins: e2eCallRecordingsLogins,
    userName: E2E_USER_NAME,
    seed: async (tx, audio, user, index, now) => {
      // Numbers 0114 496 08x1-3 and 0115 496 08x1-3 (Ofcom's drama ranges): no other copy's.
      const at = (prefix: string, n: number) => `${prefix}${800 + 10 * index + n}`;
      const numbers: AcmeNumbers = {
        leeds: [at('01144960', 1), at('01144960', 2), at('01144960', 3)],
        london: [at('01154960', 1), at('01154960', 2), at('01154960', 3)],
      };
      const { cloudPhoneId } = await seedAcmeLike(
        tx,
        audio,
        { user, company: e2eCallRecordingsLogins[index]!.company, numbers },
        now,
      );
      await seedCallLog(tx, cloudPhoneId, {
        extensions: ['200', '201', '202'],
        numbers: [...numbers.leeds, ...numbers.london],
        days: 30,
        now,
        seed: 20,
      });
    },
  },
  {
    logins: e2eShopMeadowLogins,
    userName: E2E_DETAILS_USER_NAME,
    seed: async (tx, _audio, user, index, now) => {
      await seedProductDetailsCustomer(
        tx,
        user,
        e2eShopMeadowLogins[index]!.company,
        E2E_SHOP_MEADOW_COPY_FROM + index,
        now,
      );
    },
  },
  {
    logins: e2eShopLogins,
    userName: E2E_USER_NAME,
    seed: async (tx, audio, user, index, now) => {
      await seedAcmeLike(
        tx,
        audio,
        {
          user,
          company: e2eShopLogins[index]!.company,
          numbers: e2eNumbers(E2E_SHOP_NUMBERS_FROM + index),
          supplier: 2,
        },
        now,
      );
    },
  },
];

/** Every e2e-only login, of every group. */
export const allE2eLogins = () => E2E_GROUPS.flatMap((group) => group.logins);

/** The e2e users with their password hashes, by group; slow, so seed.ts starts it before its transaction. */
export function e2eDemoUsers(): Promise<DemoUser[][]> {
  return Promise.all(
    E2E_GROUPS.map((group) =>
      Promise.all(group.logins.map(({ email, password }) => demoUser({ email, password, name: group.userName }))),
    ),
  );
}

export async function seedE2eDemo(
  tx: Pick<Database, 'insert'>,
  audio: AudioStorage,
  hashed: DemoUser[][],
  now: Date,
): Promise<void> {
  for (const [groupIndex, group] of E2E_GROUPS.entries()) {
    for (const index of group.logins.keys()) {
      const user = hashed[groupIndex]?.[index];
      if (!user) throw new Error(`seed: e2e user ${group.logins[index]!.email} missing`);
      await group.seed(tx, audio, user, index, now);
    }
  }
}
