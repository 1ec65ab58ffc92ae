import { Box, Button, Flex, Heading, Separator, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { SOCIAL_PROVIDERS, socialProviderNames, type SocialPage, type SocialProvider } from '@portal/contract';

import * as journeyPaths from '../../../config/journey-paths.ts';
import { isSafePath } from '../../../lib/safe-path.ts';

/** A plain, brand-neutral mark for each provider: its initial in a circle (no logos to license). */
function ProviderMark({ provider }: { provider: SocialProvider }) {
  return (
    <Flex
      aria-hidden
      as="span"
      w="6"
      h="6"
      rounded="full"
      borderWidth="1.5px"
      borderColor="currentColor"
      align="center"
      justify="center"
      fontSize="xs"
      fontWeight="bold"
      flexShrink={0}
    >
      {socialProviderNames[provider][0]}
    </Flex>
  );
}

const headings: Record<SocialPage, string> = {
  login: 'Sign in with Google, Facebook or LinkedIn',
  register: 'Create an account with Google, Facebook or LinkedIn',
};

/**
 * "Continue with Google", "Continue with Facebook", "Continue with LinkedIn": links to
 * /auth/{page}/{provider}/, which take the person to the provider (spec 000 section 2). The
 * remembered path (`next` of this page) goes along. Loaded lazily beside the login and
 * register forms, so those pages' first download does not grow.
 */
function SocialSignInButtons({ page }: { page: SocialPage }) {
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const headingId = `social-sign-in-${page}-heading`;
  return (
    <Box as="section" aria-labelledby={headingId} mt="8">
      <Flex align="center" gap="3" mb="5" aria-hidden>
        <Separator flex="1" />
        <Text color="fg.muted" fontSize="sm">
          or
        </Text>
        <Separator flex="1" />
      </Flex>
      <Heading as="h2" id={headingId} srOnly>
        {headings[page]}
      </Heading>
      <Flex as="ul" direction="column" gap="3" listStyle="none">
        {SOCIAL_PROVIDERS.map((provider) => (
          <li key={provider}>
            {/* type={undefined}: Button would put type="button" on the link */}
            <Button asChild variant="outline" size="lg" w="full" justifyContent="center" gap="3" type={undefined}>
              <RouterLink
                to={journeyPaths.authSocialRedirect.build(
                  { page, provider },
                  { next: isSafePath(next) ? next : undefined },
                )}
              >
                <ProviderMark provider={provider} />
                Continue with {socialProviderNames[provider]}
              </RouterLink>
            </Button>
          </li>
        ))}
      </Flex>
    </Box>
  );
}

export default SocialSignInButtons;
