import type { FastifyRequest } from 'fastify';

import { recurringCardMessages, type RecurringCardPaymentResult, type SavedCard } from '@portal/contract';

import { detailError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { linkProblemOf, publicUrl } from '../identity/index.ts';
import {
  addCardSetup,
  billingAccount,
  cardSetupByKey,
  cardSetupBySession,
  declineCardSetup,
  saveCard,
  savedCardOf,
  type CardSetupAttemptRow,
  type SavedCardRow,
} from './billing-repository.ts';
import { ownedAccount } from './handlers.ts';
import { issuedLinkAccount, linkRefused, liveLinkAccount, sendRecurringCardLink } from './payment-links.ts';

/**
 * Recurring card payment (spec 000 section 2 /recurring-card-payment/{token}; spec 001 section 7
 * "recurring-card-payment tokens"): the account holder saves a card for the account's bills from an
 * e-mailed link, signed out, on the provider's hosted page in card set-up mode. The card is typed
 * there, never here: the portal keeps the provider's session id, then its instrument id with the
 * brand and last four digits it gives. The link works once (spent with the card saved), until it expires.
 */

const cardAnswer = (card: Pick<SavedCardRow, 'brand' | 'last4'> | null): SavedCard | null =>
  card ? { brand: card.brand, last4: card.last4 } : null;

const result = (
  attempt: CardSetupAttemptRow,
  status: RecurringCardPaymentResult['status'],
  card: SavedCard | null,
  redirect: string | null,
): RecurringCardPaymentResult => ({
  status,
  session_id: attempt.providerSessionId,
  card,
  _links: { redirect: redirect === null ? null : { href: redirect } },
});

/** Asks the provider how the attempt's set-up ended and records it: a saved card once, however often this runs. */
async function settleCardSetup(
  request: FastifyRequest,
  attempt: CardSetupAttemptRow,
): Promise<RecurringCardPaymentResult> {
  const outcome = await request.server.payments.cardSetupOutcome(attempt.providerSessionId);
  if (!outcome) throw detailError(404, recurringCardMessages.unknownSession);
  if (outcome.status === 'approved' && outcome.sourceId && outcome.card) {
    await saveCard(
      request.server.db,
      attempt.id,
      { sourceId: outcome.sourceId, ...outcome.card },
      request.server.now(),
    );
    return result(attempt, 'approved', outcome.card, null);
  }
  if (outcome.status === 'pending') return result(attempt, 'pending', null, outcome.redirectUrl ?? attempt.redirectUrl);
  await declineCardSetup(request.server.db, attempt.id);
  return result(attempt, 'declined', null, null);
}

export const recurringCardHandlers = {
  sendRecurringCardLink: async ({ params, request }) => ({
    sent_to: await sendRecurringCardLink(request.server, await ownedAccount(request, params.id)),
  }),

  getRecurringCardPayment: async ({ params, request }) => {
    const { accountId } = await liveLinkAccount(request.server, params.token, 'rcp_setup');
    const account = await billingAccount(request.server.db, accountId);
    if (!account) throw linkRefused('rcp_setup', 'invalid');
    const { checkout } = request.server.payments;
    return {
      account_details: {
        business_name: account.businessName,
        first_name: account.firstName,
        bill_cycle: account.billCycle,
        payment_method: account.paymentMethod,
      },
      rcp_details: {
        card: cardAnswer(await savedCardOf(request.server.db, accountId)),
        checkout_action: checkout.action,
        checkout_pk: checkout.publicKey,
        checkout_src: checkout.src,
      },
    };
  },

  postRecurringCardPayment: async ({ params, body, request }) => {
    if (body.session_id !== undefined) {
      // Back from the provider: the link may have been spent by this very set-up (a reload), so any issued link of
      // the purpose is looked at, and only its own attempts.
      const { key } = await issuedLinkAccount(request.server, params.token, 'rcp_setup');
      const attempt = await cardSetupBySession(request.server.db, body.session_id);
      if (!attempt || attempt.linkKeyId !== key.id) throw detailError(404, recurringCardMessages.unknownSession);
      if (attempt.status === 'approved')
        return result(attempt, 'approved', cardAnswer(await savedCardOf(request.server.db, attempt.accountId)), null);
      const problem = linkProblemOf(key, request.server.now());
      if (problem) throw linkRefused('rcp_setup', problem);
      return settleCardSetup(request, attempt);
    }
    const { accountId, key } = await liveLinkAccount(request.server, params.token, 'rcp_setup');
    const idempotencyKey = body.idempotency_key ?? '';
    // The same attempt sent again (a double click, a reload): the same hosted page.
    const earlier = await cardSetupByKey(request.server.db, idempotencyKey);
    if (earlier) {
      if (earlier.linkKeyId !== key.id) throw detailError(404, recurringCardMessages.unknownSession);
      return settleCardSetup(request, earlier);
    }
    const provider = request.server.payments;
    const returnUrl = provider.mode === 'sandbox' ? '/checkout-redirect' : `${publicUrl()}/checkout-redirect`;
    const session = await provider.createCardSetup({
      reference: `ACC-${accountId}-CARD-${idempotencyKey.slice(0, 8).toUpperCase()}`,
      returnUrl,
      idempotencyKey,
    });
    const attempt = await addCardSetup(request.server.db, {
      accountId,
      linkKeyId: key.id,
      idempotencyKey,
      providerSessionId: session.id,
      redirectUrl: session.redirectUrl,
    });
    return result(attempt, 'pending', null, attempt.redirectUrl);
  },
} satisfies Pick<Handlers, 'sendRecurringCardLink' | 'getRecurringCardPayment' | 'postRecurringCardPayment'>;
