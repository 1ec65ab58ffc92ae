import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  displayPrice,
  NUMBER_RATINGS,
  NUMBER_SELECTION_SCOPE,
  numberMessages,
  type NumberSelection,
  type ReservedNumber,
} from '@portal/contract';

import { greeting, plainMail } from '../../mail/mailer.ts';
import { detailError } from '../../plugins/errors.ts';
import * as customers from '../customers/index.ts';
import {
  createOneTimeKey,
  findOneTimeKey,
  publicUrl,
  storedOneTimeKey,
  unspendOneTimeKey,
  useOneTimeKey,
  userById,
  type OneTimeKey,
} from '../identity/index.ts';
import { navigation, type Product } from '../products/index.ts';
import { reserveNumber } from './reservation.ts';

/**
 * Number selection tokens (scope customer-number-selection, spec 000 section 2 and 001 section
 * 6): a one-time key of purpose `number_selection`, bound to the new customer's user, whose
 * cloud phone it opens. It lets its holder choose one number of the inventory without signing
 * in, through the numbers area's one reservation rule (`reserveNumber`), once.
 */

/** The /number-select link of a token. */
export const numberSelectionLink = (token: string) => `${publicUrl()}/number-select?token=${encodeURIComponent(token)}`;

/**
 * Issues a token for a new buy-now customer's cloud phone and e-mails its link; answers the
 * token (the journey offers the choice at once). A mail that cannot be sent is logged, not
 * fatal: the journey still holds the token.
 */
export async function issueNumberSelection(
  request: FastifyRequest,
  user: { id: number; email: string; firstName: string },
): Promise<string> {
  const { server } = request;
  const token = await createOneTimeKey(server.db, user.id, 'number_selection', server.now());
  try {
    await server.mailer.send(
      plainMail(user.email, 'Choose your business phone number', [
        greeting(user.firstName),
        '',
        'Your cloud phone is being set up. Choose the number your customers will call:',
        numberSelectionLink(token),
        '',
        `Gold and Silver numbers are easier to remember and cost a one-off ${displayPrice(NUMBER_RATINGS.GOLD.price)} or ${displayPrice(NUMBER_RATINGS.SILVER.price)}; Included numbers are free.`,
        'The link works once, for 14 days.',
      ]),
    );
  } catch (error) {
    request.log.error({ err: error }, 'number selection e-mail not sent');
  }
  return token;
}

/** The token's key row (live or spent) and its cloud phone; 404 when the token is unknown, expired, or the phone gone. */
async function selectionOf(
  server: FastifyInstance,
  token: string,
): Promise<{ spent: boolean; product: Product; firstName: string; businessName: string }> {
  const found = await findOneTimeKey(server.db, token, 'number_selection', server.now());
  if (found.problem === 'invalid' || found.problem === 'expired')
    throw detailError(404, numberMessages.selectionLinkInvalid);
  // A spent key is still the customer's: "chosen already" is what they need to hear.
  const row = found.key ?? (await storedOneTimeKey(server.db, token, 'number_selection'));
  if (!row) throw detailError(404, numberMessages.selectionLinkInvalid);
  const user = await userById(server.db, row.userId);
  const product = user?.accountId ? (await customers.cloudPhonesOfAccount(server.db, user.accountId))[0] : undefined;
  if (!user || !product) throw detailError(404, numberMessages.selectionLinkInvalid);
  const { account } = await navigation(server.db, product.accountId);
  return { spent: found.problem === 'used', product, firstName: user.firstName, businessName: account?.name ?? '' };
}

export async function numberSelection(server: FastifyInstance, token: string): Promise<NumberSelection> {
  const selection = await selectionOf(server, token);
  return {
    scope: NUMBER_SELECTION_SCOPE,
    product_id: selection.product.id,
    business_name: selection.businessName,
    first_name: selection.firstName,
    chosen: selection.spent,
  };
}

/**
 * Reserves the number for the token's phone and spends the token. The token is spent first, so
 * two requests with one token cannot both take a number; when the number turns out to be taken
 * (409) or unknown (404), the token works again.
 */
export async function reserveSelectedNumber(
  server: FastifyInstance,
  token: string,
  numberId: number,
): Promise<ReservedNumber> {
  const selection = await selectionOf(server, token);
  if (selection.spent) throw detailError(409, numberMessages.selectionDone);
  const now = server.now();
  let key: OneTimeKey;
  try {
    key = await useOneTimeKey(server.db, token, 'number_selection', now);
  } catch {
    throw detailError(409, numberMessages.selectionDone);
  }
  try {
    return await reserveNumber(server, selection.product, numberId);
  } catch (error) {
    await unspendOneTimeKey(server.db, key.id);
    throw error;
  }
}
