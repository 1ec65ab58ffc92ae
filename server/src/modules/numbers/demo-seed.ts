import { inArray, like } from 'drizzle-orm';

import type { Inserts, Reads } from '../../db/connect.ts';
import { phoneNumbers } from '../../db/schema/numbers.ts';

/** The demo's numbers on its customers' phones (db/seed.ts, db/demo-factory.ts). */

export type SeededNumber = Omit<typeof phoneNumbers.$inferInsert, 'id'>;

/** Puts the numbers on their phones, in this order. */
export async function seedPhoneNumbers(tx: Inserts, rows: readonly SeededNumber[]): Promise<void> {
  if (rows.length > 0) await tx.insert(phoneNumbers).values([...rows]);
}

/** The numbers some product has that start with `prefix`: the sandbox picks the ones none has. */
export async function numbersInUseStartingWith(tx: Reads, prefix: string): Promise<Set<string>> {
  const rows = await tx
    .select({ number: phoneNumbers.number })
    .from(phoneNumbers)
    .where(like(phoneNumbers.number, `${prefix}%`));
  return new Set(rows.map((row) => row.number));
}

/** The numbers on the products, in the order they were given. */
export async function numbersOn(tx: Reads, productIds: readonly number[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await tx
    .select({ number: phoneNumbers.number })
    .from(phoneNumbers)
    .where(inArray(phoneNumbers.productId, [...productIds]))
    .orderBy(phoneNumbers.id);
  return rows.map((row) => row.number);
}
