// zod/mini, like the rest of the staff contract. A module of its own: the SPA never loads it.
import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';

/**
 * The staff audit log (contract/src/staff.ts explains what is written): every switch, every
 * return, and every change made while switched, readable by staff with the role.
 */

export const AUDIT_ACTIONS = ['switch', 'return', 'change'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One line of the staff audit log. `created` is an ISO 8601 timestamp. */
export const AuditEntry = z.object({
  id: z.int(),
  action: z.enum(AUDIT_ACTIONS),
  staff: z.object({ id: z.nullable(z.int()), email: z.string() }),
  customer: z.object({ id: z.nullable(z.int()), email: z.string() }),
  method: z.string(),
  path: z.string(),
  status: z.int(),
  created: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** Largest page_size of the audit log. */
export const MAX_AUDIT_PAGE_SIZE = 200;

export const AuditLogQuery = z.object({
  /** Only entries about this customer (their e-mail, any case). */
  customer: z.optional(z.string().check(z.maxLength(254))),
  page_size: z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(MAX_AUDIT_PAGE_SIZE)))),
});

export const AuditLogPage = z.object({ results: z.array(AuditEntry) });
export type AuditLogPage = z.infer<typeof AuditLogPage>;

export const staffAuditEndpoints = {
  staffAuditLog: endpoint({
    method: 'GET',
    path: '/api/v3/staff/audit-log/',
    summary: "The staff audit log, newest first: switches, returns and changes made while switched (staff with the role)",
    auth: true,
    query: AuditLogQuery,
    response: AuditLogPage,
  }),
};
