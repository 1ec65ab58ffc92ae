import { eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../../db/connect.ts';
import { products, trials, users } from '../../db/schema/index.ts';
import { selectWithSession, sessionQuery } from '../../auth/tokens-repository.ts';
import { cloudPhonesOf } from '../products/products-repository.ts';

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

/** The subquery's own name for the trials it looks through (the outer query joins `trials` itself). */
const accountTrials = sql.identifier('account_trials');

/**
 * The trial status's query, one round trip: the session (auth/tokens-repository.ts `selectWithSession`) and the trial
 * of its account's first cloud phone that has one, null when none (and for staff, who have no account).
 */
const trialWithSession = sessionQuery('trial_with_session', (db) =>
  selectWithSession(db, { trial: trials }).leftJoin(
    trials,
    eq(
      trials.productId,
      sql`(select ${products.id} from ${products} where ${cloudPhonesOf(users.accountId, sql`exists (select 1 from ${trials} as ${accountTrials} where ${accountTrials}.product_id = ${products.id})`)} order by ${products.id} limit 1)`,
    ),
  ),
);

/** Trials of cloud phones and their quick start state (spec 001, trial). */
export function createTrialRepository(db: Database) {
  return {
    /** The trial status's row: the session's columns beside its account's trial (`trialWithSession`); on PGlite kept until anything is written. */
    withSession: (keyHash: string) => trialWithSession(db, keyHash),

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
