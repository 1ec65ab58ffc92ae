import { and, count, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';

import { AUDIT_READ_COALESCE_MS, type AuditAction } from '@portal/contract';

import type { Database, Inserts, Reads } from '../../db/connect.ts';
import { staffAuditLog } from '../../db/schema/staff.ts';
import { switchToken } from '../identity/index.ts';

// Staff acting for customers: switching a session, and the audit log of what they did.

interface Person {
  id: number;
  email: string;
}

/** One entry of the staff audit log. */
export interface AuditRecord {
  action: AuditAction;
  staff: Person;
  customer: Person;
  method: string;
  path: string;
  /** What was done to what, in words (describe.ts). */
  summary: string;
  status: number;
  at: Date;
}

/** A read made while switched: its session joins reads of one resource together. */
export interface ReadRecord extends Omit<AuditRecord, 'action'> {
  sessionId: number;
}

/** What the audit log is filtered by: e-mails in lower case, a half-open time range. */
export interface AuditFilter {
  customerEmail?: string | undefined;
  staffEmail?: string | undefined;
  from?: Date | undefined;
  before?: Date | undefined;
}

const filterOf = (filter: AuditFilter): SQL | undefined =>
  and(
    filter.customerEmail !== undefined ? eq(staffAuditLog.customerEmail, filter.customerEmail) : undefined,
    filter.staffEmail !== undefined ? eq(staffAuditLog.staffEmail, filter.staffEmail) : undefined,
    filter.from ? gte(staffAuditLog.createdAt, filter.from) : undefined,
    filter.before ? lt(staffAuditLog.createdAt, filter.before) : undefined,
  );

/** Whom a session answers as, and the staff member acting (null when nobody is). */
export interface SessionIdentity {
  userId: number;
  actingUserId: number | null;
}

/** The audit log's row for one entry (a read adds its session). */
const auditRow = (record: AuditRecord) => ({
  action: record.action,
  staffUserId: record.staff.id,
  staffEmail: record.staff.email,
  customerUserId: record.customer.id,
  customerEmail: record.customer.email,
  method: record.method,
  path: record.path,
  summary: record.summary,
  status: record.status,
  createdAt: record.at,
  lastSeenAt: record.at,
});

/**
 * Points a live session at another identity and writes the audit entry, both or neither.
 * Answers false (and changes nothing) when the session has been revoked.
 */
export async function switchStaffSession(
  db: Pick<Database, 'transaction'>,
  tokenId: number,
  identity: SessionIdentity,
  record: AuditRecord,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await switchToken(tx, tokenId, identity))) return false;
    await writeAuditEntry(tx, record);
    return true;
  });
}

export async function writeAuditEntry(db: Inserts, record: AuditRecord): Promise<void> {
  await db.insert(staffAuditLog).values(auditRow(record));
}

/**
 * A read while switched: joins the entry of the same session, customer and resource begun
 * within AUDIT_READ_COALESCE_MS (one more read, the last one now), or begins one.
 */
export async function recordStaffRead(db: Pick<Database, 'update' | 'insert'>, record: ReadRecord): Promise<void> {
  const joined = await db
    .update(staffAuditLog)
    .set({ count: sql`${staffAuditLog.count} + 1`, lastSeenAt: record.at, status: record.status })
    .where(
      and(
        eq(staffAuditLog.sessionId, record.sessionId),
        eq(staffAuditLog.path, record.path),
        eq(staffAuditLog.action, 'read'),
        eq(staffAuditLog.method, record.method),
        eq(staffAuditLog.customerUserId, record.customer.id),
        gt(staffAuditLog.createdAt, new Date(record.at.getTime() - AUDIT_READ_COALESCE_MS)),
      ),
    )
    .returning({ id: staffAuditLog.id });
  if (joined.length > 0) return;
  await db.insert(staffAuditLog).values({ ...auditRow({ ...record, action: 'read' }), sessionId: record.sessionId });
}

/** One page of the entries `filter` keeps, newest first, and how many it keeps in all. */
export async function auditLogPage(db: Reads, filter: AuditFilter, limit: number, offset: number) {
  const where = filterOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staffAuditLog)
      .where(where)
      .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(staffAuditLog).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
