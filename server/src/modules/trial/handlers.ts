import type { FastifyRequest } from 'fastify';
import type { TrialStatus } from '@portal/contract';
import { readWithSession } from '../../plugins/auth.ts';
import { readsSessionItself, type Handlers } from '../../routes/index.ts';
import { notFound } from '../products/products.ts';
import type { TrialChanges, TrialRow } from './trial-repository.ts';

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

/**
 * The signed-in customer's trial (the trial of their first cloud phone that has one; none for staff), read with the
 * token in one query (one round trip, plugins/auth.ts readWithSession): every signed-in page asks for it.
 */
async function trialOf(request: FastifyRequest): Promise<TrialRow | null> {
  const repository = request.server.trialRepository;
  const [{ trial }] = await readWithSession(request, (keyHash) => repository.withSession(keyHash));
  return trial;
}

function statusOf(row: TrialRow, now: Date): TrialStatus {
  const left = row.endsAt.getTime() - now.getTime();
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
}

export const trialHandlers = {
  getTrialStatus: readsSessionItself(async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    const row = await trialOf(request);
    return row ? statusOf(row, request.server.now()) : noTrial;
  }),

  // Authenticated before its body is checked (as every change is); its trial is then read as GET's is.
  patchTrialStatus: async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const row = await trialOf(request);
    // Nothing to update for a customer who is not in a trial.
    if (!row) throw notFound();
    const sections = body.quickstart_popup_sections_completed;
    const changes: TrialChanges = {
      ...(sections && { completedSections: sections }),
      ...(body.customer_feedback !== undefined && { customerFeedback: body.customer_feedback || null }),
      ...(body.show_quickstart_popup !== undefined && { showQuickstartPopup: body.show_quickstart_popup }),
    };
    if (Object.keys(changes).length === 0) return statusOf(row, request.server.now());
    const updated = await request.server.trialRepository.update(row.productId, changes);
    return statusOf(updated ?? row, request.server.now());
  },
} satisfies Pick<Handlers, 'getTrialStatus' | 'patchTrialStatus'>;
