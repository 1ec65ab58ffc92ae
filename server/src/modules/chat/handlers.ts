import { CHAT_HISTORY_LIMIT, chatMessages } from '@portal/contract';

import { authOf } from '../../plugins/auth.ts';
import { detailError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';

/**
 * Chat support (contract/src/chat.ts): the signed-in customer's chat with the chat service the
 * app was built with (app.chat: chat/create-chat-service.ts). While staff view a customer, it is
 * the customer's chat, as the profile the chat user comes from is the customer's.
 */
export const chatHandlers = {
  getChat: async ({ request }) => request.server.chat.conversation(authOf(request).user.id, CHAT_HISTORY_LIMIT),

  putChatUser: async ({ body, request }) => request.server.chat.identify(authOf(request).user.id, body),

  postChatMessage: async ({ body, request }) => {
    const messages = await request.server.chat.send(authOf(request).user.id, body.text);
    if (!messages) throw detailError(400, chatMessages.noChatUser);
    return { messages };
  },
} satisfies Pick<Handlers, 'getChat' | 'putChatUser' | 'postChatMessage'>;
