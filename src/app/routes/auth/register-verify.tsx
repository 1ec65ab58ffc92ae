import { Box, Heading, Text } from '@chakra-ui/react';
import { accountMessages } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoading } from '../../../components/page-loading.tsx';
import * as paths from '../../../config/paths.ts';
import { resendVerificationEmail } from '../../../features/auth/api/resend-verification-email.ts';
import { verifyEmail } from '../../../features/auth/api/verify-email.ts';
import { useAuth } from '../../../features/auth/auth-store.ts';
import { AuthButtonLink, AuthLink } from '../../../features/auth/components/auth-link.tsx';
import { EmailRequestForm } from '../../../features/auth/components/email-request-form.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { GuestLayout } from '../../layouts/guest-layout.tsx';

type Verification = { kind: 'pending' } | { kind: 'confirmed'; message: string } | { kind: 'failed'; message: string };

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
  const [state, setState] = useState<Verification>({ kind: 'pending' });
  usePageTitle(
    state.kind === 'pending' ? 'Confirming your email address' : state.kind === 'confirmed' ? 'Email address confirmed' : 'Error: Confirm your email address',
  );

  useEffect(() => {
    let current = true;
    verifyEmail(key).then(
      (answer) => {
        if (current) setState({ kind: 'confirmed', message: answer.detail || accountMessages.verified });
      },
      (error: unknown) => {
        if (current) setState({ kind: 'failed', message: userErrorText(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [key]);

  if (state.kind === 'pending') {
    return (
      <GuestLayout width="560px">
        <Heading as="h1" srOnly>
          Confirming your email address
        </Heading>
        <PageLoading label="Confirming your email address" />
      </GuestLayout>
    );
  }
  if (state.kind === 'confirmed') {
    return (
      <GuestLayout width="560px">
        <Heading as="h1" size="3xl" mb="6">
          Email address confirmed
        </Heading>
        <Box role="status" mb="8">
          <Text fontSize="lg">{state.message}</Text>
        </Box>
        {loggedIn ? (
          <AuthButtonLink to={paths.index.build()}>Go to your account</AuthButtonLink>
        ) : (
          <AuthButtonLink to={paths.authLogin.build()}>Sign in</AuthButtonLink>
        )}
      </GuestLayout>
    );
  }
  return (
    <GuestLayout width="560px">
      <Heading as="h1" size="3xl" mb="6">
        We could not confirm your email address
      </Heading>
      <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4" mb="8">
        <Text color="fg.error" fontWeight="semibold" overflowWrap="anywhere">
          {state.message}
        </Text>
      </Box>
      <ResendVerification />
      <Box mt="8">
        <AuthLink to={paths.authLogin.build()}>Back to sign in</AuthLink>
      </Box>
    </GuestLayout>
  );
}
