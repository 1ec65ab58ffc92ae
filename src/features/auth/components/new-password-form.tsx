import { Button, Flex } from '@chakra-ui/react';
import { PasswordResetConfirmRequest, type NewPasswordPair } from '@portal/contract';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { confirmPasswordReset } from '../api/password-reset.ts';
import { useAccountForm } from '../use-account-form.ts';
import { newPasswordHint } from './password-hint.ts';

export const newPasswordFieldIds = {
  new_password1: 'new-password',
  new_password2: 'confirm-new-password',
} as const satisfies Record<keyof NewPasswordPair, string>;

/**
 * The new password of a reset link, twice; with the link's uid and token it must pass the
 * contract's PasswordResetConfirmRequest. A link the server refuses (expired, used) shows its
 * message in the summary; the page offers a new link beside the form.
 */
export function NewPasswordForm({ title, uid, token, onChanged }: { title: string; uid: string; token: string; onChanged: () => void }) {
  const { summaryRef, summary, submit, field, pending } = useAccountForm({
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
          <TextField {...field('new_password1')} label="New password" hint={newPasswordHint} type="password" autoComplete="new-password" />
          <TextField {...field('new_password2')} label="Confirm new password" type="password" autoComplete="new-password" />
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            alignSelf={{ base: 'stretch', sm: 'flex-start' }}
            loading={pending}
            loadingText="Changing password"
            aria-busy={pending}
          >
            Change password
          </Button>
        </Flex>
      </form>
    </>
  );
}
