import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from './identity.ts';

// The sandbox chat service (server/src/sandbox/chat/): its chat users and their conversations.

/** The chat user of a portal user, created or updated from the profile when the chat opens. */
export const chatUsers = pgTable('chat_users', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/** The messages of a user's chat, the customer's and the agent's, in id order. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => chatUsers.userId, { onDelete: 'cascade' }),
    author: text({ enum: ['customer', 'agent'] }).notNull(),
    text: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('chat_messages_author', sql`${t.author} in ('customer', 'agent')`),
    index('chat_messages_user_id_id_idx').on(t.userId, t.id),
  ],
);
