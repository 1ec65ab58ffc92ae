import { Flex } from '@chakra-ui/react';

import { RegisterRequest } from '@portal/contract';

import { ErrorSummary } from '../../../components/error-summary.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { register } from '../api/register.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/** The fields of POST /registration/ and their input ids, in the order they appear. */
export const registerFieldIds = {
  first_name: 'first-name',
  last_name: 'last-name',
  email: 'email',
  password1: 'password',
  password2: 'confirm-password',
} as const satisfies Record<keyof RegisterRequest, string>;

const empty = { first_name: '', last_name: '', email: '', password1: '', password2: '' };

/**
 * Creating an account: name, e-mail and a password twice, checked with the contract's
 * RegisterRequest; the server's refusals (a common password, say) show beside their fields.
 */
export function RegisterForm({ title, onRegistered }: { title: string; onRegistered: (email: string) => void }) {
  const { summaryRef, summary, submit, field, pending } = useForm({
    title,
    schema: RegisterRequest,
    ids: registerFieldIds,
    initial: empty,
    send: async (body: RegisterRequest) => {
      await register(body);
      onRegistered(body.email);
    },
  });
  return (
    <>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <form noValidate onSubmit={submit}>
        <Flex direction="column" gap="6">
          <Flex direction={{ base: 'column', md: 'row' }} gap="6">
            <Flex direction="column" flex="1">
              <TextField {...field('first_name')} label="First name" autoComplete="given-name" spellCheck={false} />
            </Flex>
            <Flex direction="column" flex="1">
              <TextField {...field('last_name')} label="Last name" autoComplete="family-name" spellCheck={false} />
            </Flex>
          </Flex>
          <TextField
            {...field('email')}
            label="Email address"
            hint="We will email you a link to confirm it."
            type="email"
            autoComplete="email"
            spellCheck={false}
          />
          <NewPasswordFields
            password={field('password1')}
            confirm={field('password2')}
            passwordLabel="Create a password"
            confirmLabel="Confirm password"
          />
          <SubmitButton pending={pending} pendingText="Creating account">
            Create account
          </SubmitButton>
        </Flex>
      </form>
    </>
  );
}
