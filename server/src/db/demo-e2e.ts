import { BUY_NOW_CHANNEL } from '@portal/contract';
import type { AudioStorage } from '../audio/storage.ts';
import type { Database } from './connect.ts';
import { seedProvisionedBuyNowCustomer } from '../modules/trial/demo-shell.ts';
import { seedAcmeLike, type AcmeNumbers } from './demo-acme.ts';
import { demoUser, type DemoUser } from './demo-users.ts';
import { accounts, products, quickstarts, trials, users } from './schema/index.ts';
import { seedPhoneSetupE2e } from '../modules/phone-setup/demo-phone-setup.ts';
import { seedGettingStartedCustomer } from '../modules/getting-started/demo-getting-started.ts';
import { seedNumbersCopy } from '../modules/numbers/demo-numbers.ts';
import { seedLockedUser } from '../modules/users/demo-seats.ts';
import { seedAcmeHardware } from '../modules/hardware/demo-hardware.ts';
import { seedNoCloudPhoneCustomer } from '../modules/signup/demo-signup.ts';
import { seedDemoContacts } from '../modules/contacts/demo-contacts.ts';
import { seedBroadbandCustomer } from '../modules/broadband/demo-broadband.ts';
import { seedOrderTrackerCustomer } from '../modules/notifications/demo-orders.ts';
import { seedProductDetailsCustomer } from '../modules/product-details/demo-product-details.ts';
import { seedOverdueCardCustomer } from '../modules/billing/demo-billing.ts';
import { NON_PAYMENT_SUSPENSION } from '../modules/products/products-repository.ts';
import { seedCallLog } from '../modules/call-log/demo-calls.ts';

/**
 * The end-to-end suite's own customers: copies of Acme Plumbing (and of Pier Bakery, below), one for each spec that
 * changes a cloud phone's data (its call flows, voicemail, hold music) or its sign-in (wrong
 * passwords count towards the throttle), so specs running side by side never see each
 * other's changes. They are seeded only when the e2e server asks (PORTAL_E2E_ACCOUNTS=on, set
 * by scripts/e2e-server.mjs), after the demo data, so the demo's ids stay: they are test
 * fixtures with known passwords, and four more copies of Acme would only confuse a demo.
 * e2e/accounts.ts lists the same sign-ins for the specs.
 */
export const e2eLogins = [
  { spec: 'auth', email: 'e2e-auth@acme-plumbing.example', password: 'portal-e2e-auth-1', company: 'Acme Plumbing Ltd (e2e auth)' },
  { spec: 'call-flow-editor', email: 'e2e-call-flow-editor@acme-plumbing.example', password: 'portal-e2e-editor-1', company: 'Acme Plumbing Ltd (e2e call-flow editor)' },
  { spec: 'call-flows', email: 'e2e-call-flows@acme-plumbing.example', password: 'portal-e2e-flows-1', company: 'Acme Plumbing Ltd (e2e call flows)' },
  // The call-flow editor's Save & Enable summary against the active flow: it enables a flow of its own.
  { spec: 'call-flow-editor', email: 'e2e-call-flow-summary@acme-plumbing.example', password: 'portal-e2e-summary-1', company: 'Acme Plumbing Ltd (e2e enable summary)' },
  { spec: 'phone-setup', email: 'e2e-phone-setup@acme-plumbing.example', password: 'portal-e2e-phone-1', company: 'Acme Plumbing Ltd (e2e phone setup)' },
  // The shell spec writes chat messages and signs out.
  { spec: 'shell', email: 'e2e-shell@acme-plumbing.example', password: 'portal-e2e-shell-1', company: 'Acme Plumbing Ltd (e2e shell)' },
  // The live test call spec calls Main office hours and leaves messages (its call history grows).
  { spec: 'live-call', email: 'e2e-live-call@acme-plumbing.example', password: 'portal-e2e-live-call-1', company: 'Acme Plumbing Ltd (e2e live call)' },
] as const;

/**
 * The e2e suite's copies of Pier Bakery (a buy-now cloud phone just provisioned): reaching its
 * buy-now complete page makes it live, so each spec that goes there has its own, and the
 * buy-now spec one per screen size (its desktop and phone runs go side by side).
 */
export const e2eBuyNowLogins = [
  { spec: 'buynow-complete', email: 'e2e-buynow-complete@pier-bakery.example', password: 'portal-e2e-buynow-1', company: 'Pier Bakery (e2e buy-now complete)', number: '01632960411' },
  { spec: 'buynow-complete', email: 'e2e-buynow-complete-phone@pier-bakery.example', password: 'portal-e2e-buynow-2', company: 'Pier Bakery (e2e buy-now complete, phone)', number: '01632960421' },
  { spec: 'every-customer', email: 'e2e-every-customer@pier-bakery.example', password: 'portal-e2e-every-1', company: 'Pier Bakery (e2e every customer)', number: '01632960431' },
] as const;

/** Every copy's user is Jamie Cole, as in Pier Bakery. */
const E2E_BUY_NOW_USER_NAME = 'Jamie Cole';

/**
 * Copies of Lumen Design (a cloud phone whose opt-in trial has ended) for the upgrade spec: one
 * per viewport and per run of `--repeat-each=3` (upgrading ends the trial for good), so the
 * documented demo login keeps its own. e2e/accounts.ts lists the same sign-ins.
 */
export const e2eUpgradeLogins = [
  { spec: 'upgrade', email: 'e2e-upgrade-desktop-1@lumen-design.example', password: 'portal-e2e-upgrade-d1', company: 'Lumen Design (e2e upgrade, desktop 1)' },
  { spec: 'upgrade', email: 'e2e-upgrade-desktop-2@lumen-design.example', password: 'portal-e2e-upgrade-d2', company: 'Lumen Design (e2e upgrade, desktop 2)' },
  { spec: 'upgrade', email: 'e2e-upgrade-desktop-3@lumen-design.example', password: 'portal-e2e-upgrade-d3', company: 'Lumen Design (e2e upgrade, desktop 3)' },
  { spec: 'upgrade', email: 'e2e-upgrade-mobile-1@lumen-design.example', password: 'portal-e2e-upgrade-m1', company: 'Lumen Design (e2e upgrade, mobile 1)' },
  { spec: 'upgrade', email: 'e2e-upgrade-mobile-2@lumen-design.example', password: 'portal-e2e-upgrade-m2', company: 'Lumen Design (e2e upgrade, mobile 2)' },
  { spec: 'upgrade', email: 'e2e-upgrade-mobile-3@lumen-design.example', password: 'portal-e2e-upgrade-m3', company: 'Lumen Design (e2e upgrade, mobile 3)' },
] as const;
const UPGRADE_USER_NAME = 'Casey Hart';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Copies of Nova Dental (a cloud phone whose getting started is due), one for each run of the
 * getting-started spec's test that completes it, on the desktop and on a phone, three times
 * (`--repeat-each=3`): once done, the product leaves the list for good.
 */
export const e2eGettingStartedLogins = [
  { spec: 'getting-started', email: 'e2e-getting-started-desktop-1@nova-dental.example', password: 'portal-e2e-welcome-desktop-1', company: 'Nova Dental (e2e desktop 1)' },
  { spec: 'getting-started', email: 'e2e-getting-started-desktop-2@nova-dental.example', password: 'portal-e2e-welcome-desktop-2', company: 'Nova Dental (e2e desktop 2)' },
  { spec: 'getting-started', email: 'e2e-getting-started-desktop-3@nova-dental.example', password: 'portal-e2e-welcome-desktop-3', company: 'Nova Dental (e2e desktop 3)' },
  { spec: 'getting-started', email: 'e2e-getting-started-phone-1@nova-dental.example', password: 'portal-e2e-welcome-phone-1', company: 'Nova Dental (e2e phone 1)' },
  { spec: 'getting-started', email: 'e2e-getting-started-phone-2@nova-dental.example', password: 'portal-e2e-welcome-phone-2', company: 'Nova Dental (e2e phone 2)' },
  { spec: 'getting-started', email: 'e2e-getting-started-phone-3@nova-dental.example', password: 'portal-e2e-welcome-phone-3', company: 'Nova Dental (e2e phone 3)' },
] as const;

/** The numbers spec's copies of Acme (21 numbers each; modules/numbers/demo-numbers.ts), one per viewport. */
export const e2eNumbersLogins = [
  { spec: 'numbers', email: 'e2e-numbers-desktop@acme-plumbing.example', password: 'portal-e2e-numbers-d', company: 'Acme Plumbing Ltd (e2e numbers, desktop)' },
  { spec: 'numbers', email: 'e2e-numbers-mobile@acme-plumbing.example', password: 'portal-e2e-numbers-m', company: 'Acme Plumbing Ltd (e2e numbers, mobile)' },
] as const;

/**
 * Copies of Acme for the phone-setup spec's holiday, divert and add-on tests, one per viewport and
 * per run of `--repeat-each=3`: they add holidays and bank holidays, set and remove a divert and
 * choose tariffs, which would clash between runs side by side on one product.
 */
export const e2ePhoneSetupLogins = [
  { spec: 'phone-setup', email: 'e2e-phone-setup-desktop-1@acme-plumbing.example', password: 'portal-e2e-setup-d1', company: 'Acme Plumbing Ltd (e2e phone setup, desktop 1)' },
  { spec: 'phone-setup', email: 'e2e-phone-setup-desktop-2@acme-plumbing.example', password: 'portal-e2e-setup-d2', company: 'Acme Plumbing Ltd (e2e phone setup, desktop 2)' },
  { spec: 'phone-setup', email: 'e2e-phone-setup-desktop-3@acme-plumbing.example', password: 'portal-e2e-setup-d3', company: 'Acme Plumbing Ltd (e2e phone setup, desktop 3)' },
  { spec: 'phone-setup', email: 'e2e-phone-setup-mobile-1@acme-plumbing.example', password: 'portal-e2e-setup-m1', company: 'Acme Plumbing Ltd (e2e phone setup, mobile 1)' },
  { spec: 'phone-setup', email: 'e2e-phone-setup-mobile-2@acme-plumbing.example', password: 'portal-e2e-setup-m2', company: 'Acme Plumbing Ltd (e2e phone setup, mobile 2)' },
  { spec: 'phone-setup', email: 'e2e-phone-setup-mobile-3@acme-plumbing.example', password: 'portal-e2e-setup-m3', company: 'Acme Plumbing Ltd (e2e phone setup, mobile 3)' },
] as const;
/**
 * Copies of Acme with a user locked out of their phone (Dana Fox, extension 203) and Acme's desk phones, for the
 * users-devices spec: one per viewport and per run of `--repeat-each=3`, since unlocking her
 * (and the users added) is for good.
 */
export const e2eUsersLogins = [
  { spec: 'users-devices', email: 'e2e-users-desktop-1@acme-plumbing.example', password: 'portal-e2e-users-d1', company: 'Acme Plumbing Ltd (e2e users, desktop 1)' },
  { spec: 'users-devices', email: 'e2e-users-desktop-2@acme-plumbing.example', password: 'portal-e2e-users-d2', company: 'Acme Plumbing Ltd (e2e users, desktop 2)' },
  { spec: 'users-devices', email: 'e2e-users-desktop-3@acme-plumbing.example', password: 'portal-e2e-users-d3', company: 'Acme Plumbing Ltd (e2e users, desktop 3)' },
  { spec: 'users-devices', email: 'e2e-users-mobile-1@acme-plumbing.example', password: 'portal-e2e-users-m1', company: 'Acme Plumbing Ltd (e2e users, mobile 1)' },
  { spec: 'users-devices', email: 'e2e-users-mobile-2@acme-plumbing.example', password: 'portal-e2e-users-m2', company: 'Acme Plumbing Ltd (e2e users, mobile 2)' },
  { spec: 'users-devices', email: 'e2e-users-mobile-3@acme-plumbing.example', password: 'portal-e2e-users-m3', company: 'Acme Plumbing Ltd (e2e users, mobile 3)' },
] as const;
/** Their numbers come after the other copies of Acme's (e2eNumbers 0-5, and 10-15 for phone setup). */
const E2E_USERS_NUMBERS_FROM = 20;
/**
 * Customers with broadband and no cloud phone, for the signup spec's opt-in trial (starting one
 * adds a cloud phone for good): one per viewport and per run of `--repeat-each=3`.
 */
export const e2eSignupTrialLogins = [
  { spec: 'signup', email: 'e2e-signup-desktop-1@fenwick-joinery.example', password: 'portal-e2e-signup-d1', company: 'Fenwick Joinery (e2e signup, desktop 1)' },
  { spec: 'signup', email: 'e2e-signup-desktop-2@fenwick-joinery.example', password: 'portal-e2e-signup-d2', company: 'Fenwick Joinery (e2e signup, desktop 2)' },
  { spec: 'signup', email: 'e2e-signup-desktop-3@fenwick-joinery.example', password: 'portal-e2e-signup-d3', company: 'Fenwick Joinery (e2e signup, desktop 3)' },
  { spec: 'signup', email: 'e2e-signup-mobile-1@fenwick-joinery.example', password: 'portal-e2e-signup-m1', company: 'Fenwick Joinery (e2e signup, mobile 1)' },
  { spec: 'signup', email: 'e2e-signup-mobile-2@fenwick-joinery.example', password: 'portal-e2e-signup-m2', company: 'Fenwick Joinery (e2e signup, mobile 2)' },
  { spec: 'signup', email: 'e2e-signup-mobile-3@fenwick-joinery.example', password: 'portal-e2e-signup-m3', company: 'Fenwick Joinery (e2e signup, mobile 3)' },
  // The self sign-up spec signs up again with this one's address (the e-mailed PIN, then the existing-user dialog).
  { spec: 'self-signup', email: 'e2e-ssu-existing@fenwick-joinery.example', password: 'portal-e2e-ssu-existing', company: 'Fenwick Joinery (e2e self sign-up, existing)' },
  { spec: 'self-signup', email: 'e2e-ssu-existing-mobile@fenwick-joinery.example', password: 'portal-e2e-ssu-existing-m', company: 'Fenwick Joinery (e2e self sign-up, existing, mobile)' },
] as const;

/** Every copy's user is Morgan Fenwick. */
const E2E_SIGNUP_USER_NAME = 'Morgan Fenwick';
/**
 * Copies of Acme for the company contacts spec, with 30 demo contacts each (two pages): one for
 * adding, editing, deleting and importing; one for the export and re-import, which re-adds what the
 * file holds, so no other test's deletions are undone by it.
 */
export const e2eContactsLogins = [
  { spec: 'contacts', email: 'e2e-contacts@acme-plumbing.example', password: 'portal-e2e-contacts-1', company: 'Acme Plumbing Ltd (e2e contacts)' },
  { spec: 'contacts', email: 'e2e-contacts-export@acme-plumbing.example', password: 'portal-e2e-contacts-2', company: 'Acme Plumbing Ltd (e2e contacts export)' },
] as const;
const E2E_CONTACTS = 30;
/**
 * Businesses that sign up for broadband in the broadband spec: approving the sign-up adds an
 * appointment to the account's orders, so one per viewport and per run of `--repeat-each=3`.
 */
export const e2eBroadbandLogins = [
  { spec: 'broadband', email: 'e2e-broadband-desktop-1@canal-bakery.example', password: 'portal-e2e-broadband-d1', company: 'Canal Bakery (e2e broadband, desktop 1)' },
  { spec: 'broadband', email: 'e2e-broadband-desktop-2@canal-bakery.example', password: 'portal-e2e-broadband-d2', company: 'Canal Bakery (e2e broadband, desktop 2)' },
  { spec: 'broadband', email: 'e2e-broadband-desktop-3@canal-bakery.example', password: 'portal-e2e-broadband-d3', company: 'Canal Bakery (e2e broadband, desktop 3)' },
  { spec: 'broadband', email: 'e2e-broadband-mobile-1@canal-bakery.example', password: 'portal-e2e-broadband-m1', company: 'Canal Bakery (e2e broadband, mobile 1)' },
  { spec: 'broadband', email: 'e2e-broadband-mobile-2@canal-bakery.example', password: 'portal-e2e-broadband-m2', company: 'Canal Bakery (e2e broadband, mobile 2)' },
  { spec: 'broadband', email: 'e2e-broadband-mobile-3@canal-bakery.example', password: 'portal-e2e-broadband-m3', company: 'Canal Bakery (e2e broadband, mobile 3)' },
] as const;
const E2E_BROADBAND_USER_NAME = 'Robin Hale';

/**
 * Customers with orders of every kind and stage (modules/notifications/demo-orders.ts) for the
 * orders spec, one per viewport: opening an order marks it read for good.
 */
export const e2eOrdersLogins = [
  { spec: 'orders', email: 'e2e-orders-desktop@quay-glass.example', password: 'portal-e2e-orders-d', company: 'Quay Glass (e2e orders, desktop)' },
  { spec: 'orders', email: 'e2e-orders-mobile@quay-glass.example', password: 'portal-e2e-orders-m', company: 'Quay Glass (e2e orders, mobile)' },
] as const;
const E2E_ORDERS_USER_NAME = 'Sam Quay';
/** Copies of Acme on supplier 2 (so the shop is open), one per viewport: the shop spec buys phones for them. */
export const e2eShopLogins = [
  { spec: 'shop', email: 'e2e-shop-desktop@acme-plumbing.example', password: 'portal-e2e-shop-d', company: 'Acme Plumbing Ltd (e2e shop, desktop)' },
  { spec: 'shop', email: 'e2e-shop-mobile@acme-plumbing.example', password: 'portal-e2e-shop-m', company: 'Acme Plumbing Ltd (e2e shop, mobile)' },
] as const;
/** Their numbers come after the users spec's copies (E2E_USERS_NUMBERS_FROM). */
const E2E_SHOP_NUMBERS_FROM = 30;

/**
 * Copies of Meadow Lane Vets (one product of every kind; modules/product-details/demo-product-details.ts)
 * for the product details spec, one per viewport and repeat: renewing a contract is for good.
 */
export const e2eDetailsLogins = [
  { spec: 'product-details', email: 'e2e-details-desktop-1@meadow-lane-vets.example', password: 'portal-e2e-details-d1', company: 'Meadow Lane Vets (e2e details, desktop 1)' },
  { spec: 'product-details', email: 'e2e-details-desktop-2@meadow-lane-vets.example', password: 'portal-e2e-details-d2', company: 'Meadow Lane Vets (e2e details, desktop 2)' },
  { spec: 'product-details', email: 'e2e-details-desktop-3@meadow-lane-vets.example', password: 'portal-e2e-details-d3', company: 'Meadow Lane Vets (e2e details, desktop 3)' },
  { spec: 'product-details', email: 'e2e-details-mobile-1@meadow-lane-vets.example', password: 'portal-e2e-details-m1', company: 'Meadow Lane Vets (e2e details, mobile 1)' },
  { spec: 'product-details', email: 'e2e-details-mobile-2@meadow-lane-vets.example', password: 'portal-e2e-details-m2', company: 'Meadow Lane Vets (e2e details, mobile 2)' },
  { spec: 'product-details', email: 'e2e-details-mobile-3@meadow-lane-vets.example', password: 'portal-e2e-details-m3', company: 'Meadow Lane Vets (e2e details, mobile 3)' },
] as const;
const E2E_DETAILS_USER_NAME = 'Jo Carter';

/**
 * Copies of Meadow Lane Vets, whose installation address has no county, for the shop spec's order
 * delivered there (the county completed at checkout): one per viewport, as each run orders more.
 */
export const e2eShopMeadowLogins = [
  { spec: 'shop', email: 'e2e-shop-meadow-desktop@meadow-lane-vets.example', password: 'portal-e2e-shop-meadow-d', company: 'Meadow Lane Vets (e2e shop, desktop)' },
  { spec: 'shop', email: 'e2e-shop-meadow-mobile@meadow-lane-vets.example', password: 'portal-e2e-shop-meadow-m', company: 'Meadow Lane Vets (e2e shop, mobile)' },
] as const;
/** Their copy numbers come after the product details spec's six (numbers 0117 496 007x and 008x). */
const E2E_SHOP_MEADOW_COPY_FROM = 7;

/**
 * Buy-now customers whose stored installation address lacks its town/city and county (saved so by an
 * earlier sign-up form), for the emergency-address spec, which completes it: one per viewport.
 */
export const e2eIncompleteAddressLogins = [
  { spec: 'emergency-address', email: 'e2e-emergency-incomplete-desktop@bakery-row.example', password: 'portal-e2e-incomplete-d', company: 'Bakery Row Cafe (e2e incomplete address, desktop)' },
  { spec: 'emergency-address', email: 'e2e-emergency-incomplete-mobile@bakery-row.example', password: 'portal-e2e-incomplete-m', company: 'Bakery Row Cafe (e2e incomplete address, mobile)' },
] as const;
const E2E_INCOMPLETE_ADDRESS_USER_NAME = 'Ali Baker';

/**
 * Customers billed as Harbour Freight is (card, £84.00 overdue, the credit-control card on home)
 * for the billing spec, which changes their direct debit and pays their balance: one per viewport.
 */
export const e2eBillingLogins = [
  { spec: 'billing', email: 'e2e-billing-desktop@tern-freight.example', password: 'portal-e2e-billing-d', company: 'Tern Freight (e2e billing, desktop)' },
  { spec: 'billing', email: 'e2e-billing-mobile@tern-freight.example', password: 'portal-e2e-billing-m', company: 'Tern Freight (e2e billing, mobile)' },
  // The spec pays these ones' balance (a declined card, then a 3-D Secure one).
  { spec: 'billing', email: 'e2e-billing-pay-desktop@tern-freight.example', password: 'portal-e2e-billing-pd', company: 'Tern Freight (e2e payment, desktop)' },
  { spec: 'billing', email: 'e2e-billing-pay-mobile@tern-freight.example', password: 'portal-e2e-billing-pm', company: 'Tern Freight (e2e payment, mobile)' },
  // The spec pays this one's balance from two windows at once, and asks this one for payment links past the e-mail limit.
  { spec: 'billing', email: 'e2e-billing-tabs@tern-freight.example', password: 'portal-e2e-billing-t', company: 'Tern Freight (e2e two windows)' },
  { spec: 'billing', email: 'e2e-billing-limit@tern-freight.example', password: 'portal-e2e-billing-l', company: 'Tern Freight (e2e e-mail limit)' },
] as const;
const E2E_BILLING_USER_NAME = 'Kit Tern';

/**
 * Customers billed as Harbour Freight is (card, £84.00 overdue) whose cloud phone is suspended for
 * non-payment, as Harbour Freight's Portsmouth phone is, for the suspension spec, which pays the
 * balance: one per viewport.
 */
export const e2eSuspendedLogins = [
  { spec: 'suspension', email: 'e2e-suspended-desktop@tern-freight.example', password: 'portal-e2e-suspended-d', company: 'Tern Freight (e2e suspended, desktop)' },
  { spec: 'suspension', email: 'e2e-suspended-mobile@tern-freight.example', password: 'portal-e2e-suspended-m', company: 'Tern Freight (e2e suspended, mobile)' },
] as const;

/**
 * Customers billed as Harbour Freight is, for the payment-links spec, which pays their balance
 * from an e-mailed payment link signed out, or set up their direct debit from a mandate link: one per viewport each;
 * and one that saves a card for recurring payments from a recurring-card-payment link.
 */
export const e2ePaymentLinkLogins = [
  { spec: 'payment-links', email: 'e2e-paylinks-desktop@tern-freight.example', password: 'portal-e2e-paylinks-d', company: 'Tern Freight (e2e payment link, desktop)' },
  { spec: 'payment-links', email: 'e2e-paylinks-mobile@tern-freight.example', password: 'portal-e2e-paylinks-m', company: 'Tern Freight (e2e payment link, mobile)' },
  // The spec sets up these ones' direct debit from an e-mailed mandate link.
  { spec: 'payment-links', email: 'e2e-mandate-desktop@tern-freight.example', password: 'portal-e2e-mandate-d', company: 'Tern Freight (e2e mandate, desktop)' },
  { spec: 'payment-links', email: 'e2e-mandate-mobile@tern-freight.example', password: 'portal-e2e-mandate-m', company: 'Tern Freight (e2e mandate, mobile)' },
  // And these save a card for recurring payments from an e-mailed link.
  { spec: 'payment-links', email: 'e2e-rcp@tern-freight.example', password: 'portal-e2e-rcp-1', company: 'Tern Freight (e2e recurring card)' },
  { spec: 'payment-links', email: 'e2e-rcp-mobile@tern-freight.example', password: 'portal-e2e-rcp-m', company: 'Tern Freight (e2e recurring card, mobile)' },
] as const;

/**
 * The call-recordings spec's copies of Acme, with 30 days of calls: one per test and viewport, as
 * deleting recordings and setting the admin password change what the other tests would see.
 */
export const e2eCallRecordingsLogins = [
  { spec: 'call-recordings', email: 'e2e-recordings-listen-desktop@acme-plumbing.example', password: 'portal-e2e-recordings-listen-d', company: 'Acme Plumbing Ltd (e2e recordings, listen, desktop)' },
  { spec: 'call-recordings', email: 'e2e-recordings-listen-mobile@acme-plumbing.example', password: 'portal-e2e-recordings-listen-m', company: 'Acme Plumbing Ltd (e2e recordings, listen, mobile)' },
  { spec: 'call-recordings', email: 'e2e-recordings-delete-desktop@acme-plumbing.example', password: 'portal-e2e-recordings-delete-d', company: 'Acme Plumbing Ltd (e2e recordings, delete, desktop)' },
  { spec: 'call-recordings', email: 'e2e-recordings-delete-mobile@acme-plumbing.example', password: 'portal-e2e-recordings-delete-m', company: 'Acme Plumbing Ltd (e2e recordings, delete, mobile)' },
  { spec: 'call-recordings', email: 'e2e-recordings-password-desktop@acme-plumbing.example', password: 'portal-e2e-recordings-password-d', company: 'Acme Plumbing Ltd (e2e recordings, password, desktop)' },
  { spec: 'call-recordings', email: 'e2e-recordings-password-mobile@acme-plumbing.example', password: 'portal-e2e-recordings-password-m', company: 'Acme Plumbing Ltd (e2e recordings, password, mobile)' },
] as const;

/** Every copy's user is Riley Shaw, as in Nova Dental. */
const E2E_GETTING_STARTED_NAME = 'Riley Shaw';

/** Every copy's user is Alex Morgan, as in Acme, so the specs read the same names. */
const E2E_USER_NAME = 'Alex Morgan';

/** Six numbers of its own per copy (numbers are unique): 01632 9606x1-3 and 020 7946 06x1-3, from Ofcom's drama ranges. */
function e2eNumbers(index: number): AcmeNumbers {
  const at = (prefix: string, n: number) => `${prefix}${600 + 10 * (index + 1) + n}`;
  return { leeds: [at('01632960', 1), at('01632960', 2), at('01632960', 3)], london: [at('02079460', 1), at('02079460', 2), at('02079460', 3)] };
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
    logins: e2eBuyNowLogins,
    userName: E2E_BUY_NOW_USER_NAME,
    seed: async (tx, _audio, user, index, now) => {
      const login = e2eBuyNowLogins[index]!;
      await seedProvisionedBuyNowCustomer(tx, { user, company: login.company, login: { email: login.email, name: E2E_BUY_NOW_USER_NAME }, number: login.number }, now);
    },
  },
  { logins: e2eUpgradeLogins, userName: UPGRADE_USER_NAME, seed: (tx, _audio, user, index, now) => seedLumenLike(tx, user, e2eUpgradeLogins[index]!.company, now) },
  {
    logins: e2ePhoneSetupLogins,
    userName: E2E_USER_NAME,
    seed: async (tx, audio, user, index, now) => {
      // Numbers 0163296071x-0163296076x and 0207946071x-...: past the other copies' (e2eNumbers 0-5).
      const copy = await seedAcmeLike(tx, audio, { user, company: e2ePhoneSetupLogins[index]!.company, numbers: e2eNumbers(index + 10) }, now);
      await seedPhoneSetupE2e(tx, copy.cloudPhoneId, now);
    },
  },
  {
    logins: e2eGettingStartedLogins,
    userName: E2E_GETTING_STARTED_NAME,
    seed: (tx, _audio, user, index, now) => seedGettingStartedCustomer(tx, user, e2eGettingStartedLogins[index]!.company, now),
  },
  // The numbers spec buys, assigns and transfers numbers: a copy of Acme with 21 numbers per viewport.
  {
    logins: e2eNumbersLogins,
    userName: E2E_USER_NAME,
    seed: (tx, audio, user, index, now) => seedNumbersCopy(tx, audio, user, e2eNumbersLogins[index]!.company, index, now),
  },
  {
    logins: e2eUsersLogins,
    userName: E2E_USER_NAME,
    seed: async (tx, audio, user, index, now) => {
      const { cloudPhoneId, voipUserIds } = await seedAcmeLike(tx, audio, { user, company: e2eUsersLogins[index]!.company, numbers: e2eNumbers(E2E_USERS_NUMBERS_FROM + index), supplier: 2 }, now);
      await seedLockedUser(tx, cloudPhoneId, 'acme-plumbing.example', now);
      // Acme's two desk phones, at MAC addresses of their own (the demo's Acme is copy 0).
      await seedAcmeHardware(tx, cloudPhoneId, voipUserIds, 1 + index);
    },
  },
  { logins: e2eSignupTrialLogins, userName: E2E_SIGNUP_USER_NAME, seed: (tx, _audio, user, index) => seedNoCloudPhoneCustomer(tx, user, e2eSignupTrialLogins[index]!.company) },
  {
    logins: e2eContactsLogins,
    userName: E2E_USER_NAME,
    seed: async (tx, audio, user, index, now) => {
      // Numbers 01632 96077x / 020 7946 077x (and 078x for the second): clear of the other copies.
      const at = (prefix: string, n: number) => `${prefix}${700 + 10 * (index + 7) + n}`;
      const numbers: AcmeNumbers = { leeds: [at('01632960', 1), at('01632960', 2), at('01632960', 3)], london: [at('02079460', 1), at('02079460', 2), at('02079460', 3)] };
      const { cloudPhoneId } = await seedAcmeLike(tx, audio, { user, company: e2eContactsLogins[index]!.company, numbers }, now);
      await seedDemoContacts(tx, cloudPhoneId, E2E_CONTACTS);
    },
  },
  { logins: e2eBroadbandLogins, userName: E2E_BROADBAND_USER_NAME, seed: (tx, _audio, user, index, now) => seedBroadbandCustomer(tx, user, e2eBroadbandLogins[index]!.company, now) },
  { logins: e2eOrdersLogins, userName: E2E_ORDERS_USER_NAME, seed: (tx, _audio, user, index, now) => seedOrderTrackerCustomer(tx, user, e2eOrdersLogins[index]!.company, now) },
  // Copy 0 is the demo's Meadow Lane Vets: each copy's numbers are its own.
  {
    logins: e2eDetailsLogins,
    userName: E2E_DETAILS_USER_NAME,
    seed: async (tx, _audio, user, index, now) => {
      await seedProductDetailsCustomer(tx, user, e2eDetailsLogins[index]!.company, index + 1, now);
    },
  },
  {
    logins: e2eBillingLogins,
    userName: E2E_BILLING_USER_NAME,
    seed: async (tx, _audio, user, index, now) => {
      await seedOverdueCardCustomer(tx, user, e2eBillingLogins[index]!.company, now);
    },
  },
  {
    logins: e2ePaymentLinkLogins,
    userName: E2E_BILLING_USER_NAME,
    seed: async (tx, _audio, user, index, now) => {
      await seedOverdueCardCustomer(tx, user, e2ePaymentLinkLogins[index]!.company, now);
    },
  },
  {
    logins: e2eSuspendedLogins,
    userName: E2E_BILLING_USER_NAME,
    seed: async (tx, _audio, user, index, now) => {
      const { accountId } = await seedOverdueCardCustomer(tx, user, e2eSuspendedLogins[index]!.company, now);
      await tx.insert(products).values({
        accountId,
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
      });
    },
  },
  {
    logins: e2eCallRecordingsLogins,
    userName: E2E_USER_NAME,
    seed: async (tx, audio, user, index, now) => {
      // Numbers 0114 496 08x1-3 and 0115 496 08x1-3 (Ofcom's drama ranges): no other copy's.
      const at = (prefix: string, n: number) => `${prefix}${800 + 10 * index + n}`;
      const numbers: AcmeNumbers = { leeds: [at('01144960', 1), at('01144960', 2), at('01144960', 3)], london: [at('01154960', 1), at('01154960', 2), at('01154960', 3)] };
      const { cloudPhoneId } = await seedAcmeLike(tx, audio, { user, company: e2eCallRecordingsLogins[index]!.company, numbers }, now);
      await seedCallLog(tx, cloudPhoneId, { extensions: ['200', '201', '202'], numbers: [...numbers.leeds, ...numbers.london], days: 30, now, seed: 20 });
    },
  },
  {
    logins: e2eShopMeadowLogins,
    userName: E2E_DETAILS_USER_NAME,
    seed: async (tx, _audio, user, index, now) => {
      await seedProductDetailsCustomer(tx, user, e2eShopMeadowLogins[index]!.company, E2E_SHOP_MEADOW_COPY_FROM + index, now);
    },
  },
  { logins: e2eIncompleteAddressLogins, userName: E2E_INCOMPLETE_ADDRESS_USER_NAME, seed: (tx, _audio, user, index) => seedIncompleteAddressBuyNow(tx, user, e2eIncompleteAddressLogins[index]!.company) },
  {
    logins: e2eShopLogins,
    userName: E2E_USER_NAME,
    seed: async (tx, audio, user, index, now) => {
      await seedAcmeLike(tx, audio, { user, company: e2eShopLogins[index]!.company, numbers: e2eNumbers(E2E_SHOP_NUMBERS_FROM + index), supplier: 2 }, now);
    },
  },
];

/** Every e2e-only login, of every group. */
export const allE2eLogins = () => E2E_GROUPS.flatMap((group) => group.logins);

/** The e2e users with their password hashes, by group; slow, so seed.ts starts it before its transaction. */
export function e2eDemoUsers(): Promise<DemoUser[][]> {
  return Promise.all(E2E_GROUPS.map((group) => Promise.all(group.logins.map(({ email, password }) => demoUser({ email, password, name: group.userName })))));
}

export async function seedE2eDemo(tx: Pick<Database, 'insert'>, audio: AudioStorage, hashed: DemoUser[][], now: Date): Promise<void> {
  for (const [groupIndex, group] of E2E_GROUPS.entries()) {
    for (const index of group.logins.keys()) {
      const user = hashed[groupIndex]?.[index];
      if (!user) throw new Error(`seed: e2e user ${group.logins[index]!.email} missing`);
      await group.seed(tx, audio, user, index, now);
    }
  }
}

/** A copy of Lumen Design: a voip3 cloud phone whose 14-day opt-in trial ended 2 days ago. */
async function seedLumenLike(tx: Pick<Database, 'insert'>, user: DemoUser, company: string, now: Date): Promise<void> {
  const [account] = await tx.insert(accounts).values({ name: company }).returning();
  if (!account) throw new Error('seed: e2e upgrade customer missing');
  await tx.insert(users).values({ ...user, accountId: account.id });
  const [phone] = await tx
    .insert(products)
    .values({
      accountId: account.id,
      kind: 'voip',
      tariffVersion: 'TARIFF_V3',
      supplier: 3,
      status: 'live',
      showProductPages: true,
      channel: 'Self Sign Up',
      productDetail: 'Cloud phone - 1 user (trial)',
      confirmedDate: now.toISOString().slice(0, 10),
      installationAddress: {
        summary_line: 'Suite 3, 40 North Road, Brighton, BN1 1YE',
        line_one: 'Suite 3, 40 North Road',
        line_two: '',
        city: 'Brighton',
        county: 'East Sussex',
        post_code: 'BN1 1YE',
      },
    })
    .returning();
  if (!phone) throw new Error('seed: e2e upgrade phone not inserted');
  const endsAt = new Date(now.getTime() - 2 * DAY_MS);
  const startedAt = new Date(endsAt.getTime() - 14 * DAY_MS);
  await tx.insert(trials).values({ productId: phone.id, kind: 'OPT_IN', startedAt, endsAt, statusEntry: startedAt });
  await tx.insert(quickstarts).values({ productId: phone.id, showPopup: true, sectionsCompleted: {} });
}

/** A live buy-now cloud phone whose installation address has only its first line and postcode (no town/city, no county). */
async function seedIncompleteAddressBuyNow(tx: Pick<Database, 'insert'>, user: DemoUser, company: string): Promise<void> {
  const [account] = await tx.insert(accounts).values({ name: company }).returning();
  if (!account) throw new Error(`seed: ${company} not inserted`);
  await tx.insert(users).values({ ...user, accountId: account.id });
  await tx.insert(products).values({
    accountId: account.id,
    kind: 'voip',
    tariffVersion: 'TARIFF_V3',
    supplier: 3,
    status: 'live',
    showProductPages: true,
    channel: BUY_NOW_CHANNEL,
    productDetail: 'Cloud phone - 1 user',
    confirmedDate: '2025-02-03',
    installationAddress: { summary_line: '1 Bakery Row, LS11 5PZ', line_one: '1 Bakery Row', line_two: '', city: '', county: '', post_code: 'LS11 5PZ' },
  });
}
