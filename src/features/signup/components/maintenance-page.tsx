import { Box, Heading, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import { usePageTitle } from '../../../lib/use-page-title.ts';
import { getSignupSettings } from '../api/signup-api.ts';

/** How often the maintenance screen asks whether maintenance is over. */
export const MAINTENANCE_RECHECK_MS = 30_000;

/**
 * The trial page in maintenance mode (spec 000 section 2: the screen 'Under maintenance'; the server
 * answers the page with 503, whose page title is 'Under Maintenance', spec 000 section 8). When
 * maintenance ends, the screen goes to the root.
 */
export function MaintenancePage({ recheckMs = MAINTENANCE_RECHECK_MS }: { recheckMs?: number }) {
  usePageTitle('Under Maintenance');
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setInterval(() => {
      getSignupSettings()
        .then((settings) => {
          if (!settings.maintenance_mode) void navigate('/', { replace: true });
        })
        .catch(() => {});
    }, recheckMs);
    return () => clearInterval(timer);
  }, [navigate, recheckMs]);
  return (
    <Box>
      <Heading as="h1" size="3xl" mb="3">
        Under maintenance
      </Heading>
      <Text fontSize="lg" mb="2">
        Trial sign-up is closed for a short while we improve it.
      </Text>
      <Text color="fg.muted">Please come back later today. If you already have an account, you can still sign in.</Text>
    </Box>
  );
}
