// zod/mini, like the rest of the staff contract. A module of its own: the SPA never loads it.
import * as z from 'zod/mini';

import { isoDate } from './dates.ts';
import { endpoint } from './endpoint.ts';
import { pageNumber, pageSize } from './paging.ts';

/**
 * The staff audit log (contract/src/staff.ts explains what is written): every switch, every
 * return, every change made while switched, and the reads made while switched (a GET answered
 * 2xx), one entry per resource (method and path without the query) and staff session every
 * AUDIT_READ_COALESCE_MS, with how many reads and the last one. Readable by staff with the role.
 */

export const AUDIT_ACTIONS = ['switch', 'return', 'change', 'read'] as const;
/** Reads of one resource in one session within this long of its entry's first read join that entry. */
export const AUDIT_READ_COALESCE_MS = 10 * 60 * 1000;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One line of the staff audit log. `created` is an ISO 8601 timestamp. */
export const AuditEntry = z.object({
  id: z.int(),
  action: z.enum(AUDIT_ACTIONS),
  staff: z.object({ id: z.nullable(z.int()), email: z.string() }),
  customer: z.object({ id: z.nullable(z.int()), email: z.string() }),
  /** What was done to what, in words: "created call flow 'Menu'"; the method and path are its detail. */
  summary: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.int(),
  created: z.string(),
  /** How many requests the entry stands for (reads are coalesced; 1 otherwise). */
  count: z.int(),
  /** The last of them, an ISO 8601 timestamp (`created` for an entry of one). */
  last_seen: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** Largest page_size of the audit log. */
export const MAX_AUDIT_PAGE_SIZE = 200;

const auditDate = isoDate('Enter a real date as YYYY-MM-DD.');

export const AuditLogQuery = z.object({
  /** Only entries about this customer (their e-mail, any case). */
  customer: z.optional(z.string().check(z.maxLength(254))),
  /** Only entries of this staff member (their e-mail, any case). */
  staff: z.optional(z.string().check(z.maxLength(254))),
  /** Only entries on or after this day (YYYY-MM-DD, UTC). */
  from: z.optional(auditDate),
  /** Only entries on or before this day (YYYY-MM-DD, UTC). */
  to: z.optional(auditDate),
  page_size: pageSize(MAX_AUDIT_PAGE_SIZE),
  page: pageNumber(),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/** Django REST framework's page shape, like the other paged lists. */
export const AuditLogPage = z.object({
  count: z.int(),
  next: z.nullable(z.string()),
  previous: z.nullable(z.string()),
  results: z.array(AuditEntry),
});
export type AuditLogPage = z.infer<typeof AuditLogPage>;

export const staffAuditEndpoints = {
  staffAuditLog: endpoint({
    answers: ['staffOnly'],
    method: 'GET',
    path: '/api/v3/staff/audit-log/',
    summary:
      'The staff audit log, newest first, paged: switches, returns, changes and reads made while switched (staff with the role)',
    auth: true,
    query: AuditLogQuery,
    response: AuditLogPage,
  }),
};
