import { Heading, Text } from '@chakra-ui/react';
import { RESET_LINK_TTL_MINUTES } from '@portal/contract';
import { useNavigate } from 'react-router-dom';
import * as journeyPaths from '../../../config/journey-paths.ts';
import * as paths from '../../../config/paths.ts';
import { requestPasswordReset } from '../../../features/auth/api/password-reset.ts';
import { AuthLink } from '../../../features/auth/components/auth-link.tsx';
import { EmailRequestForm } from '../../../features/auth/components/email-request-form.tsx';
import { sentTo } from '../../../features/auth/sent-to.ts';
import { GuestLayout } from '../../layouts/guest-layout.tsx';

/** /auth/password_reset: a forgotten password; a link to set a new one goes by e-mail. */
export function PasswordResetPage() {
  const navigate = useNavigate();
  return (
    <GuestLayout width="560px">
      <Heading as="h1" size="3xl" mb="2">
        Reset your password
      </Heading>
      <Text color="fg.muted" mb="8">
        We will email you a link to create a new password. It works once, for {RESET_LINK_TTL_MINUTES} minutes.
      </Text>
      <EmailRequestForm
        title="Reset your password"
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
    </GuestLayout>
  );
}
