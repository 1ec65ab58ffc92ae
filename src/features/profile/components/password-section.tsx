import { Box, Flex, Heading, Text } from '@chakra-ui/react';

import { accountMessages } from '@portal/contract';

import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { newPasswordHint } from '../../auth/index.ts';
import { changePassword } from '../api/change-password.ts';
import { emptyPasswordValues, passwordFieldIds, PasswordForm, passwordServerErrors } from '../forms.ts';

export const passwordText = {
  heading: 'Change your password',
  current: 'Current password',
  new: 'New password',
  confirm: 'Confirm new password',
  submit: 'Change password',
  pending: 'Changing password',
  otherSessions: 'You will stay signed in here. Anywhere else you are signed in, you will be signed out.',
} as const;

/** The "Change your password" form's state: PATCH /api/v3/me/password/, then the fields are emptied. */
export function usePasswordForm() {
  return useForm({
    schema: PasswordForm,
    ids: passwordFieldIds,
    initial: emptyPasswordValues,
    send: async (body) => {
      const answer = await changePassword(body);
      toaster.create({ type: 'success', title: answer.detail });
      return answer;
    },
    serverErrors: passwordServerErrors,
    onSaved: () => emptyPasswordValues,
  });
}

type PasswordFormState = ReturnType<typeof usePasswordForm>;

/** "Change your password": current password, new password (the rule as its hint), and again. */
export function PasswordSection({ form, viewing }: { form: PasswordFormState; viewing: boolean }) {
  return (
    <Box
      as="section"
      aria-labelledby="profile-password-heading"
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      p={{ base: '4', lg: '8' }}
    >
      <Heading as="h2" id="profile-password-heading" size="xl" mb="2">
        {passwordText.heading}
      </Heading>
      {viewing ? (
        <Text>{accountMessages.notWhileViewing}</Text>
      ) : (
        <>
          <Text color="fg.muted" mb="6">
            {passwordText.otherSessions}
          </Text>
          <form noValidate onSubmit={form.submit} aria-labelledby="profile-password-heading" aria-busy={form.pending}>
            <Flex direction="column" gap="6">
              <TextField
                {...form.field('old_password')}
                label={passwordText.current}
                type="password"
                autoComplete="current-password"
              />
              <TextField
                {...form.field('new_password1')}
                label={passwordText.new}
                hint={newPasswordHint}
                type="password"
                autoComplete="new-password"
              />
              <TextField
                {...form.field('new_password2')}
                label={passwordText.confirm}
                type="password"
                autoComplete="new-password"
              />
              <SubmitButton pending={form.pending} pendingText={passwordText.pending} align="start">
                {passwordText.submit}
              </SubmitButton>
            </Flex>
          </form>
        </>
      )}
    </Box>
  );
}
