import { Button, Flex } from '@chakra-ui/react';
import { LoginRequest, type Me } from '@portal/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorSummary, type SummaryError } from '../../../components/error-summary.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { useLogin } from '../api/login.ts';

type FieldName = keyof LoginRequest;
type FieldErrors = Partial<Record<FieldName, string>>;

const FIELD_ORDER: FieldName[] = ['email', 'password'];

/** The first message of each field, in the order the fields appear. */
function fieldErrorsOf(values: Record<FieldName, string>): FieldErrors | null {
  const result = LoginRequest.safeParse(values);
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export const loginFieldIds: Record<FieldName, string> = { email: 'email', password: 'password' };

/**
 * Email and password sign-in, GOV.UK style: errors are shown on submit, beside each
 * field and in a summary box above the form that takes focus; a server refusal (wrong
 * credentials, too many attempts) goes in the same summary.
 */
export function LoginForm({ onSignedIn, onErrorsChange }: { onSignedIn: (user: Me) => void; onErrorsChange?: (hasErrors: boolean) => void }) {
  const [values, setValues] = useState<Record<FieldName, string>>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Bumped on each failed submit so the summary takes focus again, even with the same errors.
  const [attempt, setAttempt] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const login = useLogin();

  const summary: SummaryError[] = [
    ...FIELD_ORDER.flatMap((field) => {
      const message = fieldErrors[field];
      return message ? [{ message, fieldId: loginFieldIds[field] }] : [];
    }),
    ...(formError ? [{ message: formError }] : []),
  ];
  const hasErrors = summary.length > 0;

  useEffect(() => {
    if (attempt > 0) summaryRef.current?.focus();
  }, [attempt]);

  useEffect(() => {
    onErrorsChange?.(hasErrors);
  }, [hasErrors, onErrorsChange]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const errors = fieldErrorsOf(values);
    setFormError(null);
    if (errors) {
      setFieldErrors(errors);
      setAttempt((n) => n + 1);
      return;
    }
    setFieldErrors({});
    login.run(LoginRequest.parse(values)).then(onSignedIn, (error: unknown) => {
      setFormError(userErrorText(error));
      setAttempt((n) => n + 1);
    });
  };

  const set = (field: FieldName) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <form noValidate onSubmit={submit}>
        <Flex direction="column" gap="6">
          <TextField
            id={loginFieldIds.email}
            label="Email address"
            error={fieldErrors.email}
            name="email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            value={values.email}
            onChange={set('email')}
          />
          <TextField
            id={loginFieldIds.password}
            label="Password"
            error={fieldErrors.password}
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
          />
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            alignSelf="flex-start"
            loading={login.isPending}
            loadingText="Signing in"
            aria-busy={login.isPending}
          >
            Sign in
          </Button>
        </Flex>
      </form>
    </>
  );
}
