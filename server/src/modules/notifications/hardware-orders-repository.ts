import { eq } from 'drizzle-orm';

import type { HardwareOrder } from '@portal/contract';

import type { Database, Reads } from '../../db/connect.ts';
import { orders } from '../../db/schema/notifications.ts';

// The hardware orders the shop takes (spec 001 sections 3 and 7), which the order tracker and the notification centre
// list. Each function takes the database or the shop's purchase transaction.

/**
 * Adds a committed, unread hardware order for the account; answers its id and the reference the customer sees, made
 * from the order's own id (clear of the demo's HW-8xxxx and HW-9xxxx).
 */
export async function addHardwareOrder(
  tx: Pick<Database, 'insert' | 'update'>,
  input: { accountId: number; now: Date; detail: HardwareOrder },
): Promise<{ id: number; reference: string }> {
  const [order] = await tx
    .insert(orders)
    .values({
      accountId: input.accountId,
      kind: 'HARDWARE_ORDER',
      status: 'COMMITTED',
      reference: 'HW-NEW',
      dateOrdered: input.now,
      lastUpdatedDate: input.now,
      detail: input.detail,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('shop: order not inserted');
  const reference = `HW-${500000 + order.id}`;
  await tx.update(orders).set({ reference }).where(eq(orders.id, order.id));
  return { id: order.id, reference };
}

/** The reference of order `id`; undefined when there is none. */
export async function orderReference(db: Reads, id: number): Promise<string | undefined> {
  const [row] = await db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, id));
  return row?.reference;
}
