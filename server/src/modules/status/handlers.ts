import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { creditControlStatuses, products, voipUsers } from '../../db/schema/index.ts';
import { authOf } from '../../plugins/auth.ts';
import type { Handlers } from '../../routes/index.ts';
import { ownedVoipProduct, rowId } from '../products/ownership.ts';

/**
 * The statuses the default layout loads at start-up (spec 000 section 4): getting started,
 * service status, locked users and credit status. Staff, who have no account of their own,
 * get empty lists.
 */
export const statusHandlers = {
  getGettingStarted: async ({ request }) => {
    const { accountId } = authOf(request).user;
    if (accountId === null) return { getting_started_product_ids: [] };
    const rows = await request.server.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.accountId, accountId), eq(products.kind, 'voip'), eq(products.showWelcome, true)))
      .orderBy(asc(products.id));
    return { getting_started_product_ids: rows.map((row) => row.id) };
  },

  getServiceStatus: async ({ request }) => {
    const { accountId } = authOf(request).user;
    if (accountId === null) return { results: [] };
    const rows = await request.server.db
      .select({ id: products.id, status: products.serviceStatus, reason: products.serviceBlockedReason })
      .from(products)
      .where(and(eq(products.accountId, accountId), eq(products.kind, 'voip')))
      .orderBy(asc(products.id));
    return {
      results: rows.map((row) => ({
        product_id: row.id,
        service_status: row.status,
        reason: row.status === 'blocked' ? row.reason : null,
      })),
    };
  },

  getLockedUsers: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.id));
    const rows = await request.server.db
      .select()
      .from(voipUsers)
      .where(and(eq(voipUsers.productId, product.id), isNotNull(voipUsers.lockedAt)))
      .orderBy(asc(voipUsers.id));
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
    const rows = await request.server.db
      .select()
      .from(creditControlStatuses)
      .where(eq(creditControlStatuses.accountId, accountId))
      .orderBy(asc(creditControlStatuses.id));
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
