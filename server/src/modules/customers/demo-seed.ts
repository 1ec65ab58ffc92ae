import { eq } from 'drizzle-orm';

import type { Inserts, Reads } from '../../db/connect.ts';
import { products, quickstarts, trials } from '../../db/schema/customers.ts';

/**
 * The demo's own steps on a customer's products, after customers.create's sandbox journey made the customer (db/seed.ts,
 * db/demo-factory.ts): its other products, and a trial or quick start as they stand on the demo's day.
 */

/** A product of a demo customer as it stands. */
export type SeededProduct = Omit<typeof products.$inferInsert, 'id' | 'accountId'>;

/** Adds the products to the account, in this order; answers their ids in the same order. */
export async function seedProducts(tx: Inserts, accountId: number, rows: readonly SeededProduct[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const made = await tx
    .insert(products)
    .values(rows.map((row) => ({ ...row, accountId })))
    .returning({ id: products.id });
  return made.map((row) => row.id);
}

/** A cloud phone's opt-in trial, started and ending when the demo says. */
export async function seedTrial(
  tx: Inserts,
  productId: number,
  trial: { startedAt: Date; endsAt: Date; statusEntry: Date },
): Promise<void> {
  await tx.insert(trials).values({ productId, kind: 'OPT_IN', ...trial });
}

/** A cloud phone's quick start (spec 000 section 4), its steps done as given. */
export async function seedQuickstart(
  tx: Inserts,
  productId: number,
  quickstart: { showPopup: boolean; sectionsCompleted: Record<string, boolean> },
): Promise<void> {
  await tx.insert(quickstarts).values({ productId, ...quickstart });
}

/** The account's products' ids, oldest first. */
export async function productIdsOf(tx: Reads, accountId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.accountId, accountId))
    .orderBy(products.id);
  return rows.map((row) => row.id);
}

/** Every product: what it is and since when (the demo gives each a tariff and contract of its kind). */
export async function everyProduct(
  tx: Reads,
): Promise<Array<{ id: number; kind: string; subKind: string | null; confirmedDate: string | null }>> {
  return tx
    .select({ id: products.id, kind: products.kind, subKind: products.subKind, confirmedDate: products.confirmedDate })
    .from(products)
    .orderBy(products.id);
}
