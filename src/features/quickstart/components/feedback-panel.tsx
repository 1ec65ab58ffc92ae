import { Button, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import * as z from 'zod/mini';

import { MAX_CUSTOMER_FEEDBACK_LENGTH, PatchTrialStatus } from '@portal/contract';

import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePatchTrialStatus } from '../api/patch-trial-status.ts';

export const feedbackMessages = {
  required: 'Enter your feedback',
  saveFailed: 'Your feedback was not sent.',
} as const;

// The panel asks for some text; the length rule is the contract's (PatchTrialStatus).
const FeedbackForm = z.object({
  customer_feedback: z.pipe(
    z.string().check(z.refine((text) => text.trim() !== '', feedbackMessages.required)),
    PatchTrialStatus.shape.customer_feedback.def.innerType,
  ),
});

/**
 * The quick-start feedback panel (spec 000 sections 2 and 4): "Share feedback!", "How can we
 * improve?", Submit saves customer_feedback, then the thanks state with the text cleared.
 * A failed save keeps what was typed. Close hands back to the wizard, which collapses.
 */
export function FeedbackPanel({ headingId, onClose }: { headingId: string; onClose: () => void }) {
  const save = usePatchTrialStatus();
  const [sent, setSent] = useState(false);
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const { values, formError, summaryRef, submit, field, pending } = useForm({
    schema: FeedbackForm,
    ids: { customer_feedback: `${id}-feedback` },
    initial: { customer_feedback: '' },
    send: async (body) => {
      await save.mutateAsync(body);
      setSent(true);
    },
    serverErrors: (error) => ({ fieldErrors: {}, formError: `${feedbackMessages.saveFailed} ${userErrorText(error)}` }),
    onSaved: () => ({ customer_feedback: '' }),
    // One field in a small panel: a failed submit goes to the field, a failed save to the alert.
    focus: 'field',
  });
  const countId = `${id}-count`;

  // The form (and its Submit button) leaves the page: focus goes to what replaced it.
  useEffect(() => {
    if (sent) thanksHeading.current?.focus();
  }, [sent]);

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

  const used = values.customer_feedback.length;
  const over = used - MAX_CUSTOMER_FEEDBACK_LENGTH;
  return (
    <chakra.form display="flex" flexDirection="column" gap="3" aria-labelledby={headingId} noValidate onSubmit={submit}>
      <Heading as="h2" id={headingId} fontSize="lg">
        Share feedback!
      </Heading>
      <FormAlert ref={summaryRef} message={formError} />
      <TextAreaField
        {...field('customer_feedback')}
        label="How can we improve?"
        footer={{
          id: countId,
          content: (
            <Text
              id={countId}
              fontSize="sm"
              mt="1"
              color={over > 0 ? 'fg.error' : 'fg.muted'}
              fontWeight={over > 0 ? 'semibold' : 'normal'}
            >
              {over > 0
                ? `${over} character${over === 1 ? '' : 's'} too many`
                : `${used} of ${MAX_CUSTOMER_FEEDBACK_LENGTH} characters`}
            </Text>
          ),
        }}
      />
      <SubmitButton pending={pending} size="md" align="start">
        Submit
      </SubmitButton>
    </chakra.form>
  );
}
