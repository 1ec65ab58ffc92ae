import { Box, Flex, Heading, Text } from '@chakra-ui/react';

import * as journeyPaths from '../../../config/journey-paths.ts';
import { AuthLink } from './auth-link.tsx';

/**
 * The login page's other ways in by e-mail: a forgotten password, a sign-in link instead of
 * the password, a new account. `magicLinkPath` is the magic-link form's path, with the
 * remembered path along.
 */
export function LoginLinks({ magicLinkPath }: { magicLinkPath: string }) {
  return (
    <Box as="section" aria-labelledby="other-ways-heading" mt="8" pt="6" borderTopWidth="1px">
      <Heading as="h2" id="other-ways-heading" srOnly>
        Other ways to sign in
      </Heading>
      <Flex as="ul" direction="column" gap="3" listStyle="none">
        <li>
          <AuthLink to={journeyPaths.authPasswordReset.build()}>Forgotten your password?</AuthLink>
        </li>
        <li>
          <AuthLink to={magicLinkPath}>Email me a sign-in link instead</AuthLink>
        </li>
      </Flex>
      <Text mt="6">
        New here? <AuthLink to={journeyPaths.authRegister.build()}>Create an account</AuthLink>
      </Text>
    </Box>
  );
}
