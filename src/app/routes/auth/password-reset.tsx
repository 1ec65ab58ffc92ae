import { Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';

import { RESET_LINK_TTL_MINUTES } from '@portal/contract';

import * as journeyPaths from '../../../config/journey-paths.ts';
import * as paths from '../../../config/paths.ts';
import { AuthLink, EmailRequestForm, requestPasswordReset, sentTo } from '../../../features/auth/index.ts';
import { FormPage } from './form-page.tsx';

/** /auth/password_reset: a forgotten password; a link to set a new one goes by e-mail. */
export function PasswordResetPage() {
  const navigate = useNavigate();
  const title = 'Reset your password';
  return (
    <FormPage
      title={title}
      lead={`We will email you a link to create a new password. It works once, for ${RESET_LINK_TTL_MINUTES} minutes.`}
    >
      <EmailRequestForm
        title={title}
        hint="Use the email address of your account."
        button="Send reset link"
        pendingText="Sending"
        send={async (body) => {
          await requestPasswordReset(body);
          await navigate(journeyPaths.authPasswordResetSuccess.build(), { state: sentTo(body.email) });
        }}
      />
      <Text mt="8">
        <AuthLink to={paths.authLogin.build()}>Back to sign in</AuthLink>
      </Text>
    </FormPage>
  );
}
