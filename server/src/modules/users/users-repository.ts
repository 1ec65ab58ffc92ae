import { and, eq, isNull, sql } from 'drizzle-orm';

import type { Database, Reads, Updates } from '../../db/connect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { voipUserAddOns, voipUsers } from '../../db/schema/users.ts';
import { seatRow, seatRows, type SeatRow, type VoipUser } from './seats-read-model.ts';

// A cloud phone's users (seats), their add-ons and PIN (spec 001 section 7 "Users, seats and add-ons").

/** The product's users, the main user first. */
export async function seatsOfProduct(db: Reads, productId: number): Promise<SeatRow[]> {
  return seatRows(db, productId);
}

/** One user of the product; undefined when it is not one of its users. */
export async function seatOfProduct(db: Reads, productId: number, userId: number): Promise<SeatRow | undefined> {
  return seatRow(db, productId, userId);
}

/** A user by id alone (the add-on call names no product in its path); undefined when none. */
export async function userById(db: Reads, userId: number): Promise<VoipUser | undefined> {
  const [row] = await db.select().from(voipUsers).where(eq(voipUsers.id, userId));
  return row;
}

/**
 * Adds a user with the next free extension from `firstExtension`, unless the product has
 * `maxSeats` already (answers 'full'). Two adds at once may pick the same extension: the
 * unique (product, extension) refuses the second, which tries again.
 */
export async function addUser(
  db: Pick<Database, 'transaction'>,
  productId: number,
  user: { firstName: string; lastName: string; email: string },
  firstExtension: number,
  maxSeats: number,
): Promise<VoipUser | 'full'> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const existing = await tx
          .select({ extension: voipUsers.extension })
          .from(voipUsers)
          .where(eq(voipUsers.productId, productId));
        if (existing.length >= maxSeats) return 'full' as const;
        const taken = new Set(existing.map((row) => row.extension));
        let extension = firstExtension;
        while (taken.has(String(extension))) extension++;
        const [row] = await tx
          .insert(voipUsers)
          .values({ productId, ...user, extension: String(extension) })
          .returning();
        if (!row) throw new Error('voip user not inserted');
        return row;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** Changes a user's own fields. */
export async function updateUser(
  db: Updates,
  userId: number,
  set: Partial<Pick<VoipUser, 'firstName' | 'lastName' | 'email'>>,
): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db.update(voipUsers).set(set).where(eq(voipUsers.id, userId));
}

/** Whether another user of the product has this e-mail address (case-insensitive). */
export async function userEmailTaken(
  db: Reads,
  productId: number,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: voipUsers.id })
    .from(voipUsers)
    .where(and(eq(voipUsers.productId, productId), sql`lower(${voipUsers.email}) = ${email.toLowerCase()}`));
  return rows.some((row) => row.id !== exceptUserId);
}

/** Sets the PIN (hashed) of a user who has none; false when they have one (set meanwhile too). */
export async function createUserPin(db: Updates, userId: number, pinHash: string): Promise<boolean> {
  const rows = await db
    .update(voipUsers)
    .set({ pinHash })
    .where(and(eq(voipUsers.id, userId), isNull(voipUsers.pinHash)))
    .returning({ id: voipUsers.id });
  return rows.length > 0;
}

/** Sets the user's PIN (hashed) and unlocks them. */
export async function resetUserPin(db: Updates, userId: number, pinHash: string): Promise<void> {
  await db.update(voipUsers).set({ pinHash, lockedAt: null }).where(eq(voipUsers.id, userId));
}

/**
 * Replaces the user's add-ons with `next` while they are still `current` (the rules were
 * checked against `current`); answers false when another change came first.
 */
export async function replaceUserAddOns(
  db: Pick<Database, 'transaction'>,
  userId: number,
  current: readonly number[],
  next: readonly number[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The user's row is the lock: two changes of one user's add-ons go one after the other.
    await tx.select({ id: voipUsers.id }).from(voipUsers).where(eq(voipUsers.id, userId)).for('update');
    const now = (await tx.select().from(voipUserAddOns).where(eq(voipUserAddOns.voipUserId, userId)))
      .map((row) => row.addOnId)
      .sort((a, b) => a - b);
    const expected = [...current].sort((a, b) => a - b);
    if (now.length !== expected.length || now.some((id, i) => id !== expected[i])) return false;
    await tx.delete(voipUserAddOns).where(eq(voipUserAddOns.voipUserId, userId));
    if (next.length > 0)
      await tx.insert(voipUserAddOns).values(next.map((addOnId) => ({ voipUserId: userId, addOnId })));
    return true;
  });
}
