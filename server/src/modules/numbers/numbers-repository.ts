import { and, asc, count, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';

import type { Database, Reads } from '../../db/connect.ts';
import { numberInventory, phoneNumbers } from '../../db/schema/numbers.ts';
import { lockProduct } from '../customers/index.ts';
import { voipUserCount } from '../users/index.ts';
import { unusedNumbers } from './unused-numbers-read-model.ts';

// The phone numbers area's queries: the inventory, the site's numbers and which seat each rings.

type InventoryRow = typeof numberInventory.$inferSelect;
type NumberRating = InventoryRow['rating'];

/** A transaction (or the database) the numbers' writes run in. */
export type NumbersExecutor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** A site's numbers, the pilot number first (in the caller's transaction, or the database). */
export async function siteNumbersOf(tx: Reads, productId: number) {
  return tx.select().from(phoneNumbers).where(eq(phoneNumbers.productId, productId)).orderBy(asc(phoneNumbers.id));
}

/** Available numbers of the inventory matching the search, best rating first, then by number. */
export async function availableNumbers(
  db: Reads,
  search: { areaCode?: string; rating?: NumberRating },
  limit: number,
): Promise<InventoryRow[]> {
  const where: SQL[] = [isNull(numberInventory.reservedProductId)];
  if (search.areaCode) where.push(eq(numberInventory.areaCode, search.areaCode));
  if (search.rating) where.push(eq(numberInventory.rating, search.rating));
  const rows = await db
    .select()
    .from(numberInventory)
    .where(and(...where))
    .orderBy(asc(numberInventory.number))
    .limit(limit);
  const rank = { GOLD: 0, SILVER: 1, FREE: 2 } as const;
  return rows.sort((a, b) => rank[a.rating] - rank[b.rating] || a.number.localeCompare(b.number));
}

/** Every area code the inventory holds, with its place. */
export async function inventoryAreaCodes(
  db: Pick<Database, 'selectDistinct'>,
): Promise<Array<{ areaCode: string; area: string }>> {
  return db
    .selectDistinct({ areaCode: numberInventory.areaCode, area: numberInventory.area })
    .from(numberInventory)
    .orderBy(asc(numberInventory.areaCode));
}

/**
 * Takes inventory number `id` for `productId` if no one has it: one conditional update, so
 * of two takers at once the database lets exactly one through. Null when it was not available.
 */
export async function claimInventoryNumber(
  tx: NumbersExecutor,
  id: number,
  productId: number,
  now: Date,
): Promise<InventoryRow | null> {
  const [row] = await tx
    .update(numberInventory)
    .set({ reservedProductId: productId, reservedAt: now })
    .where(and(eq(numberInventory.id, id), isNull(numberInventory.reservedProductId)))
    .returning();
  return row ?? null;
}

/**
 * The first Included (FREE) number no one has, locked for `tx` (another sign-up at the same moment skips it
 * and takes the next), or null when none is left.
 */
export async function firstAvailableIncluded(tx: NumbersExecutor): Promise<InventoryRow | null> {
  const [row] = await tx
    .select()
    .from(numberInventory)
    .where(and(isNull(numberInventory.reservedProductId), eq(numberInventory.rating, 'FREE')))
    .orderBy(asc(numberInventory.number))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/**
 * Adds an Included number to the inventory when none is left: the lowest number of one of the inventory's
 * ranges (an area's first eight digits, e.g. 0113 496 0) that neither the inventory nor any site holds, as the
 * carrier would give more. Null when every range is full.
 */
export async function addIncludedNumber(tx: NumbersExecutor): Promise<InventoryRow | null> {
  const areas = await tx
    .select({
      areaCode: numberInventory.areaCode,
      area: numberInventory.area,
      sample: sql<string>`min(${numberInventory.number})`,
    })
    .from(numberInventory)
    .groupBy(numberInventory.areaCode, numberInventory.area)
    .orderBy(asc(numberInventory.areaCode));
  for (const { areaCode, area, sample } of areas) {
    const range = sample.slice(0, 8);
    const [held, onSites] = await Promise.all([
      tx
        .select({ number: numberInventory.number })
        .from(numberInventory)
        .where(like(numberInventory.number, `${range}%`)),
      tx
        .select({ number: phoneNumbers.number })
        .from(phoneNumbers)
        .where(like(phoneNumbers.number, `${range}%`)),
    ]);
    const used = new Set([...held, ...onSites].map((row) => row.number));
    for (let n = 0; n < 1000; n++) {
      const number = `${range}${String(n).padStart(3, '0')}`;
      if (used.has(number)) continue;
      const [row] = await tx
        .insert(numberInventory)
        .values({ number, areaCode, area, rating: 'FREE' })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
    }
  }
  return null;
}

export async function inventoryNumber(db: Reads, id: number): Promise<InventoryRow | null> {
  const [row] = await db.select().from(numberInventory).where(eq(numberInventory.id, id));
  return row ?? null;
}

/** The inventory's row of a number (national form), if it holds it and no one has it (in the caller's transaction, or the database: PGlite has one connection). */
export async function availableInventoryNumber(db: Reads, number: string): Promise<InventoryRow | null> {
  const [row] = await db
    .select()
    .from(numberInventory)
    .where(and(eq(numberInventory.number, number), isNull(numberInventory.reservedProductId)));
  return row ?? null;
}

/** Gives a number back to the inventory (a no-op for a number that never came from it). */
export async function releaseToInventory(tx: NumbersExecutor, number: string): Promise<void> {
  await tx
    .update(numberInventory)
    .set({ reservedProductId: null, reservedAt: null })
    .where(eq(numberInventory.number, number));
}

/** Adds a number to a site. */
export async function addSiteNumber(tx: NumbersExecutor, productId: number, number: string): Promise<{ id: number }> {
  const [row] = await tx.insert(phoneNumbers).values({ productId, number }).returning({ id: phoneNumbers.id });
  if (!row) throw new Error('phone number not inserted');
  return row;
}

/** Whether any site already has this number. */
export async function numberInUse(db: Reads, number: string): Promise<boolean> {
  const rows = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.number, number))
    .limit(1);
  return rows.length > 0;
}

export async function deleteSiteNumber(tx: NumbersExecutor, id: number): Promise<void> {
  await tx.delete(phoneNumbers).where(eq(phoneNumbers.id, id));
}

/**
 * Locks the phone's row until the transaction ends, so two reservations for one phone take turns
 * (each counts the numbers the other may be adding); answers how many numbers and users it has.
 */
export async function lockedPhoneCounts(
  tx: NumbersExecutor,
  productId: number,
): Promise<{ numbers: number; seats: number }> {
  await lockProduct(tx, productId);
  const [numbers] = await tx.select({ n: count() }).from(phoneNumbers).where(eq(phoneNumbers.productId, productId));
  return { numbers: numbers?.n ?? 0, seats: await voipUserCount(tx, productId) };
}

/** Whether any number is due to go back to the inventory (`returnUnusedNumbers`): a read, so a search writes nothing when none is. */
export async function hasUnusedNumbers(db: Reads, before: Date): Promise<boolean> {
  return (await unusedNumbers(db, before).limit(1)).length > 0;
}

/**
 * Gives back to the inventory every number reserved before `before` that rings no user and is
 * not its phone's main (first) number; answers what it gave back, with the phone's account.
 */
export async function returnUnusedNumbers(
  tx: NumbersExecutor,
  before: Date,
): Promise<Array<{ number: string; accountId: number }>> {
  const stale = await unusedNumbers(tx, before);
  if (stale.length === 0) return [];
  await tx.delete(phoneNumbers).where(
    inArray(
      phoneNumbers.id,
      stale.map((row) => row.id),
    ),
  );
  await tx
    .update(numberInventory)
    .set({ reservedProductId: null, reservedAt: null })
    .where(
      inArray(
        numberInventory.number,
        stale.map((row) => row.number),
      ),
    );
  return stale.map(({ number, accountId }) => ({ number, accountId }));
}

/** Takes `numbers` off the seat. */
export async function unassignNumbers(tx: NumbersExecutor, seatId: number, numbers: string[]): Promise<void> {
  if (numbers.length === 0) return;
  await tx
    .update(phoneNumbers)
    .set({ voipUserId: null })
    .where(and(eq(phoneNumbers.voipUserId, seatId), inArray(phoneNumbers.number, numbers)));
}

/**
 * Gives the seat those of `numbers` (of its product) that ring no one: one conditional
 * update, so a number never rings two seats. Answers the numbers it gave.
 */
export async function assignNumbers(
  tx: NumbersExecutor,
  seatId: number,
  productId: number,
  numbers: string[],
): Promise<string[]> {
  if (numbers.length === 0) return [];
  const rows = await tx
    .update(phoneNumbers)
    .set({ voipUserId: seatId })
    .where(
      and(
        eq(phoneNumbers.productId, productId),
        inArray(phoneNumbers.number, numbers),
        isNull(phoneNumbers.voipUserId),
      ),
    )
    .returning({ number: phoneNumbers.number });
  return rows.map((row) => row.number);
}
