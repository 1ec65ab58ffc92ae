import { Box, Text } from '@chakra-ui/react';

/** Why a link or a callback was refused (the server's message), announced as an alert. */
export function FailureAlert({ message, mb = '8' }: { message: string; mb?: string }) {
  return (
    <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4" mb={mb}>
      <Text color="fg.error" fontWeight="semibold" overflowWrap="anywhere">
        {message}
      </Text>
    </Box>
  );
}
