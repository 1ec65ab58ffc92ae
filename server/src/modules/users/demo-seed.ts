import { and, eq } from 'drizzle-orm';

import type { Inserts, Reads } from '../../db/connect.ts';
import { voipUserAddOns, voipUsers } from '../../db/schema/users.ts';

/** The demo's cloud-phone users past the first seat customers.create makes (db/seed.ts, db/demo-factory.ts). */

export type SeededSeat = Omit<typeof voipUsers.$inferInsert, 'id'>;

/** Adds the users, in this order; answers their ids in the same order. */
export async function seedSeats(tx: Inserts, rows: readonly SeededSeat[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const made = await tx
    .insert(voipUsers)
    .values([...rows])
    .returning({ id: voipUsers.id });
  return made.map((row) => row.id);
}

/** Gives users their add-ons (contract/src/users.ts ADD_ONS). */
export async function seedSeatAddOns(
  tx: Inserts,
  rows: ReadonlyArray<{ voipUserId: number; addOnId: number }>,
): Promise<void> {
  if (rows.length > 0) await tx.insert(voipUserAddOns).values([...rows]);
}

/** A phone's user on the extension (the first seat customers.create made is on 200): its id. */
export async function seatIdOn(tx: Reads, productId: number, extension: string): Promise<number> {
  const [seat] = await tx
    .select({ id: voipUsers.id })
    .from(voipUsers)
    .where(and(eq(voipUsers.productId, productId), eq(voipUsers.extension, extension)));
  if (!seat) throw new Error(`seed: no user on extension ${extension}`);
  return seat.id;
}
