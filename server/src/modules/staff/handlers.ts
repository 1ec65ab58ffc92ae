import { errorMessages, staffMessages, type SwitchUserError } from '@portal/contract';

import { authOf } from '../../plugins/auth.ts';
import { ApiError, detailError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { realUserOf, userByEmail, type AuthenticatedUser } from '../identity/index.ts';
import { pageAnswer, pageRequest } from '../paging.ts';
import { canManageOtherUsers } from './access.ts';
import { auditPathOf } from './audit.ts';
import { describeCall } from './describe.ts';
import { auditLogPage, switchStaffSession, type AuditRecord } from './staff-repository.ts';

/** Entries the audit log answers when page_size is not given. */
const DEFAULT_AUDIT_PAGE_SIZE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An error of the switch calls: the admin dialog shows `error` (spec 000 section 8), `detail` is the API's usual field. */
function switchError(statusCode: number, message: string): ApiError {
  const body: SwitchUserError = { detail: message, error: message };
  return new ApiError(statusCode, body);
}

const nameOf = (user: AuthenticatedUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

export const staffHandlers = {
  switchUser: async ({ body, request }) => {
    const auth = authOf(request);
    // While switched, the person asking is still the staff member behind the session.
    const staff = realUserOf(auth);
    if (!canManageOtherUsers(staff)) throw switchError(403, staffMessages.notAllowed);

    const { db } = request.server;
    const customer = await userByEmail(db, body.email.toLowerCase());
    if (!customer) throw switchError(404, staffMessages.unknownUser(body.email));
    if (customer.id === staff.id) throw switchError(400, staffMessages.ownAccount);
    // A staff account may hold more than its viewer: acting as it would be a way up.
    if (customer.isStaff) throw switchError(403, staffMessages.staffAccount);

    const at = request.server.now();
    const record: AuditRecord = {
      action: 'switch',
      staff,
      customer,
      method: request.method,
      path: auditPathOf(request),
      summary: `switched to ${customer.email}`,
      status: 200,
      at,
    };
    if (!(await switchStaffSession(db, auth.tokenId, { userId: customer.id, actingUserId: staff.id }, record))) {
      throw detailError(401, errorMessages.invalidToken);
    }
    request.staffAudited = true;
    const name = nameOf(customer);
    return { detail: staffMessages.switched(name), viewing: { email: customer.email, name } };
  },

  returnToStaff: async ({ request }) => {
    const auth = authOf(request);
    const staff = auth.actingUser;
    if (!staff) throw switchError(400, staffMessages.notSwitched);

    const at = request.server.now();
    const record: AuditRecord = {
      action: 'return',
      staff,
      customer: auth.user,
      method: request.method,
      path: auditPathOf(request),
      summary: 'returned to their own account',
      status: 200,
      at,
    };
    if (
      !(await switchStaffSession(request.server.db, auth.tokenId, { userId: staff.id, actingUserId: null }, record))
    ) {
      throw detailError(401, errorMessages.invalidToken);
    }
    request.staffAudited = true;
    return { detail: staffMessages.returned };
  },

  staffAuditLog: async ({ query, request }) => {
    if (!canManageOtherUsers(realUserOf(authOf(request)))) throw detailError(403, staffMessages.auditNotAllowed);
    const customer = query.customer?.trim().toLowerCase() || undefined;
    const staff = query.staff?.trim().toLowerCase() || undefined;
    const page = pageRequest(query, DEFAULT_AUDIT_PAGE_SIZE);
    const filter = {
      customerEmail: customer,
      staffEmail: staff,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      // `to` names a whole day: everything before the next one.
      before: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
    };
    const { rows, total } = await auditLogPage(request.server.db, filter, page.limit, page.offset);
    const keep = Object.fromEntries(
      Object.entries({ customer, staff, from: query.from, to: query.to }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    const results = rows.map((row) => ({
      id: row.id,
      action: row.action,
      staff: { id: row.staffUserId, email: row.staffEmail },
      customer: { id: row.customerUserId, email: row.customerEmail },
      method: row.method,
      path: row.path,
      // Entries kept before their words were: worded from the call alone.
      summary: row.summary ?? describeCall({ method: row.method, path: row.path }),
      status: row.status,
      created: row.createdAt.toISOString(),
      count: row.count,
      last_seen: (row.lastSeenAt ?? row.createdAt).toISOString(),
    }));
    return pageAnswer(auditPathOf(request), page, total, results, keep);
  },
} satisfies Pick<Handlers, 'switchUser' | 'returnToStaff' | 'staffAuditLog'>;
