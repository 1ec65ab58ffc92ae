import type { FastifyRequest } from 'fastify';
import { amountProblem, paymentMessages, poundsOf, type PaymentResult } from '@portal/contract';
import { publicUrl } from '../../auth/verification.ts';
import { authOf } from '../../plugins/auth.ts';
import { detailError, fieldError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import type { PaymentAttemptRow } from './billing-repository.ts';

/** The signed-in customer's account id, else 404 (staff have none). */
function accountOf(request: FastifyRequest): number {
  const { accountId } = authOf(request).user;
  if (accountId === null) throw detailError(404, paymentMessages.nothingToPay);
  return accountId;
}

async function balancePence(request: FastifyRequest, accountId: number): Promise<number> {
  const repository = request.server.billingRepository;
  const [invoiced, paid] = await Promise.all([repository.invoicedPence(accountId), repository.paidPence(accountId)]);
  return invoiced - paid;
}

const result = (attempt: PaymentAttemptRow, status: PaymentResult['status'], redirect: string | null): PaymentResult => ({
  approved: status === 'approved',
  status,
  amount: poundsOf(attempt.amountPence),
  session_id: attempt.providerSessionId,
  _links: { redirect: redirect === null ? null : { href: redirect } },
});

/**
 * Asks the provider how the attempt's session ended and records it: an approved one becomes a
 * payment once, however often this runs (the page's check, a reload, the webhook).
 */
export async function settle(request: FastifyRequest, attempt: PaymentAttemptRow): Promise<PaymentResult> {
  const outcome = await request.server.payments.outcome(attempt.providerSessionId);
  if (!outcome) throw detailError(404, paymentMessages.unknownSession);
  const repository = request.server.billingRepository;
  if (outcome.status === 'approved' && outcome.paymentId) {
    await repository.settleAttempt(attempt.id, outcome.paymentId, request.server.now());
    return result(attempt, 'approved', null);
  }
  if (outcome.status === 'declined') {
    await repository.declineAttempt(attempt.id);
    return result(attempt, 'declined', null);
  }
  return result(attempt, 'pending', outcome.redirectUrl ?? attempt.redirectUrl);
}

/**
 * Card payments (spec 001 section 7: balance, POST and GET payment/process): the card is typed
 * on the provider's hosted page; here, only amounts, the provider's ids and the outcome it gives.
 */
export const paymentHandlers = {
  getPaymentBalance: async ({ request }) => {
    const accountId = accountOf(request);
    const { checkout } = request.server.payments;
    return { balance: poundsOf(await balancePence(request, accountId)), checkout_action: checkout.action, checkout_pk: checkout.publicKey, checkout_src: checkout.src };
  },

  processPayment: async ({ body, request }) => {
    const accountId = accountOf(request);
    const repository = request.server.billingRepository;
    const key = body.data.idempotency_key;
    // The same attempt sent again (a double click, a reload): the same checkout, never a second charge.
    const earlier = await repository.attemptByKey(key);
    if (earlier) {
      if (earlier.accountId !== accountId) throw detailError(404, paymentMessages.unknownSession);
      return settle(request, earlier);
    }
    const amount = body.data.amount;
    const problem = amountProblem(amount, await balancePence(request, accountId));
    if (problem) throw fieldError('data.amount', problem);
    const provider = request.server.payments;
    const returnUrl = provider.mode === 'sandbox' ? '/checkout-redirect' : `${publicUrl()}/checkout-redirect`;
    const session = await provider.createSession({ amountPence: amount, reference: `ACC-${accountId}-${key.slice(0, 8).toUpperCase()}`, returnUrl, idempotencyKey: key });
    const attempt = await repository.addAttempt({ accountId, idempotencyKey: key, amountPence: amount, providerSessionId: session.id, redirectUrl: session.redirectUrl });
    return result(attempt, 'pending', attempt.redirectUrl);
  },

  verifyPayment: async ({ query, request }) => {
    const accountId = accountOf(request);
    const attempt = await request.server.billingRepository.attemptBySession(query['cko-session-id']);
    if (!attempt || attempt.accountId !== accountId) throw detailError(404, paymentMessages.unknownSession);
    return settle(request, attempt);
  },
} satisfies Pick<Handlers, 'getPaymentBalance' | 'processPayment' | 'verifyPayment'>;
