import { Box } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import * as journeyPaths from '../../../config/journey-paths.ts';
import * as paths from '../../../config/paths.ts';
import {
  AuthButtonLink,
  AuthLink,
  FailureAlert,
  keyFromHash,
  signInWithMagicLink,
  takePathAfterMagicLink,
  useLinkExchange,
} from '../../../features/auth/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { afterLoginPath } from '../../guards.ts';
import { PendingPage } from './pending-page.tsx';
import { ResultPage } from './result-page.tsx';

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
  const [arrival] = useState(() => ({
    key: keyFromHash(location.hash),
    pathname: location.pathname,
    search: location.search,
  }));
  const state = useLinkExchange({
    input: arrival.key,
    exchange: (key: string) => {
      // history.replaceState through the router, which then knows the address changed.
      void navigate({ pathname: arrival.pathname, search: arrival.search }, { replace: true });
      return signInWithMagicLink(queryClient, key);
    },
    onDone: () => void navigate(afterLoginPath(takePathAfterMagicLink()), { replace: true }),
  });
  usePageTitle(state.kind !== 'failed' ? 'Signing you in' : 'Error: Sign in with an email link');

  if (state.kind !== 'failed') return <PendingPage label="Signing you in" />;
  return (
    <ResultPage heading="We could not sign you in">
      <FailureAlert message={state.message} />
      <Box mb="6">
        <AuthButtonLink to={journeyPaths.authLoginMagicLink.build()}>Email me a new sign-in link</AuthButtonLink>
      </Box>
      <AuthLink to={paths.authLogin.build()}>Sign in with your password</AuthLink>
    </ResultPage>
  );
}
