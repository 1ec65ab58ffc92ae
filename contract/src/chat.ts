// zod/mini, like the other shell schemas: the chat panel loads it on demand.
import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';
import { storableName } from './text.ts';

/**
 * Chat support (spec 000, side navigation: "Chat support opens the chat widget and creates or
 * updates the chat user from the profile's first name, last name and email"; section 4: the
 * widget loads after the navigation data). The spec does not describe the widget; these are our
 * decisions:
 * - The portal talks to the chat service through its own API: the server holds the adapter
 *   (server/src/chat/), whose sandbox keeps each user's conversation in the database and
 *   answers every message with a canned agent reply. A hosted chat service plugs in behind it.
 * - The chat user is the signed-in customer (while staff view a customer, that customer's
 *   chat), created or updated from the profile each time the panel opens.
 * - Messages are the customer's and the agent's, oldest first; the latest CHAT_HISTORY_LIMIT.
 * - Logout closes the panel and clears it in the browser; the conversation stays with the
 *   service, as a support desk keeps it, and shows again when the customer opens the chat.
 */

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** The messages an answer holds at most: the latest ones. */
export const CHAT_HISTORY_LIMIT = 200;

export const chatMessages = {
  textRequired: 'Write a message',
  textTooLong: `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
  firstNameRequired: 'The chat needs your first name: add it in Profile and preferences',
  nameTooLong: 'A name can be at most 100 characters',
  emailInvalid: 'Email is invalid',
  noChatUser: 'Open chat support first: the chat does not know you yet',
} as const;

/** The chat user: the profile's first name, last name and e-mail. */
export const ChatUser = z.object({
  first_name: z
    .string({ error: chatMessages.firstNameRequired })
    .check(
      z.trim(),
      z.minLength(1, chatMessages.firstNameRequired),
      z.maxLength(100, chatMessages.nameTooLong),
      storableName(),
    ),
  last_name: z
    .string({ error: chatMessages.nameTooLong })
    .check(z.trim(), z.maxLength(100, chatMessages.nameTooLong), storableName()),
  email: z.pipe(
    z.string({ error: chatMessages.emailInvalid }).check(z.trim(), z.maxLength(254, chatMessages.emailInvalid)),
    z.email(chatMessages.emailInvalid),
  ),
});
export type ChatUser = z.infer<typeof ChatUser>;

export const CHAT_AUTHORS = ['customer', 'agent'] as const;

export const ChatMessage = z.object({
  id: z.int(),
  author: z.enum(CHAT_AUTHORS),
  text: z.string(),
  /** ISO 8601 date and time. */
  sent_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** The conversation: the chat user (null until the first open) and the messages, oldest first. */
export const Chat = z.object({ user: z.nullable(ChatUser), messages: z.array(ChatMessage) });
export type Chat = z.infer<typeof Chat>;

/** A message the customer writes: trimmed, 1 to CHAT_MESSAGE_MAX_LENGTH characters. */
export const PostChatMessage = z.object({
  text: z
    .string({ error: chatMessages.textRequired })
    .check(
      z.trim(),
      z.minLength(1, chatMessages.textRequired),
      z.maxLength(CHAT_MESSAGE_MAX_LENGTH, chatMessages.textTooLong),
    ),
});
export type PostChatMessage = z.infer<typeof PostChatMessage>;

/** The answer to a message: it as stored, then the agent's reply. */
export const ChatMessages = z.object({ messages: z.array(ChatMessage) });
export type ChatMessages = z.infer<typeof ChatMessages>;

export const chatEndpoints = {
  getChat: endpoint({
    method: 'GET',
    path: '/api/v3/chat/',
    summary: "The signed-in customer's chat: the chat user and the messages",
    auth: true,
    response: Chat,
  }),
  putChatUser: endpoint({
    method: 'PUT',
    path: '/api/v3/chat/user/',
    summary: 'Creates or updates the chat user from the profile',
    auth: true,
    body: ChatUser,
    response: ChatUser,
  }),
  postChatMessage: endpoint({
    method: 'POST',
    path: '/api/v3/chat/messages/',
    summary: "Sends a message to chat support; answers it and the agent's reply",
    auth: true,
    body: PostChatMessage,
    response: ChatMessages,
    status: 201,
  }),
};
