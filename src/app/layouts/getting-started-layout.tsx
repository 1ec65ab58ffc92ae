import { Button } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';

import { Toaster } from '../../components/toaster.tsx';
import { useSignOut } from '../use-sign-out.ts';
import { GuestLayout } from './guest-layout.tsx';

/**
 * The getting-started layout (spec 000, layouts; spec 001 section 4): a signed-in frame
 * without the side drawer, for the first-run steps (choose users, set a PIN, confirm the
 * installation address). Only the logo and a way to sign out, so nothing pulls the
 * customer away before the set-up is done.
 */
export function GettingStartedLayout() {
  const { signOut, isPending } = useSignOut();
  return (
    <>
      <GuestLayout
        width="720px"
        headerEnd={
          <Button variant="outline" size="sm" onClick={signOut} loading={isPending} loadingText="Signing out">
            Logout
          </Button>
        }
      >
        <Outlet />
      </GuestLayout>
      <Toaster />
    </>
  );
}

export { GettingStartedLayout as Component };
