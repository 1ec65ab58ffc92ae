import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from './identity.ts';

// Staff acting for customers: the audit log.

// Staff acting on customers' accounts (spec 000 sections 4 and 6; contract/src/staff.ts).

/**
 * Who did what while acting on a customer's account: every switch, every return, and every
 * change (POST, PUT, PATCH or DELETE answered 2xx) made while switched, and the reads (GET
 * answered 2xx) made while switched, one entry per resource and session every 10 minutes. The e-mails are copied,
 * so an entry still names both people after an account is deleted.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    action: text({ enum: ['switch', 'return', 'change', 'read'] }).notNull(),
    /** The staff member's session (auth_tokens.id): reads are coalesced per session. */
    sessionId: integer(),
    staffUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    staffEmail: text().notNull(),
    customerUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    /** What was done to what, in words ("created call flow 'Menu'"), with the method and path as its detail; null before it was kept. */
    summary: text(),
    status: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Reads of one resource in one session are one entry: how many, and the last one. */
    count: integer().notNull().default(1),
    lastSeenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('staff_audit_log_action', sql`${t.action} in ('switch', 'return', 'change', 'read')`),
    // A read finds the entry it joins by session and resource.
    index('staff_audit_log_session_path_idx').on(t.sessionId, t.path),
    index('staff_audit_log_staff_email_created_at_idx').on(t.staffEmail, t.createdAt),
    index('staff_audit_log_created_at_idx').on(t.createdAt),
    // GET /api/v3/staff/audit-log/?customer= reads by e-mail, newest first.
    index('staff_audit_log_customer_email_created_at_idx').on(t.customerEmail, t.createdAt),
    // The foreign keys, so deleting a user does not scan the log.
    index('staff_audit_log_customer_user_id_idx').on(t.customerUserId),
    index('staff_audit_log_staff_user_id_idx').on(t.staffUserId),
  ],
);
