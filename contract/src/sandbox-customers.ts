import * as z from 'zod/mini';

/**
 * The sandbox's customer factory (POST /sandbox/customers/): a new customer like one of the demo
 * customers (docs/demo-accounts.md), under a fresh e-mail address and password, for a test that
 * changes what it signs in as. Only while the sandbox is on (server/src/app.ts); never part of the
 * portal's API, so not in the endpoints table.
 */
export const SANDBOX_CUSTOMER_KINDS = [
  /** Like Acme Plumbing: a cloud phone with 3 users and 6 numbers, call flows, voicemail and hold music. */
  'cloud-phone',
  /** Like BrightDesk Studio: a cloud phone in an opt-in trial ending in 2 days. */
  'trial',
  /** Like Harbourside Bakes: a Buy Now cloud phone whose emergency address is given. */
  'buy-now',
  /** Like Corner Cafe: a Buy Now cloud phone with no emergency address yet. */
  'buy-now-no-address',
  /** Like a Buy Now cloud phone whose stored address has only its first line and postcode. */
  'buy-now-incomplete-address',
  /** Like Nova Dental: a new cloud phone whose getting started is due. */
  'getting-started',
  /** Like Pier Bakery: a Buy Now cloud phone just provisioned (goes to the buy-now complete page). */
  'provisioned',
  /** Like Lumen Design: a cloud phone whose opt-in trial ended 2 days ago. */
  'ended-trial',
  /** Like Harbour Freight's billing: broadband, paid by card, £84.00 overdue. */
  'overdue-card',
  /** An overdue-card customer whose cloud phone is suspended for non-payment. */
  'suspended',
  /** Like Meadow Lane Vets: one product of every kind, each with its contracts. */
  'every-product-kind',
  /** Broadband and no cloud phone (may start an opt-in trial). */
  'no-cloud-phone',
  /** Like Canal Bakery: broadband at one site, no cloud phone. */
  'broadband',
  /** Like Quay Glass: orders of every kind and stage. */
  'several-orders',
  /** A member of staff who may manage other users' accounts. */
  'staff',
  /** Like Willow Accountancy: a cloud phone whose getting started is still to do (the customer staff switch to). */
  'staff-viewed',
  /** Like Willow Accountancy's colleague: a user whose e-mail address is not verified yet. */
  'unverified',
  /** Like Acme, with one holiday coming, Fraud guard and no divert (holiday schedule, divert, add-ons). */
  'phone-setup',
  /** Like Acme with 21 numbers, Tom on 3 of them, and four more users. */
  'many-numbers',
  /** Like Acme on supplier 2, with Dana Fox locked out of her phone and two desk phones. */
  'locked-user',
  /** Like Acme on supplier 2, whose shop is open. */
  'shop',
  /** Like Acme with 30 company contacts (two pages). */
  'contacts',
  /** Like Acme with 30 days of calls, recordings and transcripts. */
  'call-history',
  /** Like Fernleaf Studio: broadband, and the user whose profile is changed. */
  'profile',
  /** Like Juniper Florists: an opt-in trial whose quick start asks for feedback. */
  'trial-feedback',
  /** Like Kestrel Electrical: broadband, a phone line and a notification centre of its own. */
  'notifications',
] as const;
export type SandboxCustomerKind = (typeof SANDBOX_CUSTOMER_KINDS)[number];

export const sandboxCustomerMessages = {
  kind: `kind must be one of ${SANDBOX_CUSTOMER_KINDS.join(', ')}`,
} as const;

export const SandboxCustomerRequest = z.strictObject({
  kind: z.enum(SANDBOX_CUSTOMER_KINDS, { error: sandboxCustomerMessages.kind }),
});
export type SandboxCustomerRequest = z.infer<typeof SandboxCustomerRequest>;

/** The new customer's sign-in and what a test reads from it. */
export const SandboxCustomer = z.object({
  kind: z.enum(SANDBOX_CUSTOMER_KINDS),
  email: z.string(),
  password: z.string(),
  first_name: z.string(),
  company: z.string(),
  /** Null for staff, who have no account of their own. */
  account_id: z.nullable(z.int()),
  /** Its phone numbers (national, no spaces), in the order the kind gives them. */
  numbers: z.array(z.string()),
});
export type SandboxCustomer = z.infer<typeof SandboxCustomer>;
