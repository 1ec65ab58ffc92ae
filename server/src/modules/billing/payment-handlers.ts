import type { FastifyRequest } from 'fastify';

import { amountProblem, CHECKOUT_OPEN_MINUTES, paymentMessages, poundsOf, type PaymentResult } from '@portal/contract';

import { authOf } from '../../plugins/auth.ts';
import { detailError, fieldError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { publicUrl, spendOneTimeKeyById } from '../identity/index.ts';
import {
  addPaymentAttempt,
  billingAccount,
  declinePaymentAttempt,
  invoicedPence,
  paidPence,
  paymentAttemptByKey,
  paymentAttemptBySession,
  pendingPaymentAttempts,
  settlePaymentAttempt,
  type PaymentAttemptRow,
} from './billing-repository.ts';
import { issuedLinkAccount, liveLinkAccount } from './payment-links.ts';

/** The signed-in customer's account id, else 404 (staff have none). */
function accountOf(request: FastifyRequest): number {
  const { accountId } = authOf(request).user;
  if (accountId === null) throw detailError(404, paymentMessages.nothingToPay);
  return accountId;
}

async function balancePence(request: FastifyRequest, accountId: number): Promise<number> {
  const [invoiced, paid] = await Promise.all([
    invoicedPence(request.server.db, accountId),
    paidPence(request.server.db, accountId),
  ]);
  return invoiced - paid;
}

const result = (
  attempt: PaymentAttemptRow,
  status: PaymentResult['status'],
  redirect: string | null,
): PaymentResult => ({
  approved: status === 'approved',
  status,
  amount: poundsOf(attempt.amountPence),
  session_id: attempt.providerSessionId,
  _links: { redirect: redirect === null ? null : { href: redirect } },
});

/** How many of an account's newest checkouts still pending a new one asks the provider about first. */
const PENDING_CHECKOUTS_ASKED = 10;

/** An open checkout answered again for the same amount; for another amount, a 409 saying one is open. */
function sameCheckout(open: PaymentAttemptRow, amountPence: number, answer: PaymentResult): PaymentResult {
  if (open.amountPence !== amountPence)
    throw detailError(409, paymentMessages.checkoutOpen(poundsOf(open.amountPence)));
  return answer;
}

/**
 * Asks the provider how the attempt's session ended and records it: an approved one becomes a
 * payment once, however often this runs (the page's check, a reload, the webhook).
 */
export async function settle(request: FastifyRequest, attempt: PaymentAttemptRow): Promise<PaymentResult> {
  const outcome = await request.server.payments.outcome(attempt.providerSessionId);
  if (!outcome) throw detailError(404, paymentMessages.unknownSession);
  if (outcome.status === 'approved' && outcome.paymentId) {
    if (attempt.status === 'pending') {
      // Checked against the balance again as the provider confirms: what is paid beyond it (a checkout confirmed
      // late, another window's) is the account's credit, and the operator is told, to refund it if asked.
      const owed = await balancePence(request, attempt.accountId);
      if (attempt.amountPence > owed)
        request.log.warn(
          { accountId: attempt.accountId, paidPence: attempt.amountPence, owedPence: owed },
          'card payment beyond the balance: the rest is credit',
        );
    }
    await settlePaymentAttempt(request.server.db, attempt.id, outcome.paymentId, request.server.now());
    return result(attempt, 'approved', null);
  }
  if (outcome.status === 'declined') {
    await declinePaymentAttempt(request.server.db, attempt.id);
    return result(attempt, 'declined', null);
  }
  return result(attempt, 'pending', outcome.redirectUrl ?? attempt.redirectUrl);
}

/**
 * Card payments (spec 001 section 7: balance, POST and GET payment/process): the card is typed
 * on the provider's hosted page; here, only amounts, the provider's ids and the outcome it gives.
 */
export const paymentHandlers = {
  getPaymentsByToken: async ({ query, request }) => {
    const { accountId } = await liveLinkAccount(request.server, query.tkn);
    const account = await billingAccount(request.server.db, accountId);
    if (!account) throw detailError(404, paymentMessages.nothingToPay);
    const { checkout } = request.server.payments;
    return {
      business_name: account.businessName,
      balance: poundsOf(await balancePence(request, accountId)),
      checkout_action: checkout.action,
      checkout_pk: checkout.publicKey,
      checkout_src: checkout.src,
    };
  },

  getPaymentBalance: async ({ request }) => {
    const accountId = accountOf(request);
    const { checkout } = request.server.payments;
    return {
      balance: poundsOf(await balancePence(request, accountId)),
      checkout_action: checkout.action,
      checkout_pk: checkout.publicKey,
      checkout_src: checkout.src,
    };
  },

  processPayment: async ({ query, body, request }) => {
    // With a payment link (tkn), the link's account, signed out; the link must still be live.
    const accountId =
      query.tkn === undefined ? accountOf(request) : (await liveLinkAccount(request.server, query.tkn)).accountId;
    const key = body.data.idempotency_key;
    // The same attempt sent again (a double click, a reload): the same checkout, never a second charge.
    const earlier = await paymentAttemptByKey(request.server.db, key);
    if (earlier) {
      if (earlier.accountId !== accountId) throw detailError(404, paymentMessages.unknownSession);
      return settle(request, earlier);
    }
    const amount = body.data.amount;
    const now = request.server.now();
    const openSince = new Date(now.getTime() - CHECKOUT_OPEN_MINUTES * 60 * 1000);
    // The account's checkouts still pending are asked for their outcome first, however old: one paid in a window
    // never come back from lowers the balance checked below. One opened within CHECKOUT_OPEN_MINUTES and still open
    // (another window, a payment link used twice) is answered again rather than a second made.
    for (const pending of await pendingPaymentAttempts(request.server.db, accountId, PENDING_CHECKOUTS_ASKED)) {
      const outcome = await settle(request, pending);
      if (outcome.status === 'pending' && pending.createdAt > openSince) return sameCheckout(pending, amount, outcome);
    }
    const problem = amountProblem(amount, await balancePence(request, accountId));
    if (problem) throw fieldError('data.amount', problem);
    const provider = request.server.payments;
    const returnUrl = provider.mode === 'sandbox' ? '/checkout-redirect' : `${publicUrl()}/checkout-redirect`;
    const session = await provider.createSession({
      amountPence: amount,
      reference: `ACC-${accountId}-${key.slice(0, 8).toUpperCase()}`,
      returnUrl,
      idempotencyKey: key,
    });
    const attempt = await addPaymentAttempt(
      request.server.db,
      {
        accountId,
        idempotencyKey: key,
        amountPence: amount,
        providerSessionId: session.id,
        redirectUrl: session.redirectUrl,
        createdAt: now,
      },
      openSince,
    );
    return sameCheckout(attempt, amount, result(attempt, 'pending', attempt.redirectUrl));
  },

  verifyPayment: async ({ query, request }) => {
    const link = query.tkn === undefined ? null : await issuedLinkAccount(request.server, query.tkn);
    const accountId = link ? link.accountId : accountOf(request);
    const attempt = await paymentAttemptBySession(request.server.db, query['cko-session-id']);
    if (!attempt || attempt.accountId !== accountId) throw detailError(404, paymentMessages.unknownSession);
    const outcome = await settle(request, attempt);
    // The link has done its job: it pays once (a reload of this page still finds its payment).
    if (link && outcome.approved) await spendOneTimeKeyById(request.server.db, link.key.id, request.server.now());
    return outcome;
  },
} satisfies Pick<Handlers, 'getPaymentBalance' | 'getPaymentsByToken' | 'processPayment' | 'verifyPayment'>;
