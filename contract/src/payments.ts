// zod/mini, like the other contracts a page loads on demand: the payment pages load these.
import * as z from 'zod/mini';

import {
  BILL_CYCLES,
  BillingAccountParams,
  displayPrice,
  formatPence,
  LinkSent,
  LinkTokenParams,
  PAYMENT_METHODS,
  penceOf,
  SavedCard,
} from './billing.ts';
import { endpoint } from './endpoint.ts';

/**
 * Card payments through a hosted checkout (spec 001 sections 3 "Checkout", 5 "Payment" and 7).
 * The card is typed on the provider's page, never on ours: the portal only ever holds the
 * provider's session and payment ids. Our decisions where the spec is silent:
 *
 * - An amount is the balance by default; a part payment is allowed from MIN_PART_PAYMENT_PENCE
 *   (£5.00) up to the balance (a balance under £5.00 is paid whole).
 * - Each attempt carries its own idempotency key, made by the browser when the amount is
 *   confirmed: sending it twice (a double click, a reload) answers the same checkout session,
 *   and a session approved once records one payment however often it is verified.
 * - The provider sends the browser back to /checkout-redirect?cko-session-id=..., which the page
 *   verifies with GET /payment/process/ before it says the payment went through.
 */

/**
 * Payment links (spec 000 section 2: /make-a-payment is also a guest route): the server e-mails
 * the account holder /make-a-payment?tkn={token}, which pays the account's balance without signing
 * in. The token is a one-time key: it works until a payment made with it is approved, and for
 * PAYMENT_LINK_TTL_DAYS days at most.
 */
export const PAYMENT_LINK_TTL_DAYS = 7;

/** The smallest part payment, in pence. */
export const MIN_PART_PAYMENT_PENCE = 500;

export const paymentMessages = {
  amountRequired: 'Enter an amount to pay',
  amountInvalid: 'Enter an amount in pounds and pence, like 84.00',
  amountTooSmall: `You can pay part of your balance, from ${formatPence(MIN_PART_PAYMENT_PENCE)}`,
  amountTooLarge: 'You cannot pay more than your balance',
  nothingToPay: 'There is nothing to pay on your account',
  unknownSession: 'This payment could not be found. Please try again.',
  declined: 'Your payment was declined. No money has been taken. Check your card details, or try another card.',
  approved: 'Thank you: your payment has been received',
  linkInvalid: 'This payment link is not valid. Sign in to pay your balance.',
  linkExpired: 'This payment link has expired. Sign in to pay your balance.',
  linkUsed: 'This payment link has been used already. Sign in to see your balance or pay again.',
  linkSent: 'We have e-mailed a payment link to the account holder',
  checkoutOpen: (pounds: string) =>
    `A payment of ${displayPrice(pounds)} is already open, perhaps in another window: finish it there, or try again in ${CHECKOUT_OPEN_MINUTES} minutes.`,
} as const;

/**
 * An account has one open checkout at a time: a second one asked for within this many minutes of the first (another
 * window, the same payment link used twice) is the first again when it is for the same amount, else refused (409),
 * so one balance is never paid twice. A checkout older than this no longer holds the account.
 */
export const CHECKOUT_OPEN_MINUTES = 30;

/** Whether an amount (pence) may be paid against a balance (pence); the message when not. */
export function amountProblem(amountPence: number, balancePence: number): string | null {
  if (balancePence <= 0) return paymentMessages.nothingToPay;
  if (amountPence > balancePence) return paymentMessages.amountTooLarge;
  if (amountPence < Math.min(MIN_PART_PAYMENT_PENCE, balancePence)) return paymentMessages.amountTooSmall;
  return null;
}

/** GET /api/v3/payment/balance/ (spec 001 sections 3 and 7): the balance and the hosted checkout's fields. */
export const PaymentBalance = z.object({
  balance: z.string(),
  /** Where the hosted checkout lives (the provider's page). */
  checkout_action: z.string(),
  /** The provider's public key for this portal. */
  checkout_pk: z.string(),
  /** The provider's script, '' when its page needs none. */
  checkout_src: z.string(),
});
export type PaymentBalance = z.infer<typeof PaymentBalance>;

/** A browser-made key per attempt: 16 to 64 letters, digits and dashes (a UUID). */
export const IdempotencyKey = z
  .string(paymentMessages.unknownSession)
  .check(z.regex(/^[A-Za-z0-9-]{16,64}$/, 'idempotency_key must be 16 to 64 letters, digits or dashes'));

export const PaymentAmount = z.pipe(
  z.string({ error: paymentMessages.amountRequired }).check(
    z.trim(),
    z.minLength(1, { error: paymentMessages.amountRequired, abort: true }),
    z.refine((text) => penceOf(text) !== null, paymentMessages.amountInvalid),
  ),
  z.transform((text: string) => penceOf(text) ?? 0),
);

/** POST /payment/process/: `data` is the attempt (spec: "body data"). */
export const ProcessPaymentRequest = z.object({
  data: z.object({ amount: PaymentAmount, idempotency_key: IdempotencyKey }),
});
export type ProcessPaymentRequest = z.input<typeof ProcessPaymentRequest>;

/** A payment's answer (spec 001 section 3: approved, _links.redirect.href). */
export const PaymentResult = z.object({
  approved: z.boolean(),
  status: z.enum(['pending', 'approved', 'declined']),
  amount: z.string(),
  /** The provider's session id (cko-session-id). */
  session_id: z.string(),
  _links: z.object({ redirect: z.nullable(z.object({ href: z.string() })) }),
});
export type PaymentResult = z.infer<typeof PaymentResult>;

/** A payment link's token (`tkn`): what the link carries, at most 100 characters. */
const LinkToken = z
  .string(paymentMessages.linkInvalid)
  .check(z.minLength(1, paymentMessages.linkInvalid), z.maxLength(100, paymentMessages.linkInvalid));

/** The optional `tkn` of POST /payment/process/: with it, the payment is the link's account's, signed out. */
export const PaymentLinkQuery = z.object({ tkn: z.optional(LinkToken) });

export const VerifyPaymentQuery = z.object({
  'cko-session-id': z
    .string(paymentMessages.unknownSession)
    .check(z.minLength(1, paymentMessages.unknownSession), z.maxLength(100, paymentMessages.unknownSession)),
  tkn: z.optional(LinkToken),
});

/** GET /api/v3/billing/payments/?tkn=: the link's account, its balance and the checkout fields. */
export const PaymentsByTokenQuery = z.object({ tkn: LinkToken });
export const PaymentsByToken = z.extend(PaymentBalance, { business_name: z.string() });
export type PaymentsByToken = z.infer<typeof PaymentsByToken>;

/**
 * Recurring card payment links (spec 000 section 2 /recurring-card-payment/{token}, with
 * /invalid-link and /setup-complete; spec 001 section 7 "recurring-card-payment tokens"): the
 * server e-mails the account holder /recurring-card-payment/{token}, where they save a card for
 * the account's future bills on the provider's hosted page in card set-up mode, without signing
 * in. Nothing is charged; the portal keeps the provider's instrument id and the brand and last
 * four digits it gives. Our decisions where the spec is silent:
 *
 * - GET answers the account details and the RCP details (the card on file, the checkout fields);
 *   POST with `idempotency_key` starts a set-up (the same key answers the same hosted page), POST
 *   with `session_id` (the provider's cko-session-id on return) asks the provider how it ended.
 * - The token works once (spent when the card is saved; a declined card leaves it working) and
 *   for RCP_LINK_TTL_DAYS days; any 401 on its data shows /recurring-card-payment/invalid-link.
 * - A saved card makes the account's payment method "card".
 */
export const RCP_LINK_TTL_DAYS = 7;

export const recurringCardMessages = {
  linkInvalid: 'This card payment link is not valid. Sign in to set up how you pay.',
  linkExpired: 'This card payment link has expired. Sign in to set up how you pay.',
  linkUsed: 'This card payment link has been used already. Sign in to see how you pay.',
  linkSent: 'We have e-mailed a card payment set-up link to the account holder',
  unknownSession: 'This card set-up could not be found. Please try again.',
  declined: 'Your card was not saved. Nothing has been charged. Check the card details, or try another card.',
  saved: 'Your card is saved for future payments',
  startOrCheck: 'Send idempotency_key to start a card set-up, or session_id to check one',
} as const;

/** GET /api/v1/recurring-card-payment/tokens/{token}/: the account details and the RCP details (spec 001 section 3 "Checkout"). */
export const RecurringCardPayment = z.object({
  account_details: z.object({
    business_name: z.string(),
    first_name: z.string(),
    bill_cycle: z.enum(BILL_CYCLES),
    payment_method: z.enum(PAYMENT_METHODS),
  }),
  rcp_details: z.object({
    /** The card on file now, if any (a new one replaces it). */
    card: z.nullable(SavedCard),
    checkout_action: z.string(),
    checkout_pk: z.string(),
    checkout_src: z.string(),
  }),
});
export type RecurringCardPayment = z.infer<typeof RecurringCardPayment>;

const SessionId = z
  .string(recurringCardMessages.unknownSession)
  .check(z.minLength(1, recurringCardMessages.unknownSession), z.maxLength(100, recurringCardMessages.unknownSession));

/** POST /api/v1/recurring-card-payment/tokens/{token}/: start a set-up (idempotency_key) or check one on return (session_id). */
export const RecurringCardPaymentRequest = z
  .object({ idempotency_key: z.optional(IdempotencyKey), session_id: z.optional(SessionId) })
  .check(
    z.refine(
      (body) => (body.idempotency_key === undefined) !== (body.session_id === undefined),
      recurringCardMessages.startOrCheck,
    ),
  );
export type RecurringCardPaymentRequest = z.input<typeof RecurringCardPaymentRequest>;

/** A card set-up's answer: pending with the provider's page to go to, approved with the card saved, or declined. */
export const RecurringCardPaymentResult = z.object({
  status: z.enum(['pending', 'approved', 'declined']),
  session_id: z.string(),
  card: z.nullable(SavedCard),
  _links: z.object({ redirect: z.nullable(z.object({ href: z.string() })) }),
});
export type RecurringCardPaymentResult = z.infer<typeof RecurringCardPaymentResult>;

export const paymentEndpoints = {
  getPaymentBalance: endpoint({
    method: 'GET',
    path: '/api/v3/payment/balance/',
    summary: "The customer's balance and the hosted checkout's fields",
    auth: true,
    response: PaymentBalance,
  }),
  // With `tkn` (a payment link) these two work signed out, for the link's account (server/src/routes: tokenOrSignedIn).
  processPayment: endpoint({
    answers: ['linkOrSignedIn'],
    method: 'POST',
    path: '/payment/process/',
    summary:
      "Starts a card payment: answers the provider's hosted checkout to go to (the same for the same idempotency_key); with tkn, signed out for the payment link's account",
    auth: true,
    query: PaymentLinkQuery,
    body: ProcessPaymentRequest,
    response: PaymentResult,
  }),
  verifyPayment: endpoint({
    answers: ['linkOrSignedIn'],
    method: 'GET',
    path: '/payment/process/',
    summary:
      'Verifies a payment with the provider after its checkout (cko-session-id); records it once when approved (spending the payment link when tkn is given)',
    auth: true,
    query: VerifyPaymentQuery,
    response: PaymentResult,
  }),
  getPaymentsByToken: endpoint({
    answers: ['linkOpened'],
    method: 'GET',
    path: '/api/v3/billing/payments/',
    summary:
      "A payment link's account: its balance and the checkout fields (401 when the link is not valid, used or expired)",
    auth: false,
    query: PaymentsByTokenQuery,
    response: PaymentsByToken,
  }),
  sendPaymentLink: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v3/billing/accounts/:id/payment-link/',
    summary: "E-mails the account holder a link to pay the account's balance without signing in",
    auth: true,
    params: BillingAccountParams,
    response: LinkSent,
    status: 201,
  }),
  sendRecurringCardLink: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v3/billing/accounts/:id/rcp-link/',
    summary:
      'E-mails the account holder a link to save a card for recurring payments without signing in (/recurring-card-payment/{token})',
    auth: true,
    params: BillingAccountParams,
    response: LinkSent,
    status: 201,
  }),
  getRecurringCardPayment: endpoint({
    answers: ['linkOpened'],
    method: 'GET',
    path: '/api/v1/recurring-card-payment/tokens/:token/',
    summary:
      "A recurring-card-payment link's account details and RCP details (401 when the link is not valid, used or expired)",
    auth: false,
    params: LinkTokenParams,
    response: RecurringCardPayment,
  }),
  postRecurringCardPayment: endpoint({
    answers: ['linkOpened'],
    method: 'POST',
    path: '/api/v1/recurring-card-payment/tokens/:token/',
    summary:
      "Starts saving a card on the provider's hosted page (idempotency_key), or checks one on return (session_id): a saved card spends the link",
    auth: false,
    params: LinkTokenParams,
    body: RecurringCardPaymentRequest,
    response: RecurringCardPaymentResult,
  }),
};
