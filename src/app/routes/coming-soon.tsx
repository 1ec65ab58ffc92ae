import { Button, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import * as paths from '../../config/paths.ts';
import { useAuth } from '../../features/auth/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { GuestLayout } from '../layouts/guest-layout.tsx';

/**
 * Coming soon (/coming-soon, spec 000 sections 2 and 4): where the shop sends a voip3
 * phone's customer, since the hardware shop is not open to voip3 yet. A public route, so it
 * has the guest frame: the way home when signed in, to sign in when not.
 */
export function ComingSoonPage() {
  usePageTitle('Coming soon');
  const { loggedIn } = useAuth();
  return (
    <GuestLayout width="720px">
      <Heading as="h1" size="3xl" mb="4">
        Coming soon
      </Heading>
      <Text fontSize="lg" mb="3">
        The shop is not open for your cloud phone yet.
      </Text>
      <Text color="fg.muted" mb="8">
        We are getting phones and accessories ready for it. Until then, Chat support or Help in your account can tell
        you about the hardware that works with your phone.
      </Text>
      {/* type={undefined}: Button would put type="button" on the link */}
      <Button asChild colorPalette="brand" size="lg" type={undefined}>
        {loggedIn ? (
          <RouterLink to={paths.index.build()}>Back to home</RouterLink>
        ) : (
          <RouterLink to={paths.authLogin.build()}>Sign in</RouterLink>
        )}
      </Button>
    </GuestLayout>
  );
}

export { ComingSoonPage as Component };
