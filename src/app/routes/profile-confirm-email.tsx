import { Box, Heading, Text } from '@chakra-ui/react';
import { accountMessages } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '../../components/page-loading.tsx';
import * as paths from '../../config/paths.ts';
import { meQueryOptions } from '../../features/auth/api/get-me.ts';
import { useAuth } from '../../features/auth/auth-store.ts';
import { AuthButtonLink } from '../../features/auth/components/auth-link.tsx';
import { keyFromHash } from '../../features/auth/link-key.ts';
import { confirmEmailChange } from '../../features/profile/api/confirm-email-change.ts';
import { userErrorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { GuestLayout } from '../layouts/guest-layout.tsx';

type Confirmation = { kind: 'pending' } | { kind: 'confirmed'; email: string } | { kind: 'failed'; message: string };

/**
 * /profile-preferences/confirm-email#key={key}: where the link sent to a new e-mail address
 * lands. The key is read from the fragment and taken out of the address at once, sent once,
 * and the result shown, with the way on: the profile page when signed in, else sign in (with
 * the new address). Outside the signed-in layouts: the link works in any browser.
 */
export function ConfirmEmailChangePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { loggedIn } = useAuth();
  // Read once, on the first render: the address loses the fragment right after.
  const [arrival] = useState(() => ({ key: keyFromHash(location.hash), pathname: location.pathname }));
  const [state, setState] = useState<Confirmation>(arrival.key ? { kind: 'pending' } : { kind: 'failed', message: accountMessages.linkInvalid });
  usePageTitle(state.kind === 'pending' ? 'Confirming your new email address' : state.kind === 'confirmed' ? 'Email address changed' : 'Error: Change your email address');

  useEffect(() => {
    const { key, pathname } = arrival;
    if (!key) return;
    void navigate({ pathname }, { replace: true });
    let current = true; // StrictMode runs this twice; confirmEmailChange sends the key once
    confirmEmailChange(key).then(
      (answer) => {
        // A session in this browser must not go on showing the old address.
        void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
        if (current) setState({ kind: 'confirmed', email: answer.email });
      },
      (error: unknown) => {
        if (current) setState({ kind: 'failed', message: userErrorText(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [arrival, navigate, queryClient]);

  const next = loggedIn ? (
    <AuthButtonLink to={paths.profilePreferences.build()}>Go to your profile</AuthButtonLink>
  ) : (
    <AuthButtonLink to={paths.authLogin.build()}>Sign in</AuthButtonLink>
  );

  if (state.kind === 'pending') {
    return (
      <GuestLayout width="560px">
        <Heading as="h1" srOnly>
          Confirming your new email address
        </Heading>
        <PageLoading label="Confirming your new email address" />
      </GuestLayout>
    );
  }
  if (state.kind === 'confirmed') {
    return (
      <GuestLayout width="560px">
        <Heading as="h1" size="3xl" mb="6">
          Email address changed
        </Heading>
        <Box role="status" mb="8">
          <Text fontWeight="semibold" mb="2">
            {accountMessages.emailChanged}
          </Text>
          <Text overflowWrap="anywhere">
            {loggedIn ? 'It is now ' : 'Sign in with '}
            <Text as="strong">{state.email}</Text>
            {loggedIn ? '.' : ' from now on.'}
          </Text>
        </Box>
        {next}
      </GuestLayout>
    );
  }
  return (
    <GuestLayout width="560px">
      <Heading as="h1" size="3xl" mb="6">
        Your email address has not changed
      </Heading>
      <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4" mb="4">
        <Text color="fg.error" fontWeight="semibold" overflowWrap="anywhere">
          {state.message}
        </Text>
      </Box>
      <Text mb="8">To get a new link, enter the new address again on your profile page.</Text>
      {loggedIn ? next : <AuthButtonLink to={paths.authLogin.build({}, { next: paths.profilePreferences.build() })}>Sign in</AuthButtonLink>}
    </GuestLayout>
  );
}

export { ConfirmEmailChangePage as Component };
