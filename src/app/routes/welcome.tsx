import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { brand } from '../../config/brand.ts';
import * as journeyPaths from '../../config/journey-paths.ts';
import * as paths from '../../config/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

const FEATURES = [
  'Your business numbers, ringing on the phones, computers and mobiles you choose',
  'Call flows: greetings, business hours, menus and voicemail, set up in minutes',
  'Call history, recordings and reports, all in one place',
];

/**
 * The welcome journey's page (/welcome/welcome, spec 000 section 2; /phone/welcome and
 * /welcome lead here). A sign-up journey page, so only for visitors who are not signed in
 * (the route sends a signed-in customer home): it says what the cloud phone is and offers
 * the ways in that exist, signing in and creating an account.
 */
export function WelcomePage() {
  usePageTitle('Welcome');
  return (
    <Flex direction="column" gap="8">
      <Box>
        <Heading as="h1" size="3xl" mb="3">
          Welcome to {brand.productName} phone
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          A business phone system in the cloud, managed from your {brand.portalName}.
        </Text>
      </Box>
      <Box
        as="section"
        aria-labelledby="welcome-features-heading"
        borderWidth="1px"
        rounded="lg"
        bg="bg"
        p={{ base: '4', md: '6' }}
      >
        <Heading as="h2" id="welcome-features-heading" size="xl" mb="4">
          What you get
        </Heading>
        <chakra.ul ps="5" display="grid" gap="2">
          {FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </chakra.ul>
      </Box>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        {/* type={undefined}: Button would put type="button" on the link */}
        <Button asChild colorPalette="brand" size="lg" type={undefined}>
          <RouterLink to={paths.authLogin.build()}>Sign in to your account</RouterLink>
        </Button>
        <Button asChild variant="outline" colorPalette="brand" size="lg" type={undefined}>
          <RouterLink to={journeyPaths.authRegister.build()}>Create an account</RouterLink>
        </Button>
      </Flex>
    </Flex>
  );
}

export { WelcomePage as Component };
