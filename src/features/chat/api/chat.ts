import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { chatEndpoints, type Chat, type ChatUser } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

export const CHAT_KEY = ['chat'] as const;

/**
 * Connects to chat support as `user`: creates or updates the chat user (PUT /api/v3/chat/user/),
 * then reads the conversation (GET /api/v3/chat/). Without a user (the tab reopened the chat
 * after a reload, before Chat support was chosen again) the conversation is read as it is.
 */
export function chatQueryOptions(user: ChatUser | null) {
  return queryOptions({
    queryKey: CHAT_KEY,
    queryFn: async ({ signal }): Promise<Chat> => {
      if (user) await apiCall(chatEndpoints.putChatUser, { body: user, signal });
      return apiCall(chatEndpoints.getChat, { signal });
    },
    refetchOnWindowFocus: false,
    retry: 1,
  });
}

/** POST /api/v3/chat/messages/: the message and the agent's reply join the conversation. */
export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiCall(chatEndpoints.postChatMessage, { body: { text } }),
    onSuccess: ({ messages }) => {
      queryClient.setQueryData<Chat>(
        CHAT_KEY,
        (chat) => chat && { ...chat, messages: [...chat.messages, ...messages] },
      );
    },
  });
}
