import type { FastifyInstance } from 'fastify';
import { NUMBER_RATINGS, numberMessages, type ReservedNumber } from '@portal/contract';
import { detailError } from '../../plugins/errors.ts';
import type { Product } from '../products/products.ts';
import type { NumbersExecutor } from './numbers-repository.ts';

type ReservingProduct = Pick<Product, 'id' | 'accountId'>;

/**
 * THE reservation rule (spec 001 sections 6 and 7 "Numbers"), inside a transaction the caller
 * holds: takes inventory number `numberId` for `product` and puts it on the product's site, with
 * a NUMBER_CHANGE notice. Null when the number is not available (someone has it, or it is not
 * in the inventory): the caller decides what that means, and its transaction decides whether
 * anything else it did stays. `reserveNumber` is the rule on its own; the self sign-up calls
 * this one in the transaction that makes its customer, so a number gone meanwhile makes nothing.
 */
export async function reserveNumberIn(server: FastifyInstance, tx: NumbersExecutor, product: ReservingProduct, numberId: number): Promise<ReservedNumber | null> {
  const { numbersRepository, notificationsRepository } = server;
  const now = server.now();
  const row = await numbersRepository.claim(tx, numberId, product.id, now);
  if (!row) return null;
  const site = await numbersRepository.addSiteNumber(tx, product.id, row.number);
  await notificationsRepository.addNumberChange({ accountId: product.accountId, type: 'ADDED', number: row.number, now }, tx);
  return { id: site.id, number: row.number, area_code: row.areaCode, rating: row.rating, price: NUMBER_RATINGS[row.rating].price };
}

/**
 * The reservation rule in a transaction of its own. The signed-in call (POST
 * /api/v1/voip/{product_id}/numbers/reserve/) calls it for the customer's own product; number
 * selection (buy-now) calls it with the product of its sign-up token. Exactly one of two people
 * taking the same number at once gets it: the other gets 409 with `numberMessages.alreadyTaken`.
 * An id the inventory does not hold is 404.
 */
export async function reserveNumber(server: FastifyInstance, product: ReservingProduct, numberId: number): Promise<ReservedNumber> {
  const { numbersRepository } = server;
  const reserved = await numbersRepository.transaction((tx) => reserveNumberIn(server, tx, product, numberId));
  if (reserved) return reserved;
  const exists = await numbersRepository.inventoryNumber(numberId);
  throw exists ? detailError(409, numberMessages.alreadyTaken) : detailError(404, numberMessages.unknownNumber);
}

/**
 * The number a new cloud phone is given when its journey offers no choice (a trial, an opt-in trial): the first
 * Included number of the inventory, through the same reservation rule, inside the caller's transaction, so the
 * phone and its pilot number are made together. When no Included number is left the inventory gets one more
 * (numbers-repository `addIncludedNumber`); null only when every range is full.
 */
export async function giveIncludedNumberIn(server: FastifyInstance, tx: NumbersExecutor, product: ReservingProduct): Promise<ReservedNumber | null> {
  const { numbersRepository } = server;
  const row = (await numbersRepository.firstAvailableIncluded(tx)) ?? (await numbersRepository.addIncludedNumber(tx));
  return row ? reserveNumberIn(server, tx, product, row.id) : null;
}
