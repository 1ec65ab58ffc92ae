import { authOf } from '../../plugins/auth.ts';
import type { Handlers } from '../../routes/index.ts';
import { ownedVoipProduct, rowId } from '../products/products.ts';

/**
 * The statuses the default layout loads at start-up (spec 000 section 4): getting started,
 * service status, locked users and credit status. Staff, who have no account of their own,
 * get empty lists.
 */
export const statusHandlers = {
  getGettingStarted: async ({ request }) => {
    const { accountId } = authOf(request).user;
    if (accountId === null) return { getting_started_product_ids: [] };
    return { getting_started_product_ids: await request.server.productsRepository.voipWithWelcomeDue(accountId) };
  },

  getServiceStatus: async ({ request }) => {
    const { accountId } = authOf(request).user;
    if (accountId === null) return { results: [] };
    const rows = await request.server.productsRepository.voipOfAccount(accountId);
    return {
      results: rows.map((row) => ({
        product_id: row.id,
        service_status: row.serviceStatus,
        reason: row.serviceStatus === 'blocked' ? row.serviceBlockedReason : null,
      })),
    };
  },

  getLockedUsers: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.id));
    const rows = await request.server.siteRepository.lockedUsers(product.id);
    return {
      results: rows.map((user) => ({
        user_id: user.id,
        name: `${user.firstName} ${user.lastName}`.trim(),
        extension: user.extension,
      })),
    };
  },

  getCreditStatus: async ({ request }) => {
    const { accountId } = authOf(request).user;
    if (accountId === null) return { results: [] };
    const rows = await request.server.productsRepository.creditStatuses(accountId);
    return {
      results: rows.map((row) => ({
        account_id: row.accountId,
        stage: row.stage,
        balance_due: Number(row.balanceDue).toFixed(2),
        due_date: row.dueDate,
      })),
    };
  },
} satisfies Pick<Handlers, 'getGettingStarted' | 'getServiceStatus' | 'getLockedUsers' | 'getCreditStatus'>;
