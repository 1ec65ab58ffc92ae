import { Box, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';

import { accountMessages } from '@portal/contract';

import * as paths from '../../../config/paths.ts';
import {
  AuthButtonLink,
  AuthLink,
  EmailRequestForm,
  FailureAlert,
  resendVerificationEmail,
  useAuth,
  useLinkExchange,
  verifyEmail,
} from '../../../features/auth/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { PendingPage } from './pending-page.tsx';
import { ResultPage } from './result-page.tsx';

/** After a refused link: ask for a new verification e-mail (the same answer for every address). */
function ResendVerification() {
  const [sent, setSent] = useState<string | null>(null);
  return (
    <Box as="section" aria-labelledby="resend-heading">
      <Heading as="h2" id="resend-heading" size="lg" mb="2">
        Get a new link
      </Heading>
      <Text mb="6">Enter the email address of your account and we will send you a new link to confirm it.</Text>
      <EmailRequestForm
        id="resend-email"
        button="Send a new link"
        pendingText="Sending"
        send={async ({ email }) => setSent((await resendVerificationEmail(email)).detail)}
      />
      <Box aria-live="polite" mt="6">
        {sent && (
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {sent}
          </Text>
        )}
      </Box>
    </Box>
  );
}

/**
 * /auth/register/verify/{key}: where a verification link lands. The key is sent once (React
 * StrictMode runs effects twice; `verifyEmail` answers both with one request). Not guest-only:
 * a signed-in person confirms a changed address here too.
 */
export function RegisterVerifyPage() {
  const { key = '' } = useParams();
  const { loggedIn } = useAuth();
  const state = useLinkExchange({ input: key, exchange: verifyEmail });
  usePageTitle(
    state.kind === 'pending'
      ? 'Confirming your email address'
      : state.kind === 'done'
        ? 'Email address confirmed'
        : 'Error: Confirm your email address',
  );

  if (state.kind === 'pending') return <PendingPage label="Confirming your email address" />;
  if (state.kind === 'done') {
    return (
      <ResultPage heading="Email address confirmed">
        <Box role="status" mb="8">
          <Text fontSize="lg">{state.answer.detail || accountMessages.verified}</Text>
        </Box>
        {loggedIn ? (
          <AuthButtonLink to={paths.index.build()}>Go to your account</AuthButtonLink>
        ) : (
          <AuthButtonLink to={paths.authLogin.build()}>Sign in</AuthButtonLink>
        )}
      </ResultPage>
    );
  }
  return (
    <ResultPage heading="We could not confirm your email address">
      <FailureAlert message={state.message} />
      <ResendVerification />
      <Box mt="8">
        <AuthLink to={paths.authLogin.build()}>Back to sign in</AuthLink>
      </Box>
    </ResultPage>
  );
}
