import type { FastifyRequest } from 'fastify';

import type { TrialStatus } from '@portal/contract';

import { readWithSession } from '../../plugins/auth.ts';
import { readsSessionItself, type Handlers } from '../../routes/index.ts';
import * as customers from '../customers/index.ts';
import type { QuickstartChanges, QuickstartRow, TrialRow } from '../customers/index.ts';
import { notFound, ownedVoipProduct, rowId } from '../products/index.ts';
import { trialWithSession } from './trial-read-model.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The answer for a customer with no product in a trial or with a quick start (and for staff, who have no account). */
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
  upgrade_prompt_shown: false,
};

/**
 * The signed-in customer's trial (the trial of their first cloud phone that has one; none for staff), read with the
 * token in one query (one round trip, plugins/auth.ts readWithSession): every signed-in page asks for it.
 */
async function trialOf(request: FastifyRequest): Promise<{ trial: TrialRow | null; quickstart: QuickstartRow | null }> {
  const [{ trial, quickstart }] = await readWithSession(request, (keyHash) =>
    trialWithSession(request.server.db, keyHash),
  );
  return { trial, quickstart };
}

/** The status of the trial and the quick start (a bought phone has a quick start and no trial: five steps). */
function statusOf(
  { trial, quickstart }: { trial: TrialRow | null; quickstart: QuickstartRow | null },
  now: Date,
): TrialStatus {
  const quick = {
    show_quickstart_popup: quickstart?.showPopup ?? false,
    quickstart_popup_sections_completed: quickstart?.sectionsCompleted ?? {},
    customer_feedback: quickstart?.customerFeedback ?? null,
  };
  if (!trial) return quickstart ? { ...noTrial, productId: quickstart.productId, ...quick } : noTrial;
  const left = trial.endsAt.getTime() - now.getTime();
  return {
    // An expired trial is still the customer's trial: the SPA sends them to upgrade.
    isInTrial: true,
    isTrialExpired: left <= 0,
    trialKind: trial.kind,
    productId: trial.productId,
    // Whole days left, rounded up: 1 hour left is "1 day remains".
    remainDays: Math.max(0, Math.ceil(left / DAY_MS)),
    ...quick,
    status_entry: trial.statusEntry.toISOString(),
    upgrade_prompt_shown: trial.upgradePromptShownAt !== null,
  };
}

export const trialHandlers = {
  getTrialStatus: readsSessionItself(async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    return statusOf(await trialOf(request), request.server.now());
  }),

  // Authenticated before its body is checked (as every change is); its trial is then read as GET's is.
  patchTrialStatus: async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const row = await trialOf(request);
    // Nothing to update for a customer with no quick start.
    if (!row.quickstart) throw notFound();
    const sections = body.quickstart_popup_sections_completed;
    const changes: QuickstartChanges = {
      ...(sections && { completedSections: sections }),
      ...(body.customer_feedback !== undefined && { customerFeedback: body.customer_feedback || null }),
      ...(body.show_quickstart_popup !== undefined && { showQuickstartPopup: body.show_quickstart_popup }),
    };
    if (Object.keys(changes).length === 0) return statusOf(row, request.server.now());
    const updated = await customers.changeQuickstart(request.server.db, row.quickstart.productId, changes);
    return statusOf({ trial: row.trial, quickstart: updated ?? row.quickstart }, request.server.now());
  },

  // The customer's own trial only: another account's phone, or a phone with no trial, is 404.
  upgradePromptShown: async ({ params, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const product = await ownedVoipProduct(request, rowId(params.id));
    const trial = await customers.markUpgradePromptShown(request.server.db, product.id, request.server.now());
    if (!trial) throw notFound();
    const { quickstart } = await trialOf(request);
    return statusOf(
      { trial, quickstart: quickstart?.productId === trial.productId ? quickstart : null },
      request.server.now(),
    );
  },
} satisfies Pick<Handlers, 'getTrialStatus' | 'patchTrialStatus' | 'upgradePromptShown'>;
