import { Box, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { accountMessages } from '@portal/contract';

import * as paths from '../../config/paths.ts';
import {
  AuthButtonLink,
  FailureAlert,
  keyFromHash,
  meQueryOptions,
  useAuth,
  useLinkExchange,
} from '../../features/auth/index.ts';
import { confirmEmailChange } from '../../features/profile/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { PendingPage } from './auth/pending-page.tsx';
import { ResultPage } from './auth/result-page.tsx';

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
  const state = useLinkExchange({
    input: arrival.key,
    exchange: async (key: string) => {
      void navigate({ pathname: arrival.pathname }, { replace: true });
      const answer = await confirmEmailChange(key);
      // A session in this browser must not go on showing the old address.
      void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      return answer;
    },
  });
  usePageTitle(
    state.kind === 'pending'
      ? 'Confirming your new email address'
      : state.kind === 'done'
        ? 'Email address changed'
        : 'Error: Change your email address',
  );

  const next = loggedIn ? (
    <AuthButtonLink to={paths.profilePreferences.build()}>Go to your profile</AuthButtonLink>
  ) : (
    <AuthButtonLink to={paths.authLogin.build()}>Sign in</AuthButtonLink>
  );

  if (state.kind === 'pending') return <PendingPage label="Confirming your new email address" />;
  if (state.kind === 'done') {
    return (
      <ResultPage heading="Email address changed">
        <Box role="status" mb="8">
          <Text fontWeight="semibold" mb="2">
            {accountMessages.emailChanged}
          </Text>
          <Text overflowWrap="anywhere">
            {loggedIn ? 'It is now ' : 'Sign in with '}
            <Text as="strong">{state.answer.email}</Text>
            {loggedIn ? '.' : ' from now on.'}
          </Text>
        </Box>
        {next}
      </ResultPage>
    );
  }
  return (
    <ResultPage heading="Your email address has not changed">
      <FailureAlert message={state.message} mb="4" />
      <Text mb="8">To get a new link, enter the new address again on your profile page.</Text>
      {loggedIn ? (
        next
      ) : (
        <AuthButtonLink to={paths.authLogin.build({}, { next: paths.profilePreferences.build() })}>
          Sign in
        </AuthButtonLink>
      )}
    </ResultPage>
  );
}

export { ConfirmEmailChangePage as Component };
