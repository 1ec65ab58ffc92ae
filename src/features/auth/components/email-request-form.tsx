import { Flex } from '@chakra-ui/react';

import { EmailRequest } from '@portal/contract';

import { ErrorSummary } from '../../../components/error-summary.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';

interface EmailRequestFormProps {
  /** The page title, when the form is the page's main content ("Error: " goes before it while errors show). */
  title?: string;
  /** The input's id (unique on the page). */
  id?: string;
  label?: string;
  hint?: string;
  button: string;
  pendingText: string;
  /** Sends the address; a rejection shows its message and keeps the address. */
  send: (body: EmailRequest) => Promise<unknown>;
}

/**
 * One e-mail address and a button: asking for a sign-in link, a reset link or a new
 * verification e-mail. Checked with the contract's Email rule before anything is sent.
 */
export function EmailRequestForm({
  title,
  id = 'email',
  label = 'Email address',
  hint,
  button,
  pendingText,
  send,
}: EmailRequestFormProps) {
  const { summaryRef, summary, submit, field, pending } = useForm({
    title,
    schema: EmailRequest,
    ids: { email: id },
    initial: { email: '' },
    send,
  });
  return (
    <>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <form noValidate onSubmit={submit}>
        <Flex direction="column" gap="6">
          <TextField
            {...field('email')}
            label={label}
            hint={hint}
            type="email"
            autoComplete="email"
            spellCheck={false}
          />
          <SubmitButton pending={pending} pendingText={pendingText}>
            {button}
          </SubmitButton>
        </Flex>
      </form>
    </>
  );
}
