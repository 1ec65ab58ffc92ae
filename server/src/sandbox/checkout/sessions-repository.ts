import { and, eq, inArray } from 'drizzle-orm';

import type { Inserts, Reads, Updates } from '../../db/connect.ts';
import { sandboxCheckoutSessions } from '../../db/schema/index.ts';

export type SandboxCheckoutSession = typeof sandboxCheckoutSessions.$inferSelect;

// The sandbox payment provider's sessions: its side of each checkout.

export async function addCheckoutSession(
  db: Inserts,
  session: typeof sandboxCheckoutSessions.$inferInsert,
): Promise<void> {
  await db.insert(sandboxCheckoutSessions).values(session);
}

export async function checkoutSessionById(db: Reads, id: string): Promise<SandboxCheckoutSession | null> {
  const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
  return row ?? null;
}

/** Moves a session on from one of the `from` states; answers it, or null when it was not in one (already decided). */
export async function decideCheckoutSession(
  db: Updates,
  id: string,
  from: Array<SandboxCheckoutSession['status']>,
  to: {
    status: SandboxCheckoutSession['status'];
    paymentId?: string;
    sourceId?: string;
    card?: { brand: string; last4: string };
  },
): Promise<SandboxCheckoutSession | null> {
  const [row] = await db
    .update(sandboxCheckoutSessions)
    .set({
      status: to.status,
      paymentId: to.paymentId ?? null,
      ...(to.sourceId !== undefined && { sourceId: to.sourceId }),
      // The provider's own record of a card being saved: its brand and last four digits, never the number.
      ...(to.card !== undefined && { cardBrand: to.card.brand, cardLast4: to.card.last4 }),
    })
    .where(and(eq(sandboxCheckoutSessions.id, id), inArray(sandboxCheckoutSessions.status, from)))
    .returning();
  return row ?? null;
}
