import { brand } from './brand.ts';
import { defineRoute } from './route-path.ts';

/**
 * Every route of the spec (000, section 2), in one place: the router, the navigation,
 * the guards and the tests take paths from here and never spell them out. Import the
 * module as a namespace, so a bundle only carries the routes it names:
 * @example
 * import * as paths from '../config/paths.ts';
 * paths.callFlows.build({ id: 12 }, { tab: 'active-call-flow' }) // '/call-flows/12?tab=active-call-flow'
 */

const productPhoneDetailsPattern = `/${brand.productSlug}-phone-details/:id` as const;

// Logged-in home and account
export const index = /*#__PURE__*/ defineRoute('/');
export const billing = /*#__PURE__*/ defineRoute('/billing');
export const myOrders = /*#__PURE__*/ defineRoute('/my-orders');
export const profilePreferences = /*#__PURE__*/ defineRoute('/profile-preferences');
export const shop = /*#__PURE__*/ defineRoute('/shop');
export const shopPayment = /*#__PURE__*/ defineRoute('/shop/payment');
export const upgrade = /*#__PURE__*/ defineRoute('/upgrade/:id');
export const user = /*#__PURE__*/ defineRoute('/user/:id');
/** Staff only: the audit log of what staff did and looked at while viewing customers. */
export const staffAuditLog = /*#__PURE__*/ defineRoute('/staff/audit-log');

// Per-product routes (id is the product id)
export const accountAddOns = /*#__PURE__*/ defineRoute('/account-add-ons/:id');
export const productPhoneDetails = /*#__PURE__*/ defineRoute(productPhoneDetailsPattern);
export const broadbandDetails = /*#__PURE__*/ defineRoute('/broadband-details/:id');
export const fibreDetails = /*#__PURE__*/ defineRoute('/fibre-details/:id');
export const phonelineDetails = /*#__PURE__*/ defineRoute('/phoneline-details/:id');
export const voipDetails = /*#__PURE__*/ defineRoute('/voip-details/:id');
export const websiteDetails = /*#__PURE__*/ defineRoute('/website-details/:id');
export const callFlows = /*#__PURE__*/ defineRoute('/call-flows/:id');
export const callFlowsCustom = /*#__PURE__*/ defineRoute('/call-flows/custom/:id?');
export const callRecordings = /*#__PURE__*/ defineRoute('/call-recordings/:id');
export const callRecordingsRecentlyDeleted = /*#__PURE__*/ defineRoute('/call-recordings/:id/recently-deleted');
export const callReports = /*#__PURE__*/ defineRoute('/call-reports/:id');
export const companyContacts = /*#__PURE__*/ defineRoute('/company-contacts/:id');
export const downloadApps = /*#__PURE__*/ defineRoute('/download-apps/:id');
export const phoneNumbers = /*#__PURE__*/ defineRoute('/phone-numbers/:id');
export const phoneSetup = /*#__PURE__*/ defineRoute('/phone-setup/:id');
export const usersDevices = /*#__PURE__*/ defineRoute('/users-devices/:id');
/** Without an id these two redirect to the first product's page (spec 000, route rules). */
export const usersDevicesWithoutId = /*#__PURE__*/ defineRoute('/users-devices');
export const phoneNumbersWithoutId = /*#__PURE__*/ defineRoute('/phone-numbers');

// Authentication
export const authLogin = /*#__PURE__*/ defineRoute('/auth/login/');

// Recurring card payment and mandate

// Public or guest routes
export const buynowComplete = /*#__PURE__*/ defineRoute('/buynow/complete/:id');
export const comingSoon = /*#__PURE__*/ defineRoute('/coming-soon');
export const gettingStarted = /*#__PURE__*/ defineRoute('/getting-started');
export const gettingStartedPage = /*#__PURE__*/ defineRoute('/getting-started/:page');
export const loginAs = /*#__PURE__*/ defineRoute('/loginas');

/** Anything no route matches. */
export const notFound = /*#__PURE__*/ defineRoute('*');

// Call flows: the page's tab, and the query naming the flow the custom editor opens.
export const CALL_FLOWS_TAB = 'active-call-flow';
export const CALLFLOW_ID_PARAM = 'callflow_id';

/** The call flows page of a product: /call-flows/{id}?tab=active-call-flow. */
export function callFlowsPage(productId: number | string): string {
  return callFlows.build({ id: productId }, { tab: CALL_FLOWS_TAB });
}

// Phone setup: its tabs, by the ?tab= value; the spec's links open holiday-schedule, the first (the phone-setup
// feature's phoneSetupTab reads a value: helpers only lazy pages use live there, out of the entry chunk).
export const PHONE_SETUP_TABS = ['holiday-schedule', 'voicemail', 'hold-music', 'temporary-divert'] as const;
export type PhoneSetupTab = (typeof PHONE_SETUP_TABS)[number];

/** A phone setup tab of a product: /phone-setup/{id}?tab=holiday-schedule. */
export function phoneSetupPage(productId: number | string, tab: PhoneSetupTab = PHONE_SETUP_TABS[0]): string {
  return phoneSetup.build({ id: productId }, { tab });
}
