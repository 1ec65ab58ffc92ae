import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { forwardRef, type MouseEvent } from 'react';

export interface SummaryError {
  message: string;
  /** The id of the field the error belongs to; the summary links to it. */
  fieldId?: string;
}

/**
 * The GOV.UK error summary: "There is a problem" and a list of the errors, each linking
 * to its field. Focus it when it appears so the problem is read out first.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { errors: SummaryError[] }>(function ErrorSummary(
  { errors },
  ref,
) {
  if (errors.length === 0) return null;
  const focusField = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.focus();
    field.scrollIntoView?.({ block: 'center' });
  };
  return (
    <Box
      ref={ref}
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      borderWidth="4px"
      borderColor="border.error"
      rounded="sm"
      p={{ base: '4', md: '5' }}
      mb="6"
      focusVisibleRing="outside"
      focusRingColor="fg"
    >
      <Heading as="h2" id="error-summary-title" size="lg" mb="3">
        There is a problem
      </Heading>
      <Box as="ul" listStyle="none" display="flex" flexDirection="column" gap="2">
        {errors.map((error) => (
          <li key={`${error.fieldId ?? ''}:${error.message}`}>
            {error.fieldId ? (
              <Link
                href={`#${error.fieldId}`}
                onClick={(event) => focusField(event, error.fieldId as string)}
                color="fg.error"
                fontWeight="semibold"
                textDecoration="underline"
              >
                {error.message}
              </Link>
            ) : (
              <Text color="fg.error" fontWeight="semibold">
                {error.message}
              </Text>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
});
