import type { FastifyInstance } from 'fastify';
import { PAYMENT_LINK_TTL_DAYS, paymentMessages } from '@portal/contract';
import { createOneTimeKey, findOneTimeKey, storedOneTimeKey, type OneTimeKey } from '../../auth/one-time-keys-repository.ts';
import type { LinkProblem } from '../../auth/one-time-keys.ts';
import { publicUrl } from '../../auth/verification.ts';
import { greeting, plainMail } from '../../mail/mailer.ts';
import { detailError, type ApiError } from '../../plugins/errors.ts';
import type { BillingAccountRow } from './billing-repository.ts';

/**
 * Payment links (spec 000 section 2, spec 001 section 7 "payments by token"): a one-time key of
 * purpose `payment_link`, bound to the account holder's user (the account's first user), e-mailed
 * to the billing e-mail address as /make-a-payment?tkn={key}. It opens that account's balance and
 * card checkout without signing in; it is spent when a payment made with it is approved, and
 * expires after PAYMENT_LINK_TTL_DAYS days. A link that cannot be used answers 401 saying why.
 */

/** The /make-a-payment link of a token. */
export const paymentLinkUrl = (token: string) => `${publicUrl()}/make-a-payment?tkn=${encodeURIComponent(token)}`;

const linkMessages: Record<LinkProblem, string> = { invalid: paymentMessages.linkInvalid, expired: paymentMessages.linkExpired, used: paymentMessages.linkUsed };
const linkRefused = (problem: LinkProblem): ApiError => detailError(401, linkMessages[problem]);

/**
 * Makes a payment link for the account and e-mails it to the account's billing address; answers
 * where it went. Used by POST /api/v3/billing/accounts/{id}/payment-link/ (the billing page's
 * "Email a payment link", which staff acting as the customer use too).
 */
export async function sendPaymentLink(server: FastifyInstance, account: BillingAccountRow, balance: string): Promise<string> {
  const holder = await server.billingRepository.holderOf(account.accountId);
  if (!holder) throw detailError(404, paymentMessages.nothingToPay);
  const token = await createOneTimeKey(server.db, holder.id, 'payment_link', server.now());
  await server.mailer.send(
    plainMail(account.emailAddress, `Pay your ${account.businessName} balance`, [
      greeting(account.firstName || holder.firstName),
      '',
      `Your account balance is £${balance}. You can pay it by card, without signing in, here:`,
      paymentLinkUrl(token),
      '',
      `The link works for one payment, for ${PAYMENT_LINK_TTL_DAYS} days.`,
    ]),
  );
  return account.emailAddress;
}

/** The account of a live payment link (to see the balance and start a payment), else 401 saying what is wrong. */
export async function liveLinkAccount(server: FastifyInstance, token: string): Promise<{ accountId: number; key: OneTimeKey }> {
  const found = await findOneTimeKey(server.db, token, 'payment_link', server.now());
  if (found.problem !== null) throw linkRefused(found.problem);
  return { accountId: await accountOfKey(server, found.key), key: found.key };
}

/**
 * The account of a payment link whatever its state, for checking a payment made with it: the
 * page is reloaded after the payment spent the link, or the link expired during the checkout.
 * Only a token never issued is refused.
 */
export async function issuedLinkAccount(server: FastifyInstance, token: string): Promise<{ accountId: number; key: OneTimeKey }> {
  const key = await storedOneTimeKey(server.db, token, 'payment_link');
  if (!key) throw linkRefused('invalid');
  return { accountId: await accountOfKey(server, key), key };
}

async function accountOfKey(server: FastifyInstance, key: OneTimeKey): Promise<number> {
  const user = await server.accountRepository.userById(key.userId);
  if (!user?.accountId) throw linkRefused('invalid');
  return user.accountId;
}
