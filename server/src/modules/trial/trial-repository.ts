import { and, asc, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../../db/connect.ts';
import { products, trials } from '../../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    trialRepository: TrialRepository;
  }
}

export type TrialRow = typeof trials.$inferSelect;

/** What a customer's PATCH of the trial status changes; absent fields stay. */
export interface TrialChanges {
  /** Steps to add to the completed ones (merged, never replacing). */
  completedSections?: Record<string, boolean>;
  customerFeedback?: string | null;
  showQuickstartPopup?: boolean;
}

/** Trials of cloud phones and their quick start state (spec 001, trial). */
export function createTrialRepository(db: Database) {
  return {
    /** The trial of the account's first cloud phone that has one. */
    async ofAccount(accountId: number): Promise<TrialRow | null> {
      const [found] = await db
        .select({ trial: trials })
        .from(trials)
        .innerJoin(products, eq(products.id, trials.productId))
        .where(and(eq(products.accountId, accountId), eq(products.kind, 'voip')))
        .orderBy(asc(products.id))
        .limit(1);
      return found?.trial ?? null;
    },

    /** Changes a product's trial; answers it as changed. */
    async update(productId: number, changes: TrialChanges): Promise<TrialRow | undefined> {
      const sections = changes.completedSections;
      const [updated] = await db
        .update(trials)
        .set({
          // Merged in the database, so two steps completed at once both stay completed.
          ...(sections && { quickstartPopupSectionsCompleted: sql`${trials.quickstartPopupSectionsCompleted} || ${JSON.stringify(sections)}::jsonb` }),
          ...(changes.customerFeedback !== undefined && { customerFeedback: changes.customerFeedback }),
          ...(changes.showQuickstartPopup !== undefined && { showQuickstartPopup: changes.showQuickstartPopup }),
        })
        .where(eq(trials.productId, productId))
        .returning();
      return updated;
    },
  };
}

export type TrialRepository = ReturnType<typeof createTrialRepository>;

export default fp(
  async (app) => {
    app.decorate('trialRepository', createTrialRepository(app.db));
  },
  { name: 'trial-repository', dependencies: ['db'] },
);
