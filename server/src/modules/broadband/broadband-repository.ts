import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { INSTALLATION_APPOINTMENT_TYPE, INSTALLATION_WINDOW } from '@portal/contract';
import type { Database } from '../../db/connect.ts';
import { telcoLeads, users } from '../../db/schema/index.ts';
import type { NotificationsRepository } from '../notifications/notifications-repository.ts';
import { installationDate, installationReference } from './rules.ts';

declare module 'fastify' {
  interface FastifyInstance {
    broadbandRepository: BroadbandRepository;
  }
}

export type TelcoLeadRow = typeof telcoLeads.$inferSelect;
export type NewTelcoLead = Omit<typeof telcoLeads.$inferInsert, 'id' | 'status' | 'createdAt' | 'approvedAt' | 'accountId' | 'orderId' | 'appointmentDate' | 'appointmentWindow' | 'orderReference'>;

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The telco leads' queries; approving one books its appointment through the notification centre's orders. */
export function createBroadbandRepository(db: Database, notifications: Pick<NotificationsRepository, 'createOrder'>) {
  const byRequestId = async (requestId: string) => (await db.select().from(telcoLeads).where(eq(telcoLeads.requestId, requestId)).limit(1))[0];

  return {
    byRequestId,

    /** Stores a lead; a lead with the same request id already stored (a double submit, even at once) is answered instead. */
    async create(values: NewTelcoLead): Promise<TelcoLeadRow> {
      const [row] = await db.insert(telcoLeads).values(values).onConflictDoNothing({ target: telcoLeads.requestId }).returning();
      const lead = row ?? (await byRequestId(values.requestId));
      if (!lead) throw new Error('telco lead neither inserted nor found');
      return lead;
    },

    /**
     * Approves the lead with this id and token, once: the first approval books the installation
     * (an APPOINTMENT order on the account whose user has the lead's e-mail address, when there
     * is one); a later one answers the lead as it is. Null when no lead has this id and token.
     */
    async approve(leadId: number, leadToken: string, now: Date): Promise<TelcoLeadRow | null> {
      return db.transaction(async (tx) => {
        const [lead] = await tx.select().from(telcoLeads).where(eq(telcoLeads.id, leadId)).for('update');
        if (!lead || !sameToken(lead.leadToken, leadToken)) return null;
        if (lead.status === 'APPROVED') return lead;
        const [customer] = await tx
          .select({ accountId: users.accountId })
          .from(users)
          .where(and(eq(users.email, lead.emailAddress), isNotNull(users.accountId)))
          .limit(1);
        const accountId = customer?.accountId ?? null;
        const appointmentDate = installationDate(now);
        const reference = installationReference(lead.id);
        const order = accountId
          ? await notifications.createOrder(
              {
                accountId,
                kind: 'APPOINTMENT',
                status: 'UPCOMING',
                reference,
                dateOrdered: now,
                lastUpdatedDate: now,
                detail: {
                  appointment_type: INSTALLATION_APPOINTMENT_TYPE,
                  line_post_code: lead.postcode,
                  appointment_date: appointmentDate,
                  appointment_window: INSTALLATION_WINDOW,
                  status: 'UPCOMING',
                  last_changed: now.toISOString(),
                },
              },
              tx,
            )
          : null;
        const [approved] = await tx
          .update(telcoLeads)
          .set({
            status: 'APPROVED',
            approvedAt: now,
            accountId,
            orderId: order?.id ?? null,
            appointmentDate,
            appointmentWindow: INSTALLATION_WINDOW,
            orderReference: reference,
          })
          .where(eq(telcoLeads.id, lead.id))
          .returning();
        return approved ?? null;
      });
    },
  };
}

export type BroadbandRepository = ReturnType<typeof createBroadbandRepository>;

export default fp(
  async (app) => {
    app.decorate('broadbandRepository', createBroadbandRepository(app.db, app.notificationsRepository));
  },
  { name: 'broadband-repository', dependencies: ['db', 'notifications-repository'] },
);
