import type { FastifyInstance } from 'fastify';

import {
  displayPrice,
  MANDATE_LINK_TTL_DAYS,
  mandateMessages,
  PAYMENT_LINK_TTL_DAYS,
  paymentMessages,
  RCP_LINK_TTL_DAYS,
  recurringCardMessages,
} from '@portal/contract';

import { limitCustomerMail } from '../../mail/customer-mail-limit.ts';
import { greeting, plainMail } from '../../mail/mailer.ts';
import { detailError, type ApiError } from '../../plugins/errors.ts';
import {
  createOneTimeKey,
  findOneTimeKey,
  publicUrl,
  storedOneTimeKey,
  userById,
  type OneTimeKey,
} from '../identity/index.ts';
import type { KeyPurpose, LinkProblem } from '../identity/index.ts';
import { billingHolderOf, type BillingAccountRow } from './billing-repository.ts';

/**
 * Payment links (spec 000 section 2, spec 001 section 7 "payments by token"): a one-time key of
 * purpose `payment_link`, bound to the account holder's user (the account's first user), e-mailed
 * to the billing e-mail address as /make-a-payment?tkn={key}. It opens that account's balance and
 * card checkout without signing in; it is spent when a payment made with it is approved, and
 * expires after PAYMENT_LINK_TTL_DAYS days. Direct-debit mandate links (purpose `dd_mandate`,
 * /mandate-entry/{token}) are made the same way, spent when the bank details are accepted, and
 * last MANDATE_LINK_TTL_DAYS days; recurring-card set-up links (purpose `rcp_setup`,
 * /recurring-card-payment/{token}) are spent when a card is saved, and last RCP_LINK_TTL_DAYS days.
 * A link that cannot be used answers 401 saying why.
 */

/** The purposes of the account holder's links. */
export type AccountLinkPurpose = Extract<KeyPurpose, 'payment_link' | 'dd_mandate' | 'rcp_setup'>;

/** The /make-a-payment link of a token. */
export const paymentLinkUrl = (token: string) => `${publicUrl()}/make-a-payment?tkn=${encodeURIComponent(token)}`;

/** The /recurring-card-payment link of a token. */
export const recurringCardLinkUrl = (token: string) =>
  `${publicUrl()}/recurring-card-payment/${encodeURIComponent(token)}`;

/** The /mandate-entry link of a token. */
export const mandateLinkUrl = (token: string) => `${publicUrl()}/mandate-entry/${encodeURIComponent(token)}`;

const linkMessages: Record<AccountLinkPurpose, Record<LinkProblem, string>> = {
  payment_link: {
    invalid: paymentMessages.linkInvalid,
    expired: paymentMessages.linkExpired,
    used: paymentMessages.linkUsed,
  },
  dd_mandate: {
    invalid: mandateMessages.linkInvalid,
    expired: mandateMessages.linkExpired,
    used: mandateMessages.linkUsed,
  },
  rcp_setup: {
    invalid: recurringCardMessages.linkInvalid,
    expired: recurringCardMessages.linkExpired,
    used: recurringCardMessages.linkUsed,
  },
};
export const linkRefused = (purpose: AccountLinkPurpose, problem: LinkProblem): ApiError =>
  detailError(401, linkMessages[purpose][problem]);

/** Makes a link of the purpose for the account's holder; answers its key. */
async function newAccountLink(
  server: FastifyInstance,
  accountId: number,
  purpose: AccountLinkPurpose,
): Promise<{ token: string; firstName: string }> {
  const holder = await billingHolderOf(server.db, accountId);
  if (!holder) throw detailError(404, linkMessages[purpose].invalid);
  return { token: await createOneTimeKey(server.db, holder.id, purpose, server.now()), firstName: holder.firstName };
}

/**
 * Makes a payment link for the account and e-mails it to the account's billing address; answers
 * where it went. Used by POST /api/v3/billing/accounts/{id}/payment-link/ (the billing page's
 * "Email a payment link", which staff acting as the customer use too).
 */
export async function sendPaymentLink(
  server: FastifyInstance,
  account: BillingAccountRow,
  balance: string,
): Promise<string> {
  await limitCustomerMail(server, account.accountId, account.emailAddress);
  const { token, firstName } = await newAccountLink(server, account.accountId, 'payment_link');
  await server.mailer.send(
    plainMail(account.emailAddress, `Pay your ${account.businessName} balance`, [
      greeting(account.firstName || firstName),
      '',
      `Your account balance is ${displayPrice(balance)}. You can pay it by card, without signing in, here:`,
      paymentLinkUrl(token),
      '',
      `The link works for one payment, for ${PAYMENT_LINK_TTL_DAYS} days.`,
    ]),
  );
  return account.emailAddress;
}

/**
 * Makes a direct-debit mandate link for the account and e-mails it to the account's billing
 * address; answers where it went (POST /api/v3/billing/accounts/{id}/dd-link/).
 */
export async function sendMandateLink(server: FastifyInstance, account: BillingAccountRow): Promise<string> {
  await limitCustomerMail(server, account.accountId, account.emailAddress);
  const { token, firstName } = await newAccountLink(server, account.accountId, 'dd_mandate');
  await server.mailer.send(
    plainMail(account.emailAddress, `Set up a Direct Debit for ${account.businessName}`, [
      greeting(account.firstName || firstName),
      '',
      'Set up a Direct Debit to pay your bills, without signing in: you need the sort code, the account number, the name on the account and its type.',
      mandateLinkUrl(token),
      '',
      `The link works once, for ${MANDATE_LINK_TTL_DAYS} days.`,
    ]),
  );
  return account.emailAddress;
}

/**
 * Makes a recurring-card set-up link for the account and e-mails it to the account's billing
 * address; answers where it went (POST /api/v3/billing/accounts/{id}/rcp-link/).
 */
export async function sendRecurringCardLink(server: FastifyInstance, account: BillingAccountRow): Promise<string> {
  await limitCustomerMail(server, account.accountId, account.emailAddress);
  const { token, firstName } = await newAccountLink(server, account.accountId, 'rcp_setup');
  await server.mailer.send(
    plainMail(account.emailAddress, `Set up card payments for ${account.businessName}`, [
      greeting(account.firstName || firstName),
      '',
      'Save a card to pay your bills by, without signing in. Nothing is charged now: your bills are taken from the card on your billing day.',
      recurringCardLinkUrl(token),
      '',
      `The link works once, for ${RCP_LINK_TTL_DAYS} days.`,
    ]),
  );
  return account.emailAddress;
}

/** The account of a live link of the purpose (to see it and use it), else 401 saying what is wrong. */
export async function liveLinkAccount(
  server: FastifyInstance,
  token: string,
  purpose: AccountLinkPurpose = 'payment_link',
): Promise<{ accountId: number; key: OneTimeKey }> {
  const found = await findOneTimeKey(server.db, token, purpose, server.now());
  if (found.problem !== null) throw linkRefused(purpose, found.problem);
  return { accountId: await accountOfKey(server, found.key, purpose), key: found.key };
}

/**
 * The account of a payment link whatever its state, for checking a payment made with it: the
 * page is reloaded after the payment spent the link, or the link expired during the checkout.
 * Only a token never issued is refused.
 */
export async function issuedLinkAccount(
  server: FastifyInstance,
  token: string,
  purpose: AccountLinkPurpose = 'payment_link',
): Promise<{ accountId: number; key: OneTimeKey }> {
  const key = await storedOneTimeKey(server.db, token, purpose);
  if (!key) throw linkRefused(purpose, 'invalid');
  return { accountId: await accountOfKey(server, key, purpose), key };
}

async function accountOfKey(server: FastifyInstance, key: OneTimeKey, purpose: AccountLinkPurpose): Promise<number> {
  const user = await userById(server.db, key.userId);
  if (!user?.accountId) throw linkRefused(purpose, 'invalid');
  return user.accountId;
}
