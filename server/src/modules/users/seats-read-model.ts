// A read model of the users module: a cloud phone's seats (its users) with their add-ons and the numbers that ring
// them, as the users page and the site show them (spec 001 section 7 "Users, seats and add-ons"). It reads the users
// module's voip_users and voip_user_add_ons with the numbers module's phone_numbers (which number rings which user);
// it writes nothing. A read model rather than a call of the numbers module: the numbers module reaches the customers
// module, which makes its users through this one.
import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Reads } from '../../db/connect.ts';
import { phoneNumbers } from '../../db/schema/numbers.ts';
import { voipUserAddOns, voipUsers } from '../../db/schema/users.ts';

export type VoipUser = typeof voipUsers.$inferSelect;

/** A user with the ids of their add-ons and the numbers that ring them. */
export interface SeatRow extends VoipUser {
  addOnIds: number[];
  numbers: string[];
}

async function withDetails(db: Reads, rows: VoipUser[]): Promise<SeatRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [addOns, numbers] = await Promise.all([
    db
      .select()
      .from(voipUserAddOns)
      .where(inArray(voipUserAddOns.voipUserId, ids))
      .orderBy(asc(voipUserAddOns.addOnId)),
    db
      .select({ voipUserId: phoneNumbers.voipUserId, number: phoneNumbers.number })
      .from(phoneNumbers)
      .where(inArray(phoneNumbers.voipUserId, ids))
      .orderBy(asc(phoneNumbers.id)),
  ]);
  return rows.map((row) => ({
    ...row,
    addOnIds: addOns.filter((a) => a.voipUserId === row.id).map((a) => a.addOnId),
    numbers: numbers.filter((n) => n.voipUserId === row.id).map((n) => n.number),
  }));
}

/** The product's users, the main user first. */
export async function seatRows(db: Reads, productId: number): Promise<SeatRow[]> {
  return withDetails(
    db,
    await db.select().from(voipUsers).where(eq(voipUsers.productId, productId)).orderBy(asc(voipUsers.id)),
  );
}

/** One user of the product; undefined when it is not one of its users. */
export async function seatRow(db: Reads, productId: number, userId: number): Promise<SeatRow | undefined> {
  const rows = await db
    .select()
    .from(voipUsers)
    .where(and(eq(voipUsers.productId, productId), eq(voipUsers.id, userId)));
  return (await withDetails(db, rows))[0];
}
