import { readWithSession } from '../../plugins/auth.ts';
import { readsSessionItself, type Handlers } from '../../routes/index.ts';
import {
  creditStatusesWithSession,
  ownedVoipProduct,
  rowId,
  serviceStatusesWithSession,
  welcomeDueWithSession,
} from '../products/index.ts';
import { lockedSiteUsers } from '../site/index.ts';

/**
 * The statuses the default layout loads at start-up (spec 000 section 4): getting started,
 * service status, locked users and credit status. Staff, who have no account of their own,
 * get empty lists.
 */
export const statusHandlers = {
  // getting started, service status and credit status check the token in their own query (one round trip,
  // plugins/auth.ts readWithSession), as every signed-in page asks for them.
  getGettingStarted: readsSessionItself(async ({ request }) => {
    const [row] = await readWithSession(request, (keyHash) => welcomeDueWithSession(request.server.db, keyHash));
    return { getting_started_product_ids: row.products.map((product) => product.id) };
  }),

  getServiceStatus: readsSessionItself(async ({ request }) => {
    const [row] = await readWithSession(request, (keyHash) => serviceStatusesWithSession(request.server.db, keyHash));
    return {
      results: row.products.map((product) => ({
        product_id: product.id,
        service_status: product.serviceStatus,
        reason: product.serviceStatus === 'blocked' ? product.serviceBlockedReason : null,
      })),
    };
  }),

  getLockedUsers: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.id));
    const rows = await lockedSiteUsers(request.server.db, product.id);
    return {
      results: rows.map((user) => ({
        user_id: user.id,
        name: `${user.firstName} ${user.lastName}`.trim(),
        extension: user.extension,
      })),
    };
  },

  getCreditStatus: readsSessionItself(async ({ request }) => {
    const [row] = await readWithSession(request, (keyHash) => creditStatusesWithSession(request.server.db, keyHash));
    return {
      results: row.statuses.map((status) => ({
        account_id: status.accountId,
        stage: status.stage,
        balance_due: Number(status.balanceDue).toFixed(2),
        due_date: status.dueDate,
      })),
    };
  }),
} satisfies Pick<Handlers, 'getGettingStarted' | 'getServiceStatus' | 'getLockedUsers' | 'getCreditStatus'>;
