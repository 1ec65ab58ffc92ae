import { and, eq, inArray } from 'drizzle-orm';

import type { Updates } from '../../db/connect.ts';
import { voipUsers } from '../../db/schema/users.ts';

/**
 * Gives the product's users `userIds` the PIN (hashed; spec 001 section 4, getting started), in the caller's
 * transaction when `db` is one. Ids that are not the product's users change nothing.
 */
export async function setSeatPins(db: Updates, productId: number, userIds: number[], pinHash: string): Promise<void> {
  await db
    .update(voipUsers)
    .set({ pinHash })
    .where(and(eq(voipUsers.productId, productId), inArray(voipUsers.id, userIds)));
}
