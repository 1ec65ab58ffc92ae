import { desc, eq, sql } from 'drizzle-orm';

import type { ChatUser } from '@portal/contract';

import type { Database } from '../../db/connect.ts';
import { chatMessages, chatUsers } from '../../db/schema/index.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** The sandbox chat service's queries: chat users and their messages. */
export function createChatRepository(db: Database) {
  return {
    /** Inserts the chat user of `userId` or updates its name and e-mail, in one statement. */
    async upsertUser(userId: number, user: ChatUser, now: Date): Promise<ChatUser> {
      const values = { firstName: user.first_name, lastName: user.last_name, email: user.email };
      const [row] = await db
        .insert(chatUsers)
        .values({ userId, ...values, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: chatUsers.userId, set: { ...values, updatedAt: now } })
        .returning();
      return { first_name: row!.firstName, last_name: row!.lastName, email: row!.email };
    },

    async user(userId: number): Promise<ChatUser | null> {
      const [row] = await db.select().from(chatUsers).where(eq(chatUsers.userId, userId)).limit(1);
      return row ? { first_name: row.firstName, last_name: row.lastName, email: row.email } : null;
    },

    /** The latest `limit` messages of the user's chat, oldest first. */
    async messages(userId: number, limit: number): Promise<ChatMessageRow[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.userId, userId))
        .orderBy(desc(chatMessages.id))
        .limit(limit);
      return rows.reverse();
    },

    /**
     * Adds messages to the user's chat, in order; none when the user has no chat user (the
     * foreign key would refuse them: checked in the same statement instead).
     */
    async add(
      userId: number,
      messages: { author: 'customer' | 'agent'; text: string; sentAt: Date }[],
    ): Promise<ChatMessageRow[]> {
      if (messages.length === 0) return [];
      const known = await db
        .select({ one: sql<number>`1` })
        .from(chatUsers)
        .where(eq(chatUsers.userId, userId))
        .limit(1);
      if (known.length === 0) return [];
      return db
        .insert(chatMessages)
        .values(messages.map((message) => ({ userId, ...message })))
        .returning();
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
