import type { FastifyInstance } from 'fastify';

import { CUSTOMER_MAIL_LIMITS, customerMailMessages } from '@portal/contract';

import { hitRateLimit } from '../modules/identity/index.ts';
import { tooManyRequests } from '../plugins/errors.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts one e-mail the portal is asked to send by a signed-in customer (or staff viewing as one): a
 * payment, mandate or card link, a seat's invitation. The addresses are the customer's to set, without
 * proof that they are theirs, so each recipient and each account has an hourly allowance; past it the
 * answer is a 429 saying when to try again, and nothing is sent.
 */
export async function limitCustomerMail(server: FastifyInstance, accountId: number, to: string): Promise<void> {
  const retryAfter = await hitRateLimit(
    server.db,
    [
      { bucket: 'customer_mail_recipient', key: to.trim().toLowerCase(), limit: CUSTOMER_MAIL_LIMITS.perRecipient },
      { bucket: 'customer_mail_account', key: String(accountId), limit: CUSTOMER_MAIL_LIMITS.perAccount },
    ],
    HOUR_MS,
    server.now(),
  );
  if (retryAfter !== null) throw tooManyRequests(customerMailMessages.tooMany(retryAfter), retryAfter);
}
