import { Box, Button, Flex, Text } from '@chakra-ui/react';

/**
 * A failure said in words: with a title, what failed first and then why; without one, the message alone, in the
 * title's weight. With `onDismiss`, a Dismiss button beside it.
 */
export function ErrorAlert({ title, message, onDismiss }: { title?: string; message: string; onDismiss?: () => void }) {
  return (
    <Flex
      role="alert"
      align="flex-start"
      gap="3"
      borderWidth="1px"
      borderColor="border.error"
      bg="bg.error"
      rounded="md"
      p="4"
      mb="6"
    >
      <Box flex="1">
        {title !== undefined && (
          <Text fontWeight="semibold" color="fg.error" mb="1">
            {title}
          </Text>
        )}
        <Text overflowWrap="anywhere" {...(title === undefined && { color: 'fg.error', fontWeight: 'semibold' })}>
          {message}
        </Text>
      </Box>
      {onDismiss && (
        <Button size="sm" variant="ghost" onClick={onDismiss} aria-label="Dismiss error">
          Dismiss
        </Button>
      )}
    </Flex>
  );
}
