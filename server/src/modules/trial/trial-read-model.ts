// Read model of the trial module: the trial status's query (spec 001, trial; spec 000 section 4), one round trip. It
// joins the customers module's products, trials and quick starts with the identity module's session (users); it
// reads only: a trial and a quick start are changed through the customers module (customers/index.ts).
import { eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/connect.ts';
import { products, quickstarts, trials } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/identity.ts';
import { cloudPhonesOf } from '../customers/index.ts';
import { selectWithSession, sessionQuery } from '../identity/index.ts';

/** The subqueries' own names for the trials and quick starts they look through (the outer query joins the tables themselves). */
const accountTrials = sql.identifier('account_trials');
const accountQuickstarts = sql.identifier('account_quickstarts');

/**
 * The trial status's query, one round trip: the session (identity/tokens-repository.ts `selectWithSession`), the trial
 * of its account's first cloud phone that has one, and the quick start of that phone (or, without a trial, of the
 * account's first cloud phone that has one: a bought phone's); null when none (and for staff, who have no account).
 */
const trialWithSessionQuery = sessionQuery('trial_with_session', (db) =>
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

/** The trial status's row: the session's columns beside its account's trial; on PGlite kept until anything is written. */
export const trialWithSession = (db: Database, keyHash: string) => trialWithSessionQuery(db, keyHash);
