import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLoaderData, useNavigate } from 'react-router-dom';

import { authEndpoints } from '@portal/contract';

import { PageLoading } from '../../components/page-loading.tsx';
import * as paths from '../../config/paths.ts';
import { loadStaffTools } from '../../features/staff/index.ts';
import { apiCall } from '../../lib/http.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { GuestLayout } from '../layouts/guest-layout.tsx';
import { endSession } from '../session.ts';
import type { LoginAsResult } from './login-as-loader.ts';

/**
 * Finishes what the loader decided, once: after a switch, nothing of the staff member's own
 * session may show as the customer's, so the cache is emptied before going home (and the page
 * reloads after 500 ms); anyone else is signed out, the token revoked first.
 */
function Finish({ kind }: { kind: 'switched' | 'sign-out' }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (kind === 'switched') {
      queryClient.clear();
      // Already downloaded by the loader.
      void loadStaffTools().then(({ goHomeAndReload }) => goHomeAndReload(navigate));
      return;
    }
    // POST /auth/logout/, called directly: sharing the profile menu's module would split the home page's code further.
    // Signed out here whatever the server answers: at worst the token dies of idleness later.
    void apiCall(authEndpoints.logout)
      .catch(() => undefined)
      .then(() => endSession(navigate, queryClient));
  }, [kind, navigate, queryClient]);
  return (
    <GuestLayout>
      <PageLoading label={kind === 'switched' ? 'Switching' : 'Signing out'} />
    </GuestLayout>
  );
}

/** The login-as page (spec 000, login-as layout): seen only while finishing, or when the switch was refused. */
export function LoginAsPage() {
  const result = useLoaderData() as LoginAsResult;
  usePageTitle('Sign in as a customer');
  if (result.kind !== 'error') return <Finish kind={result.kind} />;
  return (
    <GuestLayout>
      <Heading as="h1" size="3xl" mb="4">
        Sign in as a customer
      </Heading>
      <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4" mb="8">
        <Text fontWeight="semibold" color="fg.error" mb="1">
          You could not switch to {result.email}
        </Text>
        <Text overflowWrap="anywhere">{result.message}</Text>
      </Box>
      {/* type={undefined}: Button would put type="button" on the link */}
      <Button asChild colorPalette="brand" size="lg" type={undefined}>
        <RouterLink to={paths.index.build()}>Home</RouterLink>
      </Button>
    </GuestLayout>
  );
}

export { LoginAsPage as Component };
export { loginAsLoader as loader } from './login-as-loader.ts';
