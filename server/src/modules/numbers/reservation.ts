import type { FastifyInstance } from 'fastify';

import {
  NUMBER_RATINGS,
  NUMBER_RESERVATIONS_PER_HOUR,
  numberCeiling,
  numberMessages,
  UNUSED_NUMBER_HOLD_DAYS,
  type ReservedNumber,
} from '@portal/contract';

import { detailError, tooManyRequests } from '../../plugins/errors.ts';
import { hitRateLimit } from '../identity/index.ts';
import { addNumberChange } from '../notifications/index.ts';
import type { Product } from '../products/index.ts';
import {
  addIncludedNumber,
  addSiteNumber,
  claimInventoryNumber,
  firstAvailableIncluded,
  hasUnusedNumbers,
  inventoryNumber,
  lockedPhoneCounts,
  returnUnusedNumbers,
  type NumbersExecutor,
} from './numbers-repository.ts';

type ReservingProduct = Pick<Product, 'id' | 'accountId'>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * THE reservation rule (spec 001 sections 6 and 7 "Numbers"), inside a transaction the caller
 * holds: takes inventory number `numberId` for `product` and puts it on the product's site, with
 * a NUMBER_CHANGE notice. Null when the number is not available (someone has it, or it is not
 * in the inventory): the caller decides what that means, and its transaction decides whether
 * anything else it did stays. `reserveNumber` is the rule on its own; the self sign-up calls
 * this one in the transaction that makes its customer, so a number gone meanwhile makes nothing.
 * A phone that already holds as many numbers as its users can use (`numberCeiling`) gets a 400.
 */
export async function reserveNumberIn(
  server: FastifyInstance,
  tx: NumbersExecutor,
  product: ReservingProduct,
  numberId: number,
): Promise<ReservedNumber | null> {
  const now = server.now();
  const held = await lockedPhoneCounts(tx, product.id);
  const ceiling = numberCeiling(held.seats);
  if (held.numbers >= ceiling) throw detailError(400, numberMessages.phoneFull(ceiling));
  const row = await claimInventoryNumber(tx, numberId, product.id, now);
  if (!row) return null;
  const site = await addSiteNumber(tx, product.id, row.number);
  await addNumberChange(tx, { accountId: product.accountId, type: 'ADDED', number: row.number, now });
  return {
    id: site.id,
    number: row.number,
    area_code: row.areaCode,
    rating: row.rating,
    price: NUMBER_RATINGS[row.rating].price,
  };
}

/**
 * The reservation rule in a transaction of its own. The signed-in call (POST
 * /api/v1/voip/{product_id}/numbers/reserve/) calls it for the customer's own product; number
 * selection (buy-now) calls it with the product of its sign-up token. Exactly one of two people
 * taking the same number at once gets it: the other gets 409 with `numberMessages.alreadyTaken`.
 * An id the inventory does not hold is 404. At most NUMBER_RESERVATIONS_PER_HOUR a phone an hour (429).
 */
export async function reserveNumber(
  server: FastifyInstance,
  product: ReservingProduct,
  numberId: number,
): Promise<ReservedNumber> {
  const retryAfter = await hitRateLimit(
    server.db,
    [{ bucket: 'number_reserve', key: String(product.id), limit: NUMBER_RESERVATIONS_PER_HOUR }],
    HOUR_MS,
    server.now(),
  );
  if (retryAfter !== null) throw tooManyRequests(numberMessages.tooManyReservations, retryAfter);
  await releaseUnusedNumbers(server);
  const reserved = await server.db.transaction((tx) => reserveNumberIn(server, tx, product, numberId));
  if (reserved) return reserved;
  const exists = await inventoryNumber(server.db, numberId);
  throw exists ? detailError(409, numberMessages.alreadyTaken) : detailError(404, numberMessages.unknownNumber);
}

/**
 * Gives back to the inventory the numbers reserved more than UNUSED_NUMBER_HOLD_DAYS ago that ring no
 * user and are not a phone's main number, each with a NUMBER_CHANGE notification to its customer.
 * Run before the inventory is searched or reserved from, so a number nobody uses is offered again.
 */
export async function releaseUnusedNumbers(server: FastifyInstance): Promise<void> {
  const now = server.now();
  const before = new Date(now.getTime() - UNUSED_NUMBER_HOLD_DAYS * DAY_MS);
  if (!(await hasUnusedNumbers(server.db, before))) return;
  await server.db.transaction(async (tx) => {
    const released = await returnUnusedNumbers(tx, before);
    for (const { number, accountId } of released)
      await addNumberChange(tx, { accountId, type: 'REMOVED', number, now });
  });
}

/**
 * The number a new cloud phone is given when its journey offers no choice (a trial, an opt-in trial): the first
 * Included number of the inventory, through the same reservation rule, inside the caller's transaction, so the
 * phone and its pilot number are made together. When no Included number is left the inventory gets one more
 * (numbers-repository `addIncludedNumber`); null only when every range is full.
 */
export async function giveIncludedNumberIn(
  server: FastifyInstance,
  tx: NumbersExecutor,
  product: ReservingProduct,
): Promise<ReservedNumber | null> {
  const row = (await firstAvailableIncluded(tx)) ?? (await addIncludedNumber(tx));
  return row ? reserveNumberIn(server, tx, product, row.id) : null;
}
