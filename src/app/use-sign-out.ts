import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

import { toaster } from '../components/toaster.tsx';
import { useLogout } from '../features/auth/index.ts';
import { userErrorText } from '../lib/error-text.ts';
import { endSession } from './session.ts';

/**
 * Sign out, as the profile menu and the frames' Logout buttons do it: the server call
 * first, then the resets (spec 000 section 4), which endSession makes. If the call fails
 * the resets are skipped: the session stays and a toast says so.
 */
export function useSignOut(): { signOut: () => void; isPending: boolean } {
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = () => {
    logout.run().then(
      () => endSession(navigate, queryClient),
      (error: unknown) => {
        toaster.create({ type: 'error', title: 'You could not be signed out', description: userErrorText(error) });
      },
    );
  };
  return { signOut, isPending: logout.isPending };
}
