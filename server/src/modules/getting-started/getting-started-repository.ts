import { eq } from 'drizzle-orm';

import type { Database, Reads, Updates } from '../../db/connect.ts';
import { gettingStartedProgress } from '../../db/schema/getting-started.ts';
import * as customers from '../customers/index.ts';
import { setSeatPins } from '../users/index.ts';

// A cloud phone's getting started (spec 001 section 4): the users chosen, their PIN, the end of it.

export type GettingStartedProgress = typeof gettingStartedProgress.$inferSelect;

/** How far the product's getting started has gone; undefined when nothing is saved yet. */
export async function gettingStartedProgressOf(
  db: Reads,
  productId: number,
): Promise<GettingStartedProgress | undefined> {
  const [row] = await db.select().from(gettingStartedProgress).where(eq(gettingStartedProgress.productId, productId));
  return row;
}

/**
 * Keeps the users chosen (ids of the product's users, checked by the caller). A different
 * choice clears the PIN step: the users newly chosen have no PIN yet.
 */
export async function chooseGettingStartedUsers(
  db: Pick<Database, 'transaction'>,
  productId: number,
  userIds: number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(gettingStartedProgress)
      .where(eq(gettingStartedProgress.productId, productId))
      .for('update');
    const same =
      row !== undefined && row.userIds.length === userIds.length && row.userIds.every((id, i) => id === userIds[i]);
    await tx
      .insert(gettingStartedProgress)
      .values({ productId, userIds, pinSetAt: null })
      .onConflictDoUpdate({
        target: gettingStartedProgress.productId,
        set: { userIds, ...(!same && { pinSetAt: null }) },
      });
  });
}

/** Gives the chosen users the PIN (hashed) and marks the step done, together. */
export async function setGettingStartedPin(
  db: Pick<Database, 'transaction'>,
  productId: number,
  userIds: number[],
  pinHash: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await setSeatPins(tx, productId, userIds, pinHash);
    await tx
      .update(gettingStartedProgress)
      .set({ pinSetAt: now })
      .where(eq(gettingStartedProgress.productId, productId));
  });
}

/** Ends getting started: the product leaves GET /api/v3/voip/getting-started/. */
export async function completeGettingStarted(db: Updates, productId: number): Promise<void> {
  await customers.endGettingStarted(db, productId);
}
