// zod/mini, like the other contracts a page loads on demand: the payment pages load these.
import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { BillingAccountParams, LinkSent, penceOf, poundsOf } from './billing.ts';

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
  amountTooSmall: `You can pay part of your balance, from ${poundsOf(MIN_PART_PAYMENT_PENCE)} pounds`,
  amountTooLarge: 'You cannot pay more than your balance',
  nothingToPay: 'There is nothing to pay on your account',
  unknownSession: 'This payment could not be found. Please try again.',
  declined: 'Your payment was declined. No money has been taken. Check your card details, or try another card.',
  approved: 'Thank you: your payment has been received',
  linkInvalid: 'This payment link is not valid. Sign in to pay your balance.',
  linkExpired: 'This payment link has expired. Sign in to pay your balance.',
  linkUsed: 'This payment link has been used already. Sign in to see your balance or pay again.',
  linkSent: 'We have e-mailed a payment link to the account holder',
} as const;

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
export const IdempotencyKey = z.string(paymentMessages.unknownSession).check(z.regex(/^[A-Za-z0-9-]{16,64}$/, 'idempotency_key must be 16 to 64 letters, digits or dashes'));

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
const LinkToken = z.string(paymentMessages.linkInvalid).check(z.minLength(1, paymentMessages.linkInvalid), z.maxLength(100, paymentMessages.linkInvalid));

/** The optional `tkn` of POST /payment/process/: with it, the payment is the link's account's, signed out. */
export const PaymentLinkQuery = z.object({ tkn: z.optional(LinkToken) });

export const VerifyPaymentQuery = z.object({
  'cko-session-id': z.string(paymentMessages.unknownSession).check(z.minLength(1, paymentMessages.unknownSession), z.maxLength(100, paymentMessages.unknownSession)),
  tkn: z.optional(LinkToken),
});

/** GET /api/v3/billing/payments/?tkn=: the link's account, its balance and the checkout fields. */
export const PaymentsByTokenQuery = z.object({ tkn: LinkToken });
export const PaymentsByToken = z.extend(PaymentBalance, { business_name: z.string() });
export type PaymentsByToken = z.infer<typeof PaymentsByToken>;


export const paymentEndpoints = {
  getPaymentBalance: endpoint({
    method: 'GET', path: '/api/v3/payment/balance/', summary: "The customer's balance and the hosted checkout's fields", auth: true,
    response: PaymentBalance,
  }),
  // With `tkn` (a payment link) these two work signed out, for the link's account (server/src/routes: tokenOrSignedIn).
  processPayment: endpoint({
    method: 'POST', path: '/payment/process/', summary: "Starts a card payment: answers the provider's hosted checkout to go to (the same for the same idempotency_key); with tkn, signed out for the payment link's account", auth: true,
    query: PaymentLinkQuery, body: ProcessPaymentRequest, response: PaymentResult,
  }),
  verifyPayment: endpoint({
    method: 'GET', path: '/payment/process/', summary: 'Verifies a payment with the provider after its checkout (cko-session-id); records it once when approved (spending the payment link when tkn is given)', auth: true,
    query: VerifyPaymentQuery, response: PaymentResult,
  }),
  getPaymentsByToken: endpoint({
    method: 'GET', path: '/api/v3/billing/payments/', summary: "A payment link's account: its balance and the checkout fields (401 when the link is not valid, used or expired)", auth: false,
    query: PaymentsByTokenQuery, response: PaymentsByToken,
  }),
  sendPaymentLink: endpoint({
    method: 'POST', path: '/api/v3/billing/accounts/:id/payment-link/', summary: "E-mails the account holder a link to pay the account's balance without signing in", auth: true,
    params: BillingAccountParams, response: LinkSent, status: 201,
  }),
};
