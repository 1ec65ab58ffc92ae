import { Flex } from '@chakra-ui/react';

import { PasswordResetConfirmRequest, type NewPasswordPair } from '@portal/contract';

import { ErrorSummary } from '../../../components/error-summary.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { confirmPasswordReset } from '../api/password-reset.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

export const newPasswordFieldIds = {
  new_password1: 'new-password',
  new_password2: 'confirm-new-password',
} as const satisfies Record<keyof NewPasswordPair, string>;

/**
 * The new password of a reset link, twice; with the link's uid and token it must pass the
 * contract's PasswordResetConfirmRequest. A link the server refuses (expired, used) shows its
 * message in the summary; the page offers a new link beside the form.
 */
export function NewPasswordForm({
  title,
  uid,
  token,
  onChanged,
}: {
  title: string;
  uid: string;
  token: string;
  onChanged: () => void;
}) {
  const { summaryRef, summary, submit, field, pending } = useForm({
    title,
    schema: PasswordResetConfirmRequest,
    ids: newPasswordFieldIds,
    initial: { new_password1: '', new_password2: '' },
    toInput: (values) => ({ uid, token, ...values }),
    send: async (body: PasswordResetConfirmRequest) => {
      await confirmPasswordReset(body);
      onChanged();
    },
  });
  return (
    <>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <form noValidate onSubmit={submit}>
        <Flex direction="column" gap="6">
          <NewPasswordFields
            password={field('new_password1')}
            confirm={field('new_password2')}
            passwordLabel="New password"
            confirmLabel="Confirm new password"
          />
          <SubmitButton pending={pending} pendingText="Changing password">
            Change password
          </SubmitButton>
        </Flex>
      </form>
    </>
  );
}
