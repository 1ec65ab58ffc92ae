import type { FastifyRequest } from 'fastify';

import { errorMessages, MAX_ID } from '@portal/contract';

import { authOf } from '../../plugins/auth.ts';
import { detailError } from '../../plugins/errors.ts';
import * as customers from '../customers/index.ts';
import type { Product } from '../customers/index.ts';

/** Largest value of a PostgreSQL integer column: a larger id can name no row (and would make the query fail). */
export const MAX_ROW_ID = MAX_ID;

export const notFound = () => detailError(404, errorMessages.notFound);

/** Whether a number can name a row (a whole number from 1 to MAX_ROW_ID). */
export const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ROW_ID;

/** A row id from a path parameter, or 404 when it cannot name a row. */
export function rowId(value: number | string): number {
  const id = typeof value === 'number' ? value : Number(value);
  if (!isRowId(id)) throw notFound();
  return id;
}

export type { Product } from '../customers/index.ts';

/**
 * The cloud phone product `id` of the signed-in user's account (a staff token acting as a
 * customer is that customer's), else 404: another account's product, a broadband or fibre
 * product and an unknown id all answer the same.
 */
export async function ownedVoipProduct(request: FastifyRequest, id: number): Promise<Product> {
  const { accountId } = authOf(request).user;
  const productId = rowId(id);
  if (accountId === null) throw notFound();
  const product = await customers.ownedCloudPhone(request.server.db, accountId, productId);
  if (!product) throw notFound();
  return product;
}
