/**
 * Every account the end-to-end specs sign in as (or otherwise act on), in one place: the demo
 * logins (docs/demo-accounts.md) and the suite's own copies of Acme (server/src/db/demo-e2e.ts, seeded because
 * scripts/e2e-server.mjs sets PORTAL_E2E_ACCOUNTS=on).
 *
 * The specs run fully parallel on one database, so an account a spec changes (call flows,
 * greetings, hold music, profile, passwords, wrong passwords towards the sign-in throttle,
 * quick-start progress, notifications read...) belongs to that spec alone: `writtenBy` names
 * the spec file (without `.spec.ts`). An account without `writtenBy` is read-only: any spec may
 * sign in and look, none may change it. tests/e2e-accounts.test.ts reads the spec files and
 * fails when a spec other than the writer uses a written account, or names a seeded address
 * itself instead of going through this list.
 */
export interface E2eAccount {
  email: string;
  password: string;
  firstName: string;
  /** The one spec file that changes this account; absent when no spec does. */
  writtenBy?: string;
  /** Specs that only look at a part of a written account its writer never changes, and why. */
  alsoReadBy?: Record<string, string>;
}

/** Why e2e/every-customer.spec.ts may sign in as a demo customer another spec changes. */
const EVERY_CUSTOMER_READS =
  'signs in and only visits the start-up redirect and the side navigation links, to see none is "Page not found"; whatever the writer has changed, that holds';

export const accounts = {
  // Read-only: signed in to look around.
  customer: { email: 'alex@acme-plumbing.example', password: 'portal-demo-1', firstName: 'Alex' },
  // The buy-now demo logins: the specs that save an emergency address or a call flow make buy-now customers of their own.
  multiProduct: { email: 'ops@harbour-freight.example', password: 'portal-multi-1', firstName: 'Morgan' },
  gettingStarted: { email: 'hello@nova-dental.example', password: 'portal-welcome-1', firstName: 'Riley' },
  buyNowProvisioned: { email: 'owner@pier-bakery.example', password: 'portal-provisioned-1', firstName: 'Jamie' },
  trialExpired: { email: 'studio@lumen-design.example', password: 'portal-expired-1', firstName: 'Casey' },
  // Meadow Lane Vets: one product of every kind; the product details spec only looks (it renews on customers of its own from the sandbox's factory).
  productDetails: { email: 'jo@meadow-lane-vets.example', password: 'portal-details-1', firstName: 'Jo' },

  // The e2e-only copies of Acme, for the specs that do not yet make their own customers (fixtures.ts makeCustomer).
  consentAcme: {
    email: 'e2e-consent@acme-plumbing.example',
    password: 'portal-e2e-consent-1',
    firstName: 'Alex',
    writtenBy: 'consent',
  },
  liveCallAcme: {
    email: 'e2e-live-call@acme-plumbing.example',
    password: 'portal-e2e-live-call-1',
    firstName: 'Alex',
    writtenBy: 'live-call',
  },
  phoneSetupAcme: {
    email: 'e2e-phone-setup@acme-plumbing.example',
    password: 'portal-e2e-phone-1',
    firstName: 'Alex',
    writtenBy: 'phone-setup',
  },
  // The phone-setup spec's holiday, divert and add-on tests: one copy per viewport and per repeat.
  phoneSetupDesktop1: {
    email: 'e2e-phone-setup-desktop-1@acme-plumbing.example',
    password: 'portal-e2e-setup-d1',
    firstName: 'Alex',
    writtenBy: 'phone-setup',
  },
  phoneSetupDesktop2: {
    email: 'e2e-phone-setup-desktop-2@acme-plumbing.example',
    password: 'portal-e2e-setup-d2',
    firstName: 'Alex',
    writtenBy: 'phone-setup',
  },
  phoneSetupDesktop3: {
    email: 'e2e-phone-setup-desktop-3@acme-plumbing.example',
    password: 'portal-e2e-setup-d3',
    firstName: 'Alex',
    writtenBy: 'phone-setup',
  },
  phoneSetupMobile1: {
    email: 'e2e-phone-setup-mobile-1@acme-plumbing.example',
    password: 'portal-e2e-setup-m1',
    firstName: 'Alex',
    writtenBy: 'phone-setup',
  },
  phoneSetupMobile2: {
    email: 'e2e-phone-setup-mobile-2@acme-plumbing.example',
    password: 'portal-e2e-setup-m2',
    firstName: 'Alex',
    writtenBy: 'phone-setup',
  },
  phoneSetupMobile3: {
    email: 'e2e-phone-setup-mobile-3@acme-plumbing.example',
    password: 'portal-e2e-setup-m3',
    firstName: 'Alex',
    writtenBy: 'phone-setup',
  },
  // Fenwick Joinery copies whose address the self sign-up spec signs up with again (a PIN is e-mailed to it), one per viewport.
  selfSignupExisting: {
    email: 'e2e-ssu-existing@fenwick-joinery.example',
    password: 'portal-e2e-ssu-existing',
    firstName: 'Morgan',
    writtenBy: 'self-signup',
  },
  selfSignupExistingMobile: {
    email: 'e2e-ssu-existing-mobile@fenwick-joinery.example',
    password: 'portal-e2e-ssu-existing-m',
    firstName: 'Morgan',
    writtenBy: 'self-signup',
  },

  // Meadow Lane Vets' copies (its installation address has no county): the shop spec orders to it, one per viewport.
  shopMeadowDesktop: {
    email: 'e2e-shop-meadow-desktop@meadow-lane-vets.example',
    password: 'portal-e2e-shop-meadow-d',
    firstName: 'Jo',
    writtenBy: 'shop',
  },
  shopMeadowMobile: {
    email: 'e2e-shop-meadow-mobile@meadow-lane-vets.example',
    password: 'portal-e2e-shop-meadow-m',
    firstName: 'Jo',
    writtenBy: 'shop',
  },
  // Acme's copies on supplier 2 (the shop open): the shop spec buys phones, one per viewport.
  shopDesktop: {
    email: 'e2e-shop-desktop@acme-plumbing.example',
    password: 'portal-e2e-shop-d',
    firstName: 'Alex',
    writtenBy: 'shop',
  },
  shopMobile: {
    email: 'e2e-shop-mobile@acme-plumbing.example',
    password: 'portal-e2e-shop-m',
    firstName: 'Alex',
    writtenBy: 'shop',
  },

  // The company contacts spec's copies of Acme (30 contacts each): changes, and the export round trip apart.
  contactsAcme: {
    email: 'e2e-contacts@acme-plumbing.example',
    password: 'portal-e2e-contacts-1',
    firstName: 'Alex',
    writtenBy: 'contacts',
  },
  contactsExportAcme: {
    email: 'e2e-contacts-export@acme-plumbing.example',
    password: 'portal-e2e-contacts-2',
    firstName: 'Alex',
    writtenBy: 'contacts',
  },

  // The call-recordings spec's copies of Acme (30 days of calls), one per test and viewport: deleting and the admin password change them.
  recordingsListenDesktop: {
    email: 'e2e-recordings-listen-desktop@acme-plumbing.example',
    password: 'portal-e2e-recordings-listen-d',
    firstName: 'Alex',
    writtenBy: 'call-recordings',
  },
  recordingsListenMobile: {
    email: 'e2e-recordings-listen-mobile@acme-plumbing.example',
    password: 'portal-e2e-recordings-listen-m',
    firstName: 'Alex',
    writtenBy: 'call-recordings',
  },
  recordingsDeleteDesktop: {
    email: 'e2e-recordings-delete-desktop@acme-plumbing.example',
    password: 'portal-e2e-recordings-delete-d',
    firstName: 'Alex',
    writtenBy: 'call-recordings',
  },
  recordingsDeleteMobile: {
    email: 'e2e-recordings-delete-mobile@acme-plumbing.example',
    password: 'portal-e2e-recordings-delete-m',
    firstName: 'Alex',
    writtenBy: 'call-recordings',
  },
  recordingsPasswordDesktop: {
    email: 'e2e-recordings-password-desktop@acme-plumbing.example',
    password: 'portal-e2e-recordings-password-d',
    firstName: 'Alex',
    writtenBy: 'call-recordings',
  },
  recordingsPasswordMobile: {
    email: 'e2e-recordings-password-mobile@acme-plumbing.example',
    password: 'portal-e2e-recordings-password-m',
    firstName: 'Alex',
    writtenBy: 'call-recordings',
  },

  // The e2e-only copies of Acme with a locked user, one per viewport and repeat: the users-devices spec adds users and unlocks her.
  usersDesktop1: {
    email: 'e2e-users-desktop-1@acme-plumbing.example',
    password: 'portal-e2e-users-d1',
    firstName: 'Alex',
    writtenBy: 'users-devices',
  },
  usersDesktop2: {
    email: 'e2e-users-desktop-2@acme-plumbing.example',
    password: 'portal-e2e-users-d2',
    firstName: 'Alex',
    writtenBy: 'users-devices',
  },
  usersDesktop3: {
    email: 'e2e-users-desktop-3@acme-plumbing.example',
    password: 'portal-e2e-users-d3',
    firstName: 'Alex',
    writtenBy: 'users-devices',
  },
  usersMobile1: {
    email: 'e2e-users-mobile-1@acme-plumbing.example',
    password: 'portal-e2e-users-m1',
    firstName: 'Alex',
    writtenBy: 'users-devices',
  },
  usersMobile2: {
    email: 'e2e-users-mobile-2@acme-plumbing.example',
    password: 'portal-e2e-users-m2',
    firstName: 'Alex',
    writtenBy: 'users-devices',
  },
  usersMobile3: {
    email: 'e2e-users-mobile-3@acme-plumbing.example',
    password: 'portal-e2e-users-m3',
    firstName: 'Alex',
    writtenBy: 'users-devices',
  },

  // Demo customers seeded for one spec each.
  staff: {
    email: 'support@portal.example',
    password: 'portal-staff-1',
    firstName: 'Sam',
    writtenBy: 'staff',
    alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS },
  },
  staffViewed: {
    email: 'taylor@willow-accountancy.example',
    password: 'portal-viewed-1',
    firstName: 'Taylor',
    writtenBy: 'staff',
    alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS },
  },
  unverified: {
    email: 'pat@willow-accountancy.example',
    password: 'portal-unverified-1',
    firstName: 'Pat',
    writtenBy: 'staff',
  },
  trial: {
    email: 'trial@brightdesk.example',
    password: 'portal-trial-1',
    firstName: 'Jordan',
    writtenBy: 'quickstart',
    alsoReadBy: {
      navigation: 'the trial banner (days left) and the side navigation, which the quick start never changes',
      'every-customer': EVERY_CUSTOMER_READS,
    },
  },
  trialFeedback: {
    email: 'sasha@juniper-florists.example',
    password: 'portal-feedback-1',
    firstName: 'Sasha',
    writtenBy: 'quickstart',
    alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS },
  },
  buyNow: { email: 'owner@corner-cafe.example', password: 'portal-buynow-1', firstName: 'Chris' },
  buyNowManualAddress: { email: 'owner@tidewater-deli.example', password: 'portal-buynow-2', firstName: 'Drew' },
  buyNowOnPhone: { email: 'owner@quayside-florist.example', password: 'portal-buynow-3', firstName: 'Sasha' },
  buyNowReady: { email: 'owner@harbourside-bakes.example', password: 'portal-buynow-4', firstName: 'Jamie' },
  notifications: {
    email: 'office@kestrel-electrical.example',
    password: 'portal-notify-1',
    firstName: 'Robin',
    writtenBy: 'notifications',
    alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS },
  },
  profileDetails: {
    email: 'drew@fernleaf-studio.example',
    password: 'portal-profile-1',
    firstName: 'Drew',
    writtenBy: 'profile',
    alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS },
  },
  profileEmail: {
    email: 'kit@fernleaf-studio.example',
    password: 'portal-email-1',
    firstName: 'Kit',
    writtenBy: 'profile',
  },
  // Copies of Acme with 21 numbers (server/src/modules/numbers/demo-numbers.ts): the numbers spec buys, assigns and transfers, one per viewport.
  numbersDesktop: {
    email: 'e2e-numbers-desktop@acme-plumbing.example',
    password: 'portal-e2e-numbers-d',
    firstName: 'Alex',
    writtenBy: 'numbers',
  },
  numbersMobile: {
    email: 'e2e-numbers-mobile@acme-plumbing.example',
    password: 'portal-e2e-numbers-m',
    firstName: 'Alex',
    writtenBy: 'numbers',
  },
  profilePassword: {
    email: 'lee@fernleaf-studio.example',
    password: 'portal-password-1',
    firstName: 'Lee',
    writtenBy: 'profile',
  },
} as const satisfies Record<string, E2eAccount>;
