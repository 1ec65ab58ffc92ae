import { Box, Text } from '@chakra-ui/react';

/** A failure said in words, with what failed first. */
export function ErrorAlert({ title, message }: { title: string; message: string }) {
  return (
    <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4" mb="6">
      <Text fontWeight="semibold" color="fg.error" mb="1">
        {title}
      </Text>
      <Text overflowWrap="anywhere">{message}</Text>
    </Box>
  );
}
