import type { Chat, ChatMessage, ChatUser } from '@portal/contract';

import type { ChatService } from '../../chat/chat.ts';
import type { ChatMessageRow, ChatRepository } from './chat-repository.ts';

/**
 * The agent's canned reply to every message the customer writes: nobody reads the sandbox chat,
 * and the reply says so rather than promise an answer.
 * @example sandboxAgentReply('Alex') // 'Thanks, Alex. This is the sandbox chat: ...'
 */
export function sandboxAgentReply(firstName: string): string {
  return `Thanks, ${firstName}. This is the sandbox chat: no adviser reads it, so this reply is automatic. In the live portal an adviser answers here, usually within a few minutes during opening hours.`;
}

const messageOf = (row: ChatMessageRow): ChatMessage => ({
  id: row.id,
  author: row.author,
  text: row.text,
  sent_at: row.sentAt.toISOString(),
});

/** The chat service of the sandbox: conversations in the database, a canned agent reply after each message. */
export class SandboxChatService implements ChatService {
  constructor(
    private readonly repository: ChatRepository,
    private readonly now: () => Date,
  ) {}

  identify(userId: number, user: ChatUser): Promise<ChatUser> {
    return this.repository.upsertUser(userId, user, this.now());
  }

  async conversation(userId: number, limit: number): Promise<Chat> {
    const [user, messages] = await Promise.all([this.repository.user(userId), this.repository.messages(userId, limit)]);
    return { user, messages: messages.map(messageOf) };
  }

  async send(userId: number, text: string): Promise<ChatMessage[] | null> {
    const user = await this.repository.user(userId);
    if (!user) return null;
    const sentAt = this.now();
    const rows = await this.repository.add(userId, [
      { author: 'customer', text, sentAt },
      { author: 'agent', text: sandboxAgentReply(user.first_name), sentAt },
    ]);
    // The chat user went between the two calls (the account was deleted): nothing was kept.
    return rows.length === 0 ? null : rows.map(messageOf);
  }
}
