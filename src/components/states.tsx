import { Box, Button, Spinner, Text } from '@chakra-ui/react';

import { userErrorText } from '../lib/error-text.ts';

/** A section's loading state, announced to screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <Box role="status" display="flex" alignItems="center" gap="3" color="fg.muted" py="2">
      <Spinner size="sm" color="brand.solid" />
      <Text>{label}…</Text>
    </Box>
  );
}

/** A section's failed load: what failed, why (the error text rules), and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4">
      <Text fontWeight="semibold" color="fg.error" mb="1">
        {title}
      </Text>
      <Text mb={onRetry ? '3' : '0'}>{userErrorText(error)}</Text>
      {onRetry && (
        <Button size="sm" variant="outline" colorPalette="brand" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      )}
    </Box>
  );
}
