import { Button, Heading, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

import * as paths from '../config/paths.ts';
import { track } from '../lib/analytics.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** The analytics event of the 404 (spec 000, route rules: "the 404 is tracked"), with the path. */
export const PAGE_NOT_FOUND_EVENT = 'Page not found';

/** "Page not found": a way home when signed in, to sign in when not (spec 000, route rules). */
export function NotFoundContent({ loggedIn }: { loggedIn: boolean }) {
  usePageTitle('Not Found');
  // The path only: a query may carry a token or an e-mail address.
  const { pathname } = useLocation();
  useEffect(() => track(PAGE_NOT_FOUND_EVENT, { path: pathname }), [pathname]);
  return (
    <>
      <Heading as="h1" size="3xl" mb="4">
        Page not found
      </Heading>
      <Text mb="8" fontSize="lg">
        The page you are looking for does not exist or has been removed.
      </Text>
      {/* type={undefined}: Button would put type="button" on the link */}
      <Button asChild colorPalette="brand" size="lg" type={undefined}>
        {loggedIn ? (
          <RouterLink to={paths.index.build()}>Home</RouterLink>
        ) : (
          <RouterLink to={paths.authLogin.build()}>Sign in</RouterLink>
        )}
      </Button>
    </>
  );
}
