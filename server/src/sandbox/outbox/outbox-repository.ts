import { and, desc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';

import type { Database } from '../../db/connect.ts';
import { emailVerificationKeys, oneTimeKeys, outbox, smsCodes } from '../../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outboxRepository: OutboxRepository;
  }
}

export type OutboxRow = typeof outbox.$inferSelect;

/** A message the sandbox mailer or SMS sender "sent". */
export interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  createdAt: Date;
}

/** The sandbox outbox's queries: messages kept instead of sent, and the keys their links carry. */
export function createOutboxRepository(db: Database) {
  return {
    async add(entry: OutboxEntry): Promise<void> {
      await db.insert(outbox).values(entry);
    },

    /** The newest `limit` messages, of one channel and to any of `recipients` when given. */
    async list(filter: { channel?: 'email' | 'sms'; recipients?: string[] }, limit: number): Promise<OutboxRow[]> {
      const conditions: SQL[] = [];
      if (filter.channel) conditions.push(eq(outbox.channel, filter.channel));
      if (filter.recipients) conditions.push(inArray(outbox.to, filter.recipients));
      return db
        .select()
        .from(outbox)
        .where(and(...conditions))
        .orderBy(desc(outbox.id))
        .limit(limit);
    },

    async find(id: number): Promise<OutboxRow | undefined> {
      const [message] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
      return message;
    },

    /** Expires the unused, unexpired SMS codes sent to `mobile` (07...); answers how many. */
    async expireSmsCodes(mobile: string, now: Date): Promise<number> {
      const rows = await db
        .update(smsCodes)
        .set({ expiresAt: now })
        .where(and(eq(smsCodes.mobileNumber, mobile), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
        .returning({ id: smsCodes.id });
      return rows.length;
    },

    /** Expires the one-time and verification keys with these hashes; answers how many. */
    async expireKeys(hashes: string[], now: Date): Promise<number> {
      const keys = await db
        .update(oneTimeKeys)
        .set({ expiresAt: now })
        .where(inArray(oneTimeKeys.keyHash, hashes))
        .returning({ id: oneTimeKeys.id });
      const verification = await db
        .update(emailVerificationKeys)
        .set({ expiresAt: now })
        .where(inArray(emailVerificationKeys.keyHash, hashes))
        .returning({ id: emailVerificationKeys.userId });
      return keys.length + verification.length;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

export default fp(
  async (app) => {
    app.decorate('outboxRepository', createOutboxRepository(app.db));
  },
  { name: 'outbox-repository', dependencies: ['db'] },
);
