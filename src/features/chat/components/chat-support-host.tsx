import { Box, Spinner, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';

import { identify } from '../../../lib/analytics.ts';
import { useMe } from '../../auth/index.ts';
import { CHAT_STATE_KEY, registerChatWidget } from '../../navigation/index.ts';
import { CHAT_KEY } from '../api/chat.ts';
import { createChatSession } from '../chat-session.ts';

// Most visits never open the chat: the panel, its calls and schemas load when it opens.
const ChatPanel = lazy(() => import('./chat-panel.tsx'));

/**
 * The chat widget (spec 000: side navigation, section 4), mounted by the default layout once
 * the navigation data has arrived: it tells analytics who the user is, plugs the chat into
 * Chat support (registerChatWidget) and shows the panel while the chat is open. Logout resets
 * it: the panel closes and the conversation is dropped from the page.
 */
export function ChatSupportHost() {
  const [session] = useState(() => createChatSession(CHAT_STATE_KEY));
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const queryClient = useQueryClient();
  const userId = useMe().data?.id;

  useEffect(() => {
    if (userId !== undefined) identify(userId);
  }, [userId]);

  useEffect(() => {
    registerChatWidget({
      identify: session.identify,
      open: session.open,
      reset: () => {
        session.reset();
        queryClient.removeQueries({ queryKey: CHAT_KEY });
      },
    });
    return () => registerChatWidget(null);
  }, [session, queryClient]);

  if (!state.open) return null;
  return (
    <Suspense
      fallback={
        <Box
          role="status"
          position="fixed"
          insetEnd="6"
          bottom="6"
          zIndex="modal"
          display="flex"
          alignItems="center"
          gap="3"
          bg="bg.panel"
          borderWidth="1px"
          rounded="lg"
          boxShadow="lg"
          px="4"
          py="3"
        >
          <Spinner size="sm" color="brand.solid" />
          <Text>Opening chat support…</Text>
        </Box>
      }
    >
      <ChatPanel user={state.user} onClose={session.close} />
    </Suspense>
  );
}
