import { Box, Text } from '@chakra-ui/react';
import { forwardRef } from 'react';

/**
 * A form's message that belongs to no field, for the one-field forms that show no summary
 * (`useForm({ focus: 'field' })`): announced as an alert, focusable so the hook can move to it.
 */
export const FormAlert = forwardRef<HTMLDivElement, { message: string | null }>(function FormAlert({ message }, ref) {
  if (!message) return null;
  return (
    <Box
      ref={ref}
      role="alert"
      tabIndex={-1}
      borderWidth="1px"
      borderColor="border.error"
      bg="bg.error"
      rounded="md"
      p="3"
      outline="none"
    >
      <Text color="fg.error" fontWeight="semibold" overflowWrap="anywhere">
        {message}
      </Text>
    </Box>
  );
});
