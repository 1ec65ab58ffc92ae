import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';

import type { Inserts, Reads, Updates } from '../../db/connect.ts';
import { testCalls } from '../../db/schema/test-calls.ts';

export type TestCallRow = typeof testCalls.$inferSelect;
export type NewTestCall = Omit<
  typeof testCalls.$inferInsert,
  'moments' | 'claimedAt' | 'endedAt' | 'path' | 'outcome' | 'endReason' | 'durationMs' | 'voicemailKey'
>;

/** Moments kept per call: a call that loops in a menu for its 10 minutes stops adding after this. */
const MAX_MOMENTS = 2000;

// Real test calls: granted by the portal, claimed once by the call runtime, finished with their outcome.

export async function createTestCall(db: Inserts, call: NewTestCall): Promise<void> {
  await db.insert(testCalls).values(call);
}

/** Takes a token once: the call, or undefined when the token is unknown, used or expired. Safe across processes. */
export async function claimTestCall(db: Updates, tokenHash: string, now: Date): Promise<TestCallRow | undefined> {
  const [row] = await db
    .update(testCalls)
    .set({ claimedAt: now })
    .where(and(eq(testCalls.tokenHash, tokenHash), isNull(testCalls.claimedAt), gt(testCalls.expiresAt, now)))
    .returning();
  return row;
}

/** A claimed call that has not ended (the runtime's reports are accepted only for these). */
export async function liveTestCall(db: Reads, id: string): Promise<TestCallRow | undefined> {
  const [row] = await db
    .select()
    .from(testCalls)
    .where(and(eq(testCalls.id, id), sql`${testCalls.claimedAt} is not null`, isNull(testCalls.endedAt)));
  return row;
}

/** A test call of a product's flow, whatever its state. */
export async function testCallOfFlow(
  db: Reads,
  productId: number,
  flowId: number,
  id: string,
): Promise<TestCallRow | undefined> {
  const [row] = await db
    .select()
    .from(testCalls)
    .where(and(eq(testCalls.id, id), eq(testCalls.productId, productId), eq(testCalls.flowId, flowId)));
  return row;
}

/** The product's newest answered test calls (call history), newest first. */
export async function testCallHistory(db: Reads, productId: number, limit: number): Promise<TestCallRow[]> {
  return db
    .select()
    .from(testCalls)
    .where(and(eq(testCalls.productId, productId), isNotNull(testCalls.claimedAt)))
    .orderBy(desc(testCalls.createdAt), desc(testCalls.id))
    .limit(limit);
}

export async function addTestCallMoment(db: Updates, id: string, moment: unknown): Promise<void> {
  await db
    .update(testCalls)
    .set({ moments: sql`${testCalls.moments} || jsonb_build_array(${JSON.stringify(moment)}::jsonb)` })
    .where(
      and(
        eq(testCalls.id, id),
        isNull(testCalls.endedAt),
        sql`jsonb_array_length(${testCalls.moments}) < ${MAX_MOMENTS}`,
      ),
    );
}

export async function finishTestCall(
  db: Updates,
  id: string,
  end: Pick<TestCallRow, 'path' | 'outcome' | 'endReason' | 'durationMs' | 'voicemailKey' | 'endedAt'>,
): Promise<void> {
  await db
    .update(testCalls)
    .set(end)
    .where(and(eq(testCalls.id, id), isNull(testCalls.endedAt)));
}
