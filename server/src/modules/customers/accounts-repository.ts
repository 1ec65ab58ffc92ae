import { asc, eq } from 'drizzle-orm';

import type { Reads } from '../../db/connect.ts';
import { accounts, products } from '../../db/schema/customers.ts';

// Accounts and their products as other modules read them, and the row locks that serialise their changes.

/** The account's name; undefined when there is no such account. */
export async function accountName(db: Reads, accountId: number): Promise<string | undefined> {
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return account?.name;
}

/** Every product of the account (whatever its kind or status), by id: its id and what it is called. */
export function productsOfAccount(db: Reads, accountId: number) {
  return db
    .select({ id: products.id, productDetail: products.productDetail })
    .from(products)
    .where(eq(products.accountId, accountId))
    .orderBy(asc(products.id));
}

/** Locks the account's row until the caller's transaction ends, so changes to what it has happen one at a time. */
export async function lockAccount(tx: Reads, accountId: number): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

/** Locks the product's row until the caller's transaction ends, and answers it; undefined when it is gone. */
export async function lockProduct(tx: Reads, productId: number): Promise<typeof products.$inferSelect | undefined> {
  const [locked] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  return locked;
}
