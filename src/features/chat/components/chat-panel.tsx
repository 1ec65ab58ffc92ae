import { Box, Button, chakra, Flex, Heading, IconButton, Spinner, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

import { CHAT_MESSAGE_MAX_LENGTH, PostChatMessage, type ChatMessage, type ChatUser } from '@portal/contract';

import { MAIN_CONTENT_ID } from '../../../components/skip-link.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { chatQueryOptions, useSendChatMessage } from '../api/chat.ts';

const FOCUSABLE = 'button:not([disabled]), textarea:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * The chat panel, like a chat widget: a dialog at the bottom right on desktop and below the
 * top bar over the whole page on a phone. It is not modal (the page stays usable with the
 * mouse: Logout closes and clears it), but the keyboard stays inside while focus is in it
 * (Tab and Shift+Tab wrap), Escape closes it and focus goes back where it was. It connects as
 * the chat user, shows the conversation (loading, error with Try again), and sends messages:
 * Enter sends, Shift+Enter starts a new line.
 */
export default function ChatPanel({ user, onClose }: { user: ChatUser | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const errorId = useId();
  const chat = useQuery(chatQueryOptions(user));
  const send = useSendChatMessage();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.show === 'function') {
      if (!dialog.open) dialog.show();
    } else {
      dialog.setAttribute('open', ''); // jsdom
    }
    dialog.querySelector<HTMLElement>('textarea')?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      // Chat support sits in the drawer, which a phone closes on the choice: then the page.
      returnTo?.focus();
      if (document.activeElement !== returnTo) document.getElementById(MAIN_CONTENT_ID)?.focus();
    };
  }, []);

  const count = chat.data?.messages.length ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);

  // Escape closes; Tab and Shift+Tab wrap round the panel's controls.
  const onPanelKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    const parsed = PostChatMessage.safeParse({ text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Write a message');
      return;
    }
    setProblem(null);
    send.mutate(parsed.data.text, { onSuccess: () => setText('') });
  };

  const onTextKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const sendError = send.isError ? userErrorText(send.error) : null;
  const shownError = problem ?? sendError;

  return (
    <chakra.dialog
      ref={ref}
      aria-labelledby={titleId}
      onKeyDown={onPanelKeyDown}
      data-testid="chat-panel"
      p="0"
      border="none"
      bg="bg.panel"
      color="fg"
      boxShadow="2xl"
      overflow="hidden"
      position="fixed"
      zIndex="modal"
      // A phone: the page below the 80 px top bar (its menu and Logout stay). Larger: a panel at the bottom right.
      inset={{ base: '80px 0 0 0', lg: 'auto 24px 24px auto' }}
      m="0"
      w={{ base: '100vw', lg: '380px' }}
      h={{ base: 'calc(100dvh - 80px)', lg: 'min(600px, calc(100dvh - 128px))' }}
      maxW="100vw"
      maxH="100dvh"
      rounded={{ base: 'none', lg: 'lg' }}
      borderWidth={{ base: '0', lg: '1px' }}
      _open={{ display: 'flex' }}
      flexDirection="column"
    >
      <Flex align="center" gap="3" px="4" py="3" bg="brand.solid" color="brand.contrast">
        <Heading as="h2" id={titleId} size="md" flex="1">
          Chat support
        </Heading>
        <IconButton
          aria-label="Close chat"
          variant="ghost"
          color="inherit"
          _hover={{ bg: 'rgba(255, 255, 255, 0.16)' }}
          size="sm"
          onClick={onClose}
        >
          <chakra.svg
            viewBox="0 0 24 24"
            w="5"
            h="5"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </chakra.svg>
        </IconButton>
      </Flex>

      {/* Focusable, so the conversation scrolls from the keyboard too. */}
      <Box
        ref={logRef}
        role="log"
        aria-label="Messages"
        aria-live="polite"
        tabIndex={0}
        flex="1"
        overflowY="auto"
        px="4"
        py="3"
        focusVisibleRing="inside"
      >
        {chat.isPending ? (
          <Flex role="status" align="center" gap="3" color="fg.muted">
            <Spinner size="sm" color="brand.solid" />
            <Text>Connecting to chat support…</Text>
          </Flex>
        ) : chat.isError ? (
          <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="3">
            <Text fontWeight="semibold" color="fg.error" mb="1">
              Chat support could not be reached
            </Text>
            <Text mb="3">{userErrorText(chat.error)}</Text>
            <Button
              size="sm"
              variant="outline"
              colorPalette="brand"
              onClick={() => void chat.refetch()}
              loading={chat.isFetching}
            >
              Try again
            </Button>
          </Box>
        ) : (
          <>
            {chat.data.messages.length === 0 && (
              <Text color="fg.muted" mb="2">
                {chat.data.user ? `Hello ${chat.data.user.first_name}, how can we help?` : 'How can we help?'} Write
                below and an adviser will answer here.
              </Text>
            )}
            <chakra.ol listStyle="none" display="flex" flexDirection="column" gap="3">
              {chat.data.messages.map((message) => (
                <MessageItem key={message.id} message={message} />
              ))}
            </chakra.ol>
          </>
        )}
      </Box>

      <chakra.form
        onSubmit={submit}
        noValidate
        borderTopWidth="1px"
        px="4"
        py="3"
        display="flex"
        flexDirection="column"
        gap="2"
      >
        <chakra.label htmlFor={`${titleId}-text`} fontSize="sm" fontWeight="medium">
          Your message
        </chakra.label>
        <Textarea
          id={`${titleId}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onTextKeyDown}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          rows={2}
          resize="none"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
        />
        {shownError && (
          <Text id={errorId} role="alert" color="fg.error" fontSize="sm">
            {shownError}
          </Text>
        )}
        <Flex justify="space-between" align="center" gap="3">
          <Text fontSize="xs" color="fg.muted">
            Enter sends, Shift+Enter adds a line, Escape closes
          </Text>
          <Button
            type="submit"
            colorPalette="brand"
            size="sm"
            loading={send.isPending}
            loadingText="Sending"
            disabled={!chat.isSuccess}
          >
            Send
          </Button>
        </Flex>
      </chakra.form>
    </chakra.dialog>
  );
}

function MessageItem({ message }: { message: ChatMessage }) {
  const mine = message.author === 'customer';
  return (
    <Box as="li" alignSelf={mine ? 'flex-end' : 'flex-start'} maxW="85%">
      <Text fontSize="xs" color="fg.muted" textAlign={mine ? 'end' : 'start'} mb="1">
        {mine ? 'You' : 'Support'}, <chakra.time dateTime={message.sent_at}>{timeOf(message.sent_at)}</chakra.time>
      </Text>
      <Text
        px="3"
        py="2"
        rounded="lg"
        bg={mine ? 'brand.solid' : 'bg.muted'}
        color={mine ? 'brand.contrast' : 'fg'}
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        data-author={message.author}
      >
        {message.text}
      </Text>
    </Box>
  );
}
