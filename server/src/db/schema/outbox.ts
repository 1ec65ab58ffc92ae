import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { bytea } from './columns.ts';

// The sandbox outbox of e-mails and texts.

/** E-mails the sandbox mailer "sent" (server/src/sandbox/mailer.ts): what a person or a test reads instead of an inbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** 'email' (the sandbox mailer) or 'sms' (the sandbox SMS sender, server/src/sandbox/sms.ts). */
    channel: text({ enum: ['email', 'sms'] })
      .notNull()
      .default('email'),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('outbox_to_idx').on(t.to), check('outbox_channel', sql`${t.channel} in ('email', 'sms')`)],
);

/** Files attached to an outbox e-mail (a voicemail's recording), in the order they were attached. */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    outboxId: integer()
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    contentType: text().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [index('outbox_attachments_outbox_idx').on(t.outboxId)],
);
