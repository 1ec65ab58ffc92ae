import { eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';

import type { Database } from '../../db/connect.ts';
import { products, quickstarts, trials } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/identity.ts';
import { selectWithSession, sessionQuery } from '../identity/index.ts';
import { cloudPhonesOf } from '../products/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    trialRepository: TrialRepository;
  }
}

export type TrialRow = typeof trials.$inferSelect;
export type QuickstartRow = typeof quickstarts.$inferSelect;

/** What a customer's PATCH of the trial status changes; absent fields stay. */
export interface TrialChanges {
  /** Steps to add to the completed ones (merged, never replacing). */
  completedSections?: Record<string, boolean>;
  customerFeedback?: string | null;
  showQuickstartPopup?: boolean;
}

/** The subqueries' own names for the trials and quick starts they look through (the outer query joins the tables themselves). */
const accountTrials = sql.identifier('account_trials');
const accountQuickstarts = sql.identifier('account_quickstarts');

/**
 * The trial status's query, one round trip: the session (identity/tokens-repository.ts `selectWithSession`), the trial
 * of its account's first cloud phone that has one, and the quick start of that phone (or, without a trial, of the
 * account's first cloud phone that has one: a bought phone's); null when none (and for staff, who have no account).
 */
const trialWithSession = sessionQuery('trial_with_session', (db) =>
  selectWithSession(db, { trial: trials, quickstart: quickstarts })
    .leftJoin(
      trials,
      eq(
        trials.productId,
        sql`(select ${products.id} from ${products} where ${cloudPhonesOf(users.accountId, sql`exists (select 1 from ${trials} as ${accountTrials} where ${accountTrials}.product_id = ${products.id})`)} order by ${products.id} limit 1)`,
      ),
    )
    .leftJoin(
      quickstarts,
      eq(
        quickstarts.productId,
        sql`coalesce(${trials.productId}, (select ${products.id} from ${products} where ${cloudPhonesOf(users.accountId, sql`exists (select 1 from ${quickstarts} as ${accountQuickstarts} where ${accountQuickstarts}.product_id = ${products.id})`)} order by ${products.id} limit 1))`,
      ),
    ),
);

/** Trials of cloud phones and the phones' quick starts (spec 001, trial; spec 000 section 4). */
export function createTrialRepository(db: Database) {
  return {
    /** The trial status's row: the session's columns beside its account's trial (`trialWithSession`); on PGlite kept until anything is written. */
    withSession: (keyHash: string) => trialWithSession(db, keyHash),

    /** Remembers that the trial's upgrade prompt was shown (the first time only); answers the trial, or undefined with none. */
    async upgradePromptShown(productId: number, now: Date): Promise<TrialRow | undefined> {
      const [row] = await db
        .update(trials)
        .set({ upgradePromptShownAt: sql`coalesce(${trials.upgradePromptShownAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(trials.productId, productId))
        .returning();
      return row;
    },

    /** Changes a product's quick start; answers it as changed. */
    async update(productId: number, changes: TrialChanges): Promise<QuickstartRow | undefined> {
      const sections = changes.completedSections;
      const [updated] = await db
        .update(quickstarts)
        .set({
          // Merged in the database, so two steps completed at once both stay completed.
          ...(sections && {
            sectionsCompleted: sql`${quickstarts.sectionsCompleted} || ${JSON.stringify(sections)}::jsonb`,
          }),
          ...(changes.customerFeedback !== undefined && { customerFeedback: changes.customerFeedback }),
          ...(changes.showQuickstartPopup !== undefined && { showPopup: changes.showQuickstartPopup }),
        })
        .where(eq(quickstarts.productId, productId))
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
