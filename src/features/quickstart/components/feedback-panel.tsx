import { Box, Button, chakra, Heading, Stack, Text, useRecipe } from '@chakra-ui/react';
import { MAX_CUSTOMER_FEEDBACK_LENGTH, PatchTrialStatus } from '@portal/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePatchTrialStatus } from '../api/patch-trial-status.ts';

export const feedbackMessages = {
  required: 'Enter your feedback',
  saveFailed: 'Your feedback was not sent.',
} as const;

/** The message for feedback the server would refuse, in the contract's words; null when it may be sent. */
function feedbackError(text: string): string | null {
  if (text.trim() === '') return feedbackMessages.required;
  const parsed = PatchTrialStatus.safeParse({ customer_feedback: text });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? feedbackMessages.required);
}

/**
 * The quick-start feedback panel (spec 000 sections 2 and 4): "Share feedback!", "How can we
 * improve?", Submit saves customer_feedback, then the thanks state with the text cleared.
 * A failed save keeps what was typed. Close hands back to the wizard, which collapses.
 */
export function FeedbackPanel({ headingId, onClose }: { headingId: string; onClose: () => void }) {
  const inputStyles = useRecipe({ key: 'input' })({ size: 'md', variant: 'outline' });
  const save = usePatchTrialStatus();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const fieldId = `${id}-feedback`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;

  // The form (and its Submit button) leaves the page: focus goes to what replaced it.
  useEffect(() => {
    if (sent) thanksHeading.current?.focus();
  }, [sent]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = feedbackError(text);
    setError(invalid);
    if (invalid) {
      textarea.current?.focus();
      return;
    }
    save.mutate(
      { customer_feedback: text },
      {
        onSuccess: () => {
          setText('');
          setSent(true);
        },
      },
    );
  };

  if (sent) {
    return (
      <Stack gap="3">
        <Heading as="h2" id={headingId} ref={thanksHeading} tabIndex={-1} fontSize="lg" outline="none">
          Feedback submitted!
        </Heading>
        <Text>Thanks for your feedback!</Text>
        <Button
          alignSelf="flex-start"
          variant="outline"
          colorPalette="brand"
          onClick={() => {
            setSent(false);
            onClose();
          }}
        >
          Close
        </Button>
      </Stack>
    );
  }

  const used = text.length;
  const over = used - MAX_CUSTOMER_FEEDBACK_LENGTH;
  return (
    <chakra.form display="flex" flexDirection="column" gap="3" aria-labelledby={headingId} noValidate onSubmit={submit}>
      <Heading as="h2" id={headingId} fontSize="lg">
        Share feedback!
      </Heading>
      {save.isError && (
        <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="3">
          <Text fontWeight="semibold" color="fg.error">
            {feedbackMessages.saveFailed}
          </Text>
          <Text>{userErrorText(save.error)}</Text>
        </Box>
      )}
      <Box borderInlineStartWidth={error ? '4px' : '0'} borderInlineStartColor="border.error" ps={error ? '3' : '0'}>
        <chakra.label htmlFor={fieldId} display="block" fontWeight="semibold" mb="1">
          How can we improve?
        </chakra.label>
        {error && (
          <Text id={errorId} color="fg.error" fontWeight="semibold" mb="1">
            <chakra.span srOnly>Error: </chakra.span>
            {error}
          </Text>
        )}
        <chakra.textarea
          ref={textarea}
          id={fieldId}
          name="customer_feedback"
          value={text}
          rows={4}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, countId].filter(Boolean).join(' ')}
          css={[inputStyles, { bg: 'bg', borderWidth: '2px', borderColor: error ? 'border.error' : 'gray.700', h: 'auto', py: '2', resize: 'vertical' }]}
        />
        <Text id={countId} fontSize="sm" mt="1" color={over > 0 ? 'fg.error' : 'fg.muted'} fontWeight={over > 0 ? 'semibold' : 'normal'}>
          {over > 0 ? `${over} character${over === 1 ? '' : 's'} too many` : `${used} of ${MAX_CUSTOMER_FEEDBACK_LENGTH} characters`}
        </Text>
      </Box>
      <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={save.isPending}>
        Submit
      </Button>
    </chakra.form>
  );
}
