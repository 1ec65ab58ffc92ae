import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
