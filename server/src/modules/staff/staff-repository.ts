import { and, desc, eq, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { AuditAction } from '@portal/contract';
import type { Database } from '../../db/connect.ts';
import { authTokens, staffAuditLog, users } from '../../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    staffRepository: StaffRepository;
  }
}

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
  status: number;
  at: Date;
}

/** Whom a session answers as, and the staff member acting (null when nobody is). */
export interface SessionIdentity {
  userId: number;
  actingUserId: number | null;
}

/** Staff acting for customers: switching a session, and the audit log of what they did. */
export function createStaffRepository(db: Database) {
  const writeAuditEntry = async (queries: Pick<Database, 'insert'>, record: AuditRecord) => {
    await queries.insert(staffAuditLog).values({
      action: record.action,
      staffUserId: record.staff.id,
      staffEmail: record.staff.email,
      customerUserId: record.customer.id,
      customerEmail: record.customer.email,
      method: record.method,
      path: record.path,
      status: record.status,
      createdAt: record.at,
    });
  };
  return {
    async userByEmail(email: string) {
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return user;
    },

    /**
     * Points a live session at another identity and writes the audit entry, both or neither.
     * Answers false (and changes nothing) when the session has been revoked.
     */
    async switchSession(tokenId: number, identity: SessionIdentity, record: AuditRecord): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(authTokens)
          .set(identity)
          .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)))
          .returning({ id: authTokens.id });
        if (changed.length !== 1) return false;
        await writeAuditEntry(tx, record);
        return true;
      });
    },

    writeAuditEntry: (record: AuditRecord) => writeAuditEntry(db, record),

    /** The newest `limit` entries, of one customer (by e-mail) when given. */
    async auditLog(customerEmail: string | undefined, limit: number) {
      return db
        .select()
        .from(staffAuditLog)
        .where(customerEmail ? eq(staffAuditLog.customerEmail, customerEmail) : undefined)
        .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
        .limit(limit);
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;

export default fp(
  async (app) => {
    app.decorate('staffRepository', createStaffRepository(app.db));
  },
  { name: 'staff-repository', dependencies: ['db'] },
);
