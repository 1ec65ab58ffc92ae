import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';

import { INSTALLATION_APPOINTMENT_TYPE, INSTALLATION_WINDOW } from '@portal/contract';

import type { Database, Reads } from '../../db/connect.ts';
import { telcoLeads } from '../../db/schema/broadband.ts';
import * as customers from '../customers/index.ts';
import { userByEmail } from '../identity/index.ts';
import { addOrder } from '../notifications/index.ts';
import { installationDate, installationReference } from './rules.ts';

export type TelcoLeadRow = typeof telcoLeads.$inferSelect;
export type NewTelcoLead = Omit<
  typeof telcoLeads.$inferInsert,
  | 'id'
  | 'status'
  | 'createdAt'
  | 'approvedAt'
  | 'accountId'
  | 'orderId'
  | 'appointmentDate'
  | 'appointmentWindow'
  | 'orderReference'
>;

/** What an approval answers: the lead, whether this call approved it, and the user made for the visitor then (none when they had one). */
export interface ApprovedLead {
  lead: TelcoLeadRow;
  approvedNow: boolean;
  createdUser: { id: number; firstName: string } | null;
}

/** A full name as first and last name (spec 000 section 5: the first word, then the rest). */
const splitName = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
};

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

// The telco leads' queries; approving one books its appointment through the notification centre's orders.

export async function telcoLeadByRequestId(db: Reads, requestId: string): Promise<TelcoLeadRow | undefined> {
  return (await db.select().from(telcoLeads).where(eq(telcoLeads.requestId, requestId)).limit(1))[0];
}

/** Stores a lead; a lead with the same request id already stored (a double submit, even at once) is answered instead. */
export async function addTelcoLead(
  db: Pick<Database, 'select' | 'insert'>,
  values: NewTelcoLead,
): Promise<TelcoLeadRow> {
  const [row] = await db
    .insert(telcoLeads)
    .values(values)
    .onConflictDoNothing({ target: telcoLeads.requestId })
    .returning();
  const lead = row ?? (await telcoLeadByRequestId(db, values.requestId));
  if (!lead) throw new Error('telco lead neither inserted nor found');
  return lead;
}

/**
 * Approves the lead with this id and token, once: the first approval books the installation,
 * an APPOINTMENT order on the account whose user has the lead's e-mail address, or on an
 * account made for the visitor then (a user with `passwordHash`, which no password matches,
 * until they set one from the e-mailed link; the broadband product, pending installation).
 * A later approval answers the lead as it is. Null when no lead has this id and token.
 */
export async function approveTelcoLead(
  db: Pick<Database, 'transaction'>,
  leadId: number,
  leadToken: string,
  now: Date,
  passwordHash: string,
): Promise<ApprovedLead | null> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(telcoLeads).where(eq(telcoLeads.id, leadId)).for('update');
    if (!lead || !sameToken(lead.leadToken, leadToken)) return null;
    if (lead.status === 'APPROVED') return { lead, approvedNow: false, createdUser: null };
    const customer = await userByEmail(tx, lead.emailAddress);
    let accountId = customer?.accountId ?? null;
    let createdUser: ApprovedLead['createdUser'] = null;
    if (!customer) {
      const { firstName, lastName } = splitName(lead.name);
      const made = await customers.create(tx, 'onlineSignup', {
        account: { name: lead.businessName },
        user: { email: lead.emailAddress, passwordHash, firstName, lastName, phone: lead.mobileNumber },
        broadband: { productDetail: `${lead.tariff.name} (installation booked)` },
      });
      if ('refused' in made || made.userId === null)
        throw new Error(`online sign-up customer not made: ${JSON.stringify(made)}`);
      accountId = made.accountId;
      createdUser = { id: made.userId, firstName };
    }
    const appointmentDate = installationDate(now);
    const reference = installationReference(lead.id);
    const order = accountId
      ? await addOrder(tx, {
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
        })
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
    return approved ? { lead: approved, approvedNow: true, createdUser } : null;
  });
}
