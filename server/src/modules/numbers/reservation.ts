import type { FastifyInstance } from 'fastify';
import { NUMBER_RATINGS, numberMessages, type ReservedNumber } from '@portal/contract';
import { detailError } from '../../plugins/errors.ts';
import type { Product } from '../products/products.ts';

/**
 * THE reservation rule (spec 001 sections 6 and 7 "Numbers"): takes inventory number
 * `numberId` for `product` and puts it on the product's site, with a NUMBER_CHANGE notice, in
 * one transaction. The signed-in call (POST /api/v1/voip/{product_id}/numbers/reserve/) calls
 * it for the customer's own product; the sign-up journeys call it with the product of their
 * sign-up token. Exactly one of two people taking the same number at once gets it: the other
 * gets 409 with `numberMessages.alreadyTaken`. An id the inventory does not hold is 404.
 */
export async function reserveNumber(server: FastifyInstance, product: Pick<Product, 'id' | 'accountId'>, numberId: number): Promise<ReservedNumber> {
  const { numbersRepository, notificationsRepository } = server;
  const now = server.now();
  const reserved = await numbersRepository.transaction(async (tx) => {
    const row = await numbersRepository.claim(tx, numberId, product.id, now);
    if (!row) return null;
    const site = await numbersRepository.addSiteNumber(tx, product.id, row.number);
    await notificationsRepository.addNumberChange({ accountId: product.accountId, type: 'ADDED', number: row.number, now }, tx);
    return { id: site.id, number: row.number, area_code: row.areaCode, rating: row.rating, price: NUMBER_RATINGS[row.rating].price };
  });
  if (reserved) return reserved;
  const exists = await numbersRepository.inventoryNumber(numberId);
  throw exists ? detailError(409, numberMessages.alreadyTaken) : detailError(404, numberMessages.unknownNumber);
}
