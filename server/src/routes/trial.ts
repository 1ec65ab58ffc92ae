import { and, asc, eq } from 'drizzle-orm';
import type { TrialStatus } from '@portal/contract';
import { products, trials } from '../db/schema.ts';
import { authOf } from '../plugins/auth.ts';
import type { Handlers } from './index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The answer for a customer with no product in a trial (and for staff, who have no account). */
const noTrial: TrialStatus = {
  isInTrial: false,
  isTrialExpired: false,
  trialKind: null,
  productId: null,
  remainDays: null,
  show_quickstart_popup: false,
  quickstart_popup_sections_completed: {},
  customer_feedback: null,
  status_entry: null,
};

export const trialHandlers = {
  getTrialStatus: async ({ request, reply }) => {
    const { accountId } = authOf(request).user;
    reply.header('cache-control', 'no-store');
    if (accountId === null) return noTrial;
    const [trial] = await request.server.db
      .select({ trial: trials })
      .from(trials)
      .innerJoin(products, eq(products.id, trials.productId))
      .where(and(eq(products.accountId, accountId), eq(products.kind, 'voip')))
      .orderBy(asc(products.id))
      .limit(1);
    if (!trial) return noTrial;
    const { trial: row } = trial;
    const left = row.endsAt.getTime() - request.server.now().getTime();
    return {
      // An expired trial is still the customer's trial: the SPA sends them to upgrade.
      isInTrial: true,
      isTrialExpired: left <= 0,
      trialKind: row.kind,
      productId: row.productId,
      // Whole days left, rounded up: 1 hour left is "1 day remains".
      remainDays: Math.max(0, Math.ceil(left / DAY_MS)),
      show_quickstart_popup: row.showQuickstartPopup,
      quickstart_popup_sections_completed: row.quickstartPopupSectionsCompleted,
      customer_feedback: row.customerFeedback,
      status_entry: row.statusEntry.toISOString(),
    };
  },
} satisfies Pick<Handlers, 'getTrialStatus'>;
