import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';

import type { Database } from '../../db/connect.ts';
import { testCalls } from '../../db/schema/test-calls.ts';

declare module 'fastify' {
  interface FastifyInstance {
    testCallsRepository: TestCallsRepository;
  }
}

export type TestCallRow = typeof testCalls.$inferSelect;
export type NewTestCall = Omit<
  typeof testCalls.$inferInsert,
  'moments' | 'claimedAt' | 'endedAt' | 'path' | 'outcome' | 'endReason' | 'durationMs' | 'voicemailKey'
>;

/** Moments kept per call: a call that loops in a menu for its 10 minutes stops adding after this. */
const MAX_MOMENTS = 2000;

/** Real test calls: granted by the portal, claimed once by the call runtime, finished with their outcome. */
export function createTestCallsRepository(db: Database) {
  return {
    async create(call: NewTestCall): Promise<void> {
      await db.insert(testCalls).values(call);
    },

    /** Takes a token once: the call, or undefined when the token is unknown, used or expired. Safe across processes. */
    async claim(tokenHash: string, now: Date): Promise<TestCallRow | undefined> {
      const [row] = await db
        .update(testCalls)
        .set({ claimedAt: now })
        .where(and(eq(testCalls.tokenHash, tokenHash), isNull(testCalls.claimedAt), gt(testCalls.expiresAt, now)))
        .returning();
      return row;
    },

    /** A claimed call that has not ended (the runtime's reports are accepted only for these). */
    async live(id: string): Promise<TestCallRow | undefined> {
      const [row] = await db
        .select()
        .from(testCalls)
        .where(and(eq(testCalls.id, id), sql`${testCalls.claimedAt} is not null`, isNull(testCalls.endedAt)));
      return row;
    },

    /** A test call of a product's flow, whatever its state. */
    async ofFlow(productId: number, flowId: number, id: string): Promise<TestCallRow | undefined> {
      const [row] = await db
        .select()
        .from(testCalls)
        .where(and(eq(testCalls.id, id), eq(testCalls.productId, productId), eq(testCalls.flowId, flowId)));
      return row;
    },

    /** The product's newest answered test calls (call history), newest first. */
    async history(productId: number, limit: number): Promise<TestCallRow[]> {
      return db
        .select()
        .from(testCalls)
        .where(and(eq(testCalls.productId, productId), isNotNull(testCalls.claimedAt)))
        .orderBy(desc(testCalls.createdAt), desc(testCalls.id))
        .limit(limit);
    },

    async addMoment(id: string, moment: unknown): Promise<void> {
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
    },

    async finish(
      id: string,
      end: Pick<TestCallRow, 'path' | 'outcome' | 'endReason' | 'durationMs' | 'voicemailKey' | 'endedAt'>,
    ): Promise<void> {
      await db
        .update(testCalls)
        .set(end)
        .where(and(eq(testCalls.id, id), isNull(testCalls.endedAt)));
    },
  };
}

export type TestCallsRepository = ReturnType<typeof createTestCallsRepository>;

export default fp(
  async (app) => {
    app.decorate('testCallsRepository', createTestCallsRepository(app.db));
  },
  { name: 'test-calls-repository', dependencies: ['db'] },
);
