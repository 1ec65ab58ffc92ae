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
  multiProduct: { email: 'ops@harbour-freight.example', password: 'portal-multi-1', firstName: 'Morgan' },
  gettingStarted: { email: 'hello@nova-dental.example', password: 'portal-welcome-1', firstName: 'Riley' },
  buyNowProvisioned: { email: 'owner@pier-bakery.example', password: 'portal-provisioned-1', firstName: 'Jamie' },
  trialExpired: { email: 'studio@lumen-design.example', password: 'portal-expired-1', firstName: 'Casey' },
  // Meadow Lane Vets: one product of every kind; the product details spec only looks (it renews on its copies below).
  productDetails: { email: 'jo@meadow-lane-vets.example', password: 'portal-details-1', firstName: 'Jo' },

  // The e2e-only copies of Acme, one per spec that changes a cloud phone or a sign-in.
  authAcme: { email: 'e2e-auth@acme-plumbing.example', password: 'portal-e2e-auth-1', firstName: 'Alex', writtenBy: 'auth' },
  liveCallAcme: { email: 'e2e-live-call@acme-plumbing.example', password: 'portal-e2e-live-call-1', firstName: 'Alex', writtenBy: 'live-call' },
  callFlowEditorAcme: { email: 'e2e-call-flow-editor@acme-plumbing.example', password: 'portal-e2e-editor-1', firstName: 'Alex', writtenBy: 'call-flow-editor' },
  callFlowsAcme: { email: 'e2e-call-flows@acme-plumbing.example', password: 'portal-e2e-flows-1', firstName: 'Alex', writtenBy: 'call-flows' },
  callFlowSummaryAcme: { email: 'e2e-call-flow-summary@acme-plumbing.example', password: 'portal-e2e-summary-1', firstName: 'Alex', writtenBy: 'call-flow-editor' },
  phoneSetupAcme: { email: 'e2e-phone-setup@acme-plumbing.example', password: 'portal-e2e-phone-1', firstName: 'Alex', writtenBy: 'phone-setup' },
  // The phone-setup spec's holiday, divert and add-on tests: one copy per viewport and per repeat.
  phoneSetupDesktop1: { email: 'e2e-phone-setup-desktop-1@acme-plumbing.example', password: 'portal-e2e-setup-d1', firstName: 'Alex', writtenBy: 'phone-setup' },
  phoneSetupDesktop2: { email: 'e2e-phone-setup-desktop-2@acme-plumbing.example', password: 'portal-e2e-setup-d2', firstName: 'Alex', writtenBy: 'phone-setup' },
  phoneSetupDesktop3: { email: 'e2e-phone-setup-desktop-3@acme-plumbing.example', password: 'portal-e2e-setup-d3', firstName: 'Alex', writtenBy: 'phone-setup' },
  phoneSetupMobile1: { email: 'e2e-phone-setup-mobile-1@acme-plumbing.example', password: 'portal-e2e-setup-m1', firstName: 'Alex', writtenBy: 'phone-setup' },
  phoneSetupMobile2: { email: 'e2e-phone-setup-mobile-2@acme-plumbing.example', password: 'portal-e2e-setup-m2', firstName: 'Alex', writtenBy: 'phone-setup' },
  phoneSetupMobile3: { email: 'e2e-phone-setup-mobile-3@acme-plumbing.example', password: 'portal-e2e-setup-m3', firstName: 'Alex', writtenBy: 'phone-setup' },
  // The e2e-only copies of Lumen Design (ended opt-in trial), one per viewport and repeat: the upgrade spec ends their trials.
  // The e2e-only customers without a cloud phone: the signup spec starts an opt-in trial on each (one per viewport and repeat).
  signupDesktop1: { email: 'e2e-signup-desktop-1@fenwick-joinery.example', password: 'portal-e2e-signup-d1', firstName: 'Morgan', writtenBy: 'signup' },
  signupDesktop2: { email: 'e2e-signup-desktop-2@fenwick-joinery.example', password: 'portal-e2e-signup-d2', firstName: 'Morgan', writtenBy: 'signup' },
  signupDesktop3: { email: 'e2e-signup-desktop-3@fenwick-joinery.example', password: 'portal-e2e-signup-d3', firstName: 'Morgan', writtenBy: 'signup' },
  signupMobile1: { email: 'e2e-signup-mobile-1@fenwick-joinery.example', password: 'portal-e2e-signup-m1', firstName: 'Morgan', writtenBy: 'signup' },
  signupMobile2: { email: 'e2e-signup-mobile-2@fenwick-joinery.example', password: 'portal-e2e-signup-m2', firstName: 'Morgan', writtenBy: 'signup' },
  signupMobile3: { email: 'e2e-signup-mobile-3@fenwick-joinery.example', password: 'portal-e2e-signup-m3', firstName: 'Morgan', writtenBy: 'signup' },
  // Fenwick Joinery copies whose address the self sign-up spec signs up with again (a PIN is e-mailed to it), one per viewport.
  selfSignupExisting: { email: 'e2e-ssu-existing@fenwick-joinery.example', password: 'portal-e2e-ssu-existing', firstName: 'Morgan', writtenBy: 'self-signup' },
  selfSignupExistingMobile: { email: 'e2e-ssu-existing-mobile@fenwick-joinery.example', password: 'portal-e2e-ssu-existing-m', firstName: 'Morgan', writtenBy: 'self-signup' },
  upgradeDesktop1: { email: 'e2e-upgrade-desktop-1@lumen-design.example', password: 'portal-e2e-upgrade-d1', firstName: 'Casey', writtenBy: 'upgrade' },
  upgradeDesktop2: { email: 'e2e-upgrade-desktop-2@lumen-design.example', password: 'portal-e2e-upgrade-d2', firstName: 'Casey', writtenBy: 'upgrade' },
  upgradeDesktop3: { email: 'e2e-upgrade-desktop-3@lumen-design.example', password: 'portal-e2e-upgrade-d3', firstName: 'Casey', writtenBy: 'upgrade' },
  upgradeMobile1: { email: 'e2e-upgrade-mobile-1@lumen-design.example', password: 'portal-e2e-upgrade-m1', firstName: 'Casey', writtenBy: 'upgrade' },
  upgradeMobile2: { email: 'e2e-upgrade-mobile-2@lumen-design.example', password: 'portal-e2e-upgrade-m2', firstName: 'Casey', writtenBy: 'upgrade' },
  upgradeMobile3: { email: 'e2e-upgrade-mobile-3@lumen-design.example', password: 'portal-e2e-upgrade-m3', firstName: 'Casey', writtenBy: 'upgrade' },

  // Canal Bakery's copies (broadband at one site): the broadband spec's sign-up books an installation on one per viewport and repeat.
  broadbandDesktop1: { email: 'e2e-broadband-desktop-1@canal-bakery.example', password: 'portal-e2e-broadband-d1', firstName: 'Robin', writtenBy: 'broadband' },
  broadbandDesktop2: { email: 'e2e-broadband-desktop-2@canal-bakery.example', password: 'portal-e2e-broadband-d2', firstName: 'Robin', writtenBy: 'broadband' },
  broadbandDesktop3: { email: 'e2e-broadband-desktop-3@canal-bakery.example', password: 'portal-e2e-broadband-d3', firstName: 'Robin', writtenBy: 'broadband' },
  broadbandMobile1: { email: 'e2e-broadband-mobile-1@canal-bakery.example', password: 'portal-e2e-broadband-m1', firstName: 'Robin', writtenBy: 'broadband' },
  broadbandMobile2: { email: 'e2e-broadband-mobile-2@canal-bakery.example', password: 'portal-e2e-broadband-m2', firstName: 'Robin', writtenBy: 'broadband' },
  broadbandMobile3: { email: 'e2e-broadband-mobile-3@canal-bakery.example', password: 'portal-e2e-broadband-m3', firstName: 'Robin', writtenBy: 'broadband' },

  // Meadow Lane Vets' copies (a product of every kind): the product details spec renews a contract on one per viewport and repeat.
  detailsDesktop1: { email: 'e2e-details-desktop-1@meadow-lane-vets.example', password: 'portal-e2e-details-d1', firstName: 'Jo', writtenBy: 'product-details' },
  detailsDesktop2: { email: 'e2e-details-desktop-2@meadow-lane-vets.example', password: 'portal-e2e-details-d2', firstName: 'Jo', writtenBy: 'product-details' },
  detailsDesktop3: { email: 'e2e-details-desktop-3@meadow-lane-vets.example', password: 'portal-e2e-details-d3', firstName: 'Jo', writtenBy: 'product-details' },
  detailsMobile1: { email: 'e2e-details-mobile-1@meadow-lane-vets.example', password: 'portal-e2e-details-m1', firstName: 'Jo', writtenBy: 'product-details' },
  detailsMobile2: { email: 'e2e-details-mobile-2@meadow-lane-vets.example', password: 'portal-e2e-details-m2', firstName: 'Jo', writtenBy: 'product-details' },
  detailsMobile3: { email: 'e2e-details-mobile-3@meadow-lane-vets.example', password: 'portal-e2e-details-m3', firstName: 'Jo', writtenBy: 'product-details' },

  // Quay Glass's copies (orders of every kind and stage): the orders spec opens (marks read) orders, one per viewport.
  ordersDesktop: { email: 'e2e-orders-desktop@quay-glass.example', password: 'portal-e2e-orders-d', firstName: 'Sam', writtenBy: 'orders' },
  ordersMobile: { email: 'e2e-orders-mobile@quay-glass.example', password: 'portal-e2e-orders-m', firstName: 'Sam', writtenBy: 'orders' },
  // Tern Freight's copies (billed as Harbour Freight: card, £84.00 overdue): the billing spec changes their direct debit, one per viewport.
  billingDesktop: { email: 'e2e-billing-desktop@tern-freight.example', password: 'portal-e2e-billing-d', firstName: 'Kit', writtenBy: 'billing' },
  billingMobile: { email: 'e2e-billing-mobile@tern-freight.example', password: 'portal-e2e-billing-m', firstName: 'Kit', writtenBy: 'billing' },
  // And the ones whose overdue balance the billing spec pays, one per viewport.
  billingPayDesktop: { email: 'e2e-billing-pay-desktop@tern-freight.example', password: 'portal-e2e-billing-pd', firstName: 'Kit', writtenBy: 'billing' },
  billingPayMobile: { email: 'e2e-billing-pay-mobile@tern-freight.example', password: 'portal-e2e-billing-pm', firstName: 'Kit', writtenBy: 'billing' },
  // And the one whose balance it pays from two windows at once, and the one it asks for payment links past the e-mail limit.
  billingTwoWindows: { email: 'e2e-billing-tabs@tern-freight.example', password: 'portal-e2e-billing-t', firstName: 'Kit', writtenBy: 'billing' },
  billingMailLimit: { email: 'e2e-billing-limit@tern-freight.example', password: 'portal-e2e-billing-l', firstName: 'Kit', writtenBy: 'billing' },
  // Tern Freight's copies with a cloud phone suspended for non-payment: the suspension spec pays their balance, one per viewport.
  suspendedDesktop: { email: 'e2e-suspended-desktop@tern-freight.example', password: 'portal-e2e-suspended-d', firstName: 'Kit', writtenBy: 'suspension' },
  suspendedMobile: { email: 'e2e-suspended-mobile@tern-freight.example', password: 'portal-e2e-suspended-m', firstName: 'Kit', writtenBy: 'suspension' },
  // Tern Freight's copies whose balance the payment-links spec pays from an e-mailed link, one per viewport.
  payLinkDesktop: { email: 'e2e-paylinks-desktop@tern-freight.example', password: 'portal-e2e-paylinks-d', firstName: 'Kit', writtenBy: 'payment-links' },
  payLinkMobile: { email: 'e2e-paylinks-mobile@tern-freight.example', password: 'portal-e2e-paylinks-m', firstName: 'Kit', writtenBy: 'payment-links' },
  // And the ones whose direct debit it sets up from an e-mailed mandate link.
  mandateDesktop: { email: 'e2e-mandate-desktop@tern-freight.example', password: 'portal-e2e-mandate-d', firstName: 'Kit', writtenBy: 'payment-links' },
  mandateMobile: { email: 'e2e-mandate-mobile@tern-freight.example', password: 'portal-e2e-mandate-m', firstName: 'Kit', writtenBy: 'payment-links' },
  // And the ones that save a card for recurring payments from an e-mailed link, one per viewport.
  recurringCardDesktop: { email: 'e2e-rcp@tern-freight.example', password: 'portal-e2e-rcp-1', firstName: 'Kit', writtenBy: 'payment-links' },
  recurringCardMobile: { email: 'e2e-rcp-mobile@tern-freight.example', password: 'portal-e2e-rcp-m', firstName: 'Kit', writtenBy: 'payment-links' },

  // Meadow Lane Vets' copies (its installation address has no county): the shop spec orders to it, one per viewport.
  shopMeadowDesktop: { email: 'e2e-shop-meadow-desktop@meadow-lane-vets.example', password: 'portal-e2e-shop-meadow-d', firstName: 'Jo', writtenBy: 'shop' },
  shopMeadowMobile: { email: 'e2e-shop-meadow-mobile@meadow-lane-vets.example', password: 'portal-e2e-shop-meadow-m', firstName: 'Jo', writtenBy: 'shop' },
  // Buy-now customers whose stored address lacks its town and county: the emergency-address spec completes it, one per viewport.
  incompleteAddressDesktop: { email: 'e2e-emergency-incomplete-desktop@bakery-row.example', password: 'portal-e2e-incomplete-d', firstName: 'Ali', writtenBy: 'emergency-address' },
  incompleteAddressMobile: { email: 'e2e-emergency-incomplete-mobile@bakery-row.example', password: 'portal-e2e-incomplete-m', firstName: 'Ali', writtenBy: 'emergency-address' },
  // Acme's copies on supplier 2 (the shop open): the shop spec buys phones, one per viewport.
  shopDesktop: { email: 'e2e-shop-desktop@acme-plumbing.example', password: 'portal-e2e-shop-d', firstName: 'Alex', writtenBy: 'shop' },
  shopMobile: { email: 'e2e-shop-mobile@acme-plumbing.example', password: 'portal-e2e-shop-m', firstName: 'Alex', writtenBy: 'shop' },

  // The e2e-only copies of Pier Bakery: reaching buy-now complete makes the phone live (the welcome call).
  buyNowCompleteDesktop: { email: 'e2e-buynow-complete@pier-bakery.example', password: 'portal-e2e-buynow-1', firstName: 'Jamie', writtenBy: 'buynow-complete' },
  buyNowCompletePhone: { email: 'e2e-buynow-complete-phone@pier-bakery.example', password: 'portal-e2e-buynow-2', firstName: 'Jamie', writtenBy: 'buynow-complete' },
  everyCustomerPier: { email: 'e2e-every-customer@pier-bakery.example', password: 'portal-e2e-every-1', firstName: 'Jamie', writtenBy: 'every-customer' },
  // The company contacts spec's copies of Acme (30 contacts each): changes, and the export round trip apart.
  contactsAcme: { email: 'e2e-contacts@acme-plumbing.example', password: 'portal-e2e-contacts-1', firstName: 'Alex', writtenBy: 'contacts' },
  contactsExportAcme: { email: 'e2e-contacts-export@acme-plumbing.example', password: 'portal-e2e-contacts-2', firstName: 'Alex', writtenBy: 'contacts' },
  shellAcme: { email: 'e2e-shell@acme-plumbing.example', password: 'portal-e2e-shell-1', firstName: 'Alex', writtenBy: 'shell' },

  // The call-recordings spec's copies of Acme (30 days of calls), one per test and viewport: deleting and the admin password change them.
  recordingsListenDesktop: { email: 'e2e-recordings-listen-desktop@acme-plumbing.example', password: 'portal-e2e-recordings-listen-d', firstName: 'Alex', writtenBy: 'call-recordings' },
  recordingsListenMobile: { email: 'e2e-recordings-listen-mobile@acme-plumbing.example', password: 'portal-e2e-recordings-listen-m', firstName: 'Alex', writtenBy: 'call-recordings' },
  recordingsDeleteDesktop: { email: 'e2e-recordings-delete-desktop@acme-plumbing.example', password: 'portal-e2e-recordings-delete-d', firstName: 'Alex', writtenBy: 'call-recordings' },
  recordingsDeleteMobile: { email: 'e2e-recordings-delete-mobile@acme-plumbing.example', password: 'portal-e2e-recordings-delete-m', firstName: 'Alex', writtenBy: 'call-recordings' },
  recordingsPasswordDesktop: { email: 'e2e-recordings-password-desktop@acme-plumbing.example', password: 'portal-e2e-recordings-password-d', firstName: 'Alex', writtenBy: 'call-recordings' },
  recordingsPasswordMobile: { email: 'e2e-recordings-password-mobile@acme-plumbing.example', password: 'portal-e2e-recordings-password-m', firstName: 'Alex', writtenBy: 'call-recordings' },

  // The e2e-only copies of Acme with a locked user, one per viewport and repeat: the users-devices spec adds users and unlocks her.
  usersDesktop1: { email: 'e2e-users-desktop-1@acme-plumbing.example', password: 'portal-e2e-users-d1', firstName: 'Alex', writtenBy: 'users-devices' },
  usersDesktop2: { email: 'e2e-users-desktop-2@acme-plumbing.example', password: 'portal-e2e-users-d2', firstName: 'Alex', writtenBy: 'users-devices' },
  usersDesktop3: { email: 'e2e-users-desktop-3@acme-plumbing.example', password: 'portal-e2e-users-d3', firstName: 'Alex', writtenBy: 'users-devices' },
  usersMobile1: { email: 'e2e-users-mobile-1@acme-plumbing.example', password: 'portal-e2e-users-m1', firstName: 'Alex', writtenBy: 'users-devices' },
  usersMobile2: { email: 'e2e-users-mobile-2@acme-plumbing.example', password: 'portal-e2e-users-m2', firstName: 'Alex', writtenBy: 'users-devices' },
  usersMobile3: { email: 'e2e-users-mobile-3@acme-plumbing.example', password: 'portal-e2e-users-m3', firstName: 'Alex', writtenBy: 'users-devices' },

  // Demo customers seeded for one spec each.
  staff: { email: 'support@portal.example', password: 'portal-staff-1', firstName: 'Sam', writtenBy: 'staff', alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS } },
  staffViewed: { email: 'taylor@willow-accountancy.example', password: 'portal-viewed-1', firstName: 'Taylor', writtenBy: 'staff', alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS } },
  unverified: { email: 'pat@willow-accountancy.example', password: 'portal-unverified-1', firstName: 'Pat', writtenBy: 'staff' },
  trial: {
    email: 'trial@brightdesk.example',
    password: 'portal-trial-1',
    firstName: 'Jordan',
    writtenBy: 'quickstart',
    alsoReadBy: { navigation: 'the trial banner (days left) and the side navigation, which the quick start never changes', 'every-customer': EVERY_CUSTOMER_READS },
  },
  trialFeedback: { email: 'sasha@juniper-florists.example', password: 'portal-feedback-1', firstName: 'Sasha', writtenBy: 'quickstart', alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS } },
  buyNow: { email: 'owner@corner-cafe.example', password: 'portal-buynow-1', firstName: 'Chris', writtenBy: 'emergency-address', alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS } },
  buyNowManualAddress: { email: 'owner@tidewater-deli.example', password: 'portal-buynow-2', firstName: 'Drew', writtenBy: 'emergency-address', alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS } },
  buyNowOnPhone: { email: 'owner@quayside-florist.example', password: 'portal-buynow-3', firstName: 'Sasha', writtenBy: 'emergency-address', alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS } },
  buyNowReady: { email: 'owner@harbourside-bakes.example', password: 'portal-buynow-4', firstName: 'Jamie', writtenBy: 'call-flow-editor', alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS } },
  notifications: { email: 'office@kestrel-electrical.example', password: 'portal-notify-1', firstName: 'Robin', writtenBy: 'notifications', alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS } },
  profileDetails: { email: 'drew@fernleaf-studio.example', password: 'portal-profile-1', firstName: 'Drew', writtenBy: 'profile', alsoReadBy: { 'every-customer': EVERY_CUSTOMER_READS } },
  profileEmail: { email: 'kit@fernleaf-studio.example', password: 'portal-email-1', firstName: 'Kit', writtenBy: 'profile' },
  // Copies of Nova Dental (server/src/db/demo-e2e.ts): the getting-started test completes one per project and repeat.
  gettingStartedDesktop1: { email: 'e2e-getting-started-desktop-1@nova-dental.example', password: 'portal-e2e-welcome-desktop-1', firstName: 'Riley', writtenBy: 'getting-started' },
  gettingStartedDesktop2: { email: 'e2e-getting-started-desktop-2@nova-dental.example', password: 'portal-e2e-welcome-desktop-2', firstName: 'Riley', writtenBy: 'getting-started' },
  gettingStartedDesktop3: { email: 'e2e-getting-started-desktop-3@nova-dental.example', password: 'portal-e2e-welcome-desktop-3', firstName: 'Riley', writtenBy: 'getting-started' },
  gettingStartedPhone1: { email: 'e2e-getting-started-phone-1@nova-dental.example', password: 'portal-e2e-welcome-phone-1', firstName: 'Riley', writtenBy: 'getting-started' },
  gettingStartedPhone2: { email: 'e2e-getting-started-phone-2@nova-dental.example', password: 'portal-e2e-welcome-phone-2', firstName: 'Riley', writtenBy: 'getting-started' },
  gettingStartedPhone3: { email: 'e2e-getting-started-phone-3@nova-dental.example', password: 'portal-e2e-welcome-phone-3', firstName: 'Riley', writtenBy: 'getting-started' },
  // Copies of Acme with 21 numbers (server/src/modules/numbers/demo-numbers.ts): the numbers spec buys, assigns and transfers, one per viewport.
  numbersDesktop: { email: 'e2e-numbers-desktop@acme-plumbing.example', password: 'portal-e2e-numbers-d', firstName: 'Alex', writtenBy: 'numbers' },
  numbersMobile: { email: 'e2e-numbers-mobile@acme-plumbing.example', password: 'portal-e2e-numbers-m', firstName: 'Alex', writtenBy: 'numbers' },
  profilePassword: { email: 'lee@fernleaf-studio.example', password: 'portal-password-1', firstName: 'Lee', writtenBy: 'profile' },
} as const satisfies Record<string, E2eAccount>;
