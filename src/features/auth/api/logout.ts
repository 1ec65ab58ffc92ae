import { authEndpoints } from '@portal/contract';

import { isApiError } from '../../../lib/api-error.ts';
import { apiCall } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';

/** POST /auth/logout/: revokes the token the call is sent with. */
export function logout() {
  return apiCall(authEndpoints.logout);
}

/**
 * Signs out on the server. A 401 means the session had already ended, which is what
 * was asked; any other failure rejects, and the caller keeps the session (spec: if the
 * logout call fails the resets are skipped). The caller then ends the local session.
 */
export function useLogout() {
  return useAction(async () => {
    try {
      await logout();
    } catch (error) {
      if (!(isApiError(error) && error.status === 401)) throw error;
    }
  });
}
