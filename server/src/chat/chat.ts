import type { Chat, ChatMessage, ChatUser } from '@portal/contract';

/**
 * The chat support service (spec 000: "a third-party chat widget"), behind one interface: the
 * portal's chat endpoints (modules/chat/handlers.ts) never know which service answers. Users are
 * the portal's user ids; each has one conversation.
 */
export interface ChatService {
  /** Creates the chat user of `userId`, or updates it; answers it as stored. */
  identify(userId: number, user: ChatUser): Promise<ChatUser>;
  /** The user's chat: the chat user (null before the first identify) and the latest `limit` messages, oldest first. */
  conversation(userId: number, limit: number): Promise<Chat>;
  /**
   * Sends the customer's message; answers it as stored and whatever the agent answered at once.
   * Null when the user has no chat user yet (identify first).
   */
  send(userId: number, text: string): Promise<ChatMessage[] | null>;
}
