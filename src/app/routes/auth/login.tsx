import { Heading, Text } from '@chakra-ui/react';
import { lazy, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import * as journeyPaths from '../../../config/journey-paths.ts';
import { LoginForm, LoginLinks } from '../../../features/auth/index.ts';
import { loadSocialSignInButtons, SocialSignInPlaceholder } from '../../../features/social-sign-in/index.ts';
import { AfterPaint } from '../../../lib/after-paint.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { afterLoginPath, NEXT_PARAM } from '../../guards.ts';
import { GuestLayout } from '../../layouts/guest-layout.tsx';

// Social sign-in loads once the page has drawn, not in its first download (the login page's bundle budget): on a
// slow link its two files do not share it with the page's code. Their room is kept meanwhile.
const SocialSignInButtons = lazy(loadSocialSignInButtons);

/** /auth/login/: email and password sign-in. Afterwards, to `next` when it is safe, else home. */
export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [hasErrors, setHasErrors] = useState(false);
  // GOV.UK pattern: the title says there are errors, as it is the first thing read out.
  usePageTitle(hasErrors ? 'Error: Sign in' : 'Sign in');

  return (
    <GuestLayout width="560px">
      <Heading as="h1" size="3xl" mb="2">
        Sign in
      </Heading>
      <Text color="fg.muted" mb="8">
        Sign in to manage your phone, broadband and fibre services.
      </Text>
      <LoginForm
        onErrorsChange={setHasErrors}
        onSignedIn={() => navigate(afterLoginPath(searchParams.get(NEXT_PARAM)), { replace: true })}
      />
      <AfterPaint fallback={<SocialSignInPlaceholder />}>
        <SocialSignInButtons page="login" />
      </AfterPaint>
      {/* Other ways in by e-mail: forgotten password, magic link (keeping `next`), new account. */}
      <LoginLinks
        magicLinkPath={journeyPaths.authLoginMagicLink.build(
          {},
          { [NEXT_PARAM]: searchParams.get(NEXT_PARAM) ?? undefined },
        )}
      />
    </GuestLayout>
  );
}

export { LoginPage as Component };
