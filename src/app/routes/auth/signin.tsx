import { Box, Heading, Text } from '@chakra-ui/react';
import { accountMessages } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '../../../components/page-loading.tsx';
import * as journeyPaths from '../../../config/journey-paths.ts';
import * as paths from '../../../config/paths.ts';
import { signInWithMagicLink } from '../../../features/auth/api/magic-link-login.ts';
import { AuthButtonLink, AuthLink } from '../../../features/auth/components/auth-link.tsx';
import { keyFromHash } from '../../../features/auth/link-key.ts';
import { takePathAfterMagicLink } from '../../../features/auth/magic-link-redirect.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { afterLoginPath } from '../../guards.ts';
import { GuestLayout } from '../../layouts/guest-layout.tsx';

/**
 * /auth/login/signin#key={key}: where a magic link lands. The key is read from the fragment and
 * taken out of the address at once (so it is not bookmarked, shared or left in the history),
 * exchanged for a session once, and the person goes to the remembered path or home. A link the
 * server refuses (expired, used, not valid) shows its message and a way to ask for a new one.
 */
export function SignInWithLinkPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Read once, on the first render: the address loses the fragment right after.
  const [arrival] = useState(() => ({ key: keyFromHash(location.hash), pathname: location.pathname, search: location.search }));
  const [failure, setFailure] = useState<string | null>(arrival.key ? null : accountMessages.linkInvalid);
  usePageTitle(failure === null ? 'Signing you in' : 'Error: Sign in with an email link');

  useEffect(() => {
    const { key, pathname, search } = arrival;
    if (!key) return;
    // history.replaceState through the router, which then knows the address changed.
    void navigate({ pathname, search }, { replace: true });
    let current = true; // StrictMode runs this twice; only the run still mounted goes on
    signInWithMagicLink(queryClient, key).then(
      () => {
        if (current) void navigate(afterLoginPath(takePathAfterMagicLink()), { replace: true });
      },
      (error: unknown) => {
        if (current) setFailure(userErrorText(error));
      },
    );
    return () => {
      current = false;
    };
  }, [arrival, navigate, queryClient]);

  if (failure === null) {
    return (
      <GuestLayout width="560px">
        <Heading as="h1" srOnly>
          Signing you in
        </Heading>
        <PageLoading label="Signing you in" />
      </GuestLayout>
    );
  }
  return (
    <GuestLayout width="560px">
      <Heading as="h1" size="3xl" mb="6">
        We could not sign you in
      </Heading>
      <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4" mb="8">
        <Text color="fg.error" fontWeight="semibold" overflowWrap="anywhere">
          {failure}
        </Text>
      </Box>
      <Box mb="6">
        <AuthButtonLink to={journeyPaths.authLoginMagicLink.build()}>Email me a new sign-in link</AuthButtonLink>
      </Box>
      <AuthLink to={paths.authLogin.build()}>Sign in with your password</AuthLink>
    </GuestLayout>
  );
}
