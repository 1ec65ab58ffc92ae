import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';

import type { Database, Reads, Updates } from '../../db/connect.ts';
import { emailVerificationKeys, oneTimeKeys, outbox, outboxAttachments, smsCodes } from '../../db/schema/index.ts';

export type OutboxRow = typeof outbox.$inferSelect;

/** A message the sandbox mailer or SMS sender "sent". */
export interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  createdAt: Date;
  attachments?: ReadonlyArray<{ filename: string; contentType: string; content: Buffer }>;
}

/** What a message's list entry says of a file attached to it. */
export interface AttachmentInfo {
  outboxId: number;
  /** Its place among the message's files, from 1. */
  number: number;
  filename: string;
  contentType: string;
  sizeBytes: number;
}

// The sandbox outbox's queries: messages kept instead of sent, and the keys their links carry.

export async function addToOutbox(
  db: Pick<Database, 'transaction'>,
  { attachments = [], ...entry }: OutboxEntry,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(outbox).values(entry).returning({ id: outbox.id });
    if (attachments.length > 0)
      await tx.insert(outboxAttachments).values(
        attachments.map(({ filename, contentType, content }) => ({
          outboxId: row!.id,
          filename,
          contentType,
          bytes: content,
        })),
      );
  });
}

/** The files attached to these messages, by message, in the order they were attached (without their bytes). */
export async function outboxAttachmentsOf(db: Reads, outboxIds: number[]): Promise<AttachmentInfo[]> {
  if (outboxIds.length === 0) return [];
  const rows = await db
    .select({
      outboxId: outboxAttachments.outboxId,
      filename: outboxAttachments.filename,
      contentType: outboxAttachments.contentType,
      sizeBytes: sql<number>`octet_length(${outboxAttachments.bytes})::int`,
    })
    .from(outboxAttachments)
    .where(inArray(outboxAttachments.outboxId, outboxIds))
    .orderBy(asc(outboxAttachments.id));
  const seen = new Map<number, number>();
  return rows.map((row) => {
    const number = (seen.get(row.outboxId) ?? 0) + 1;
    seen.set(row.outboxId, number);
    return { ...row, number };
  });
}

/** A message's `number`th file (from 1) with its bytes, or undefined. */
export async function outboxAttachment(db: Reads, outboxId: number, number: number) {
  const [row] = await db
    .select()
    .from(outboxAttachments)
    .where(eq(outboxAttachments.outboxId, outboxId))
    .orderBy(asc(outboxAttachments.id))
    .limit(1)
    .offset(number - 1);
  return row;
}

/** The newest `limit` messages, of one channel and to any of `recipients` when given. */
export async function listOutbox(
  db: Reads,
  filter: { channel?: 'email' | 'sms'; recipients?: string[] },
  limit: number,
): Promise<OutboxRow[]> {
  const conditions: SQL[] = [];
  if (filter.channel) conditions.push(eq(outbox.channel, filter.channel));
  if (filter.recipients) conditions.push(inArray(outbox.to, filter.recipients));
  return db
    .select()
    .from(outbox)
    .where(and(...conditions))
    .orderBy(desc(outbox.id))
    .limit(limit);
}

export async function outboxMessage(db: Reads, id: number): Promise<OutboxRow | undefined> {
  const [message] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return message;
}

/** Expires the unused, unexpired SMS codes sent to `mobile` (07...); answers how many. */
export async function expireSmsCodesTo(db: Updates, mobile: string, now: Date): Promise<number> {
  const rows = await db
    .update(smsCodes)
    .set({ expiresAt: now })
    .where(and(eq(smsCodes.mobileNumber, mobile), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .returning({ id: smsCodes.id });
  return rows.length;
}

/** Expires the one-time and verification keys with these hashes; answers how many. */
export async function expireKeysOfHashes(db: Updates, hashes: string[], now: Date): Promise<number> {
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
}
