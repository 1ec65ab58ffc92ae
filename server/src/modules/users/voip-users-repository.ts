import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';

import type { Database, Reads } from '../../db/connect.ts';
import { voipUsers } from '../../db/schema/users.ts';
import type { VoipUser } from './seats-read-model.ts';

// A cloud phone's users as other modules read and change them (spec 001 section 7 "Users, seats and add-ons"). Each
// takes the database or the caller's transaction.

/** The product's users, the main user first. */
export async function voipUsersOf(db: Reads, productId: number): Promise<VoipUser[]> {
  return db.select().from(voipUsers).where(eq(voipUsers.productId, productId)).orderBy(asc(voipUsers.id));
}

/** The product's locked users, by id. */
export async function lockedVoipUsersOf(db: Reads, productId: number): Promise<VoipUser[]> {
  return db
    .select()
    .from(voipUsers)
    .where(and(eq(voipUsers.productId, productId), isNotNull(voipUsers.lockedAt)))
    .orderBy(asc(voipUsers.id));
}

/** A user by id; null when none. */
export async function voipUserById(db: Reads, id: number): Promise<VoipUser | null> {
  const [row] = await db.select().from(voipUsers).where(eq(voipUsers.id, id));
  return row ?? null;
}

/** The users among `ids` with their names and extensions; unknown ids are left out. */
export async function voipUserNames(
  db: Reads,
  ids: readonly number[],
): Promise<Array<Pick<VoipUser, 'id' | 'firstName' | 'lastName' | 'extension'>>> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: voipUsers.id,
      firstName: voipUsers.firstName,
      lastName: voipUsers.lastName,
      extension: voipUsers.extension,
    })
    .from(voipUsers)
    .where(inArray(voipUsers.id, [...new Set(ids)]));
}

/** How many users the product has. */
export async function voipUserCount(db: Reads, productId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(voipUsers).where(eq(voipUsers.productId, productId));
  return row?.n ?? 0;
}

/** Locks the user's row until `tx` ends, so two changes of one user (their numbers, say) take turns. */
export async function lockVoipUser(tx: Reads, id: number): Promise<void> {
  await tx.select({ id: voipUsers.id }).from(voipUsers).where(eq(voipUsers.id, id)).for('update');
}

/** Sets the PIN (hashed) of a phone's main user (its first); false when the phone has no user. */
export async function setMainUserPin(db: Pick<Database, 'select' | 'update'>, productId: number, pinHash: string) {
  const [main] = await db
    .select({ id: voipUsers.id })
    .from(voipUsers)
    .where(eq(voipUsers.productId, productId))
    .orderBy(asc(voipUsers.id))
    .limit(1);
  if (!main) return false;
  await db.update(voipUsers).set({ pinHash }).where(eq(voipUsers.id, main.id));
  return true;
}
