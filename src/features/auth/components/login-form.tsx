import { Flex } from '@chakra-ui/react';
import { useEffect } from 'react';

import { LoginRequest, type Me } from '@portal/contract';

import { ErrorSummary } from '../../../components/error-summary.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useLogin } from '../api/login.ts';

export const loginFieldIds = { email: 'email', password: 'password' } as const satisfies Record<
  keyof LoginRequest,
  string
>;

/**
 * Email and password sign-in, GOV.UK style: errors are shown on submit, beside each
 * field and in a summary box above the form that takes focus; a server refusal (wrong
 * credentials, too many attempts) goes in the same summary.
 */
export function LoginForm({
  onSignedIn,
  onErrorsChange,
}: {
  onSignedIn: (user: Me) => void;
  onErrorsChange?: (hasErrors: boolean) => void;
}) {
  const login = useLogin();
  const { summary, summaryRef, submit, field, pending } = useForm({
    schema: LoginRequest,
    ids: loginFieldIds,
    initial: { email: '', password: '' },
    send: (body: LoginRequest) => login.run(body).then(onSignedIn),
  });
  const hasErrors = summary.length > 0;
  useEffect(() => {
    onErrorsChange?.(hasErrors);
  }, [hasErrors, onErrorsChange]);

  return (
    <>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <form noValidate onSubmit={submit}>
        <Flex direction="column" gap="6">
          <TextField {...field('email')} label="Email address" type="email" autoComplete="email" spellCheck={false} />
          <TextField {...field('password')} label="Password" type="password" autoComplete="current-password" />
          <SubmitButton pending={pending} pendingText="Signing in" align="start">
            Sign in
          </SubmitButton>
        </Flex>
      </form>
    </>
  );
}
