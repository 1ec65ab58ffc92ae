import type { QueryClient } from '@tanstack/react-query';

import { accountEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { getToken } from '../../../lib/token-storage.ts';
import { once } from '../link-key.ts';
import { startSession } from './login.ts';
import { logout } from './logout.ts';

/** POST /auth/magic-link/login/: a magic link's key for a token key. */
export function magicLinkLogin(key: string) {
  return apiCall(accountEndpoints.magicLinkLogin, { body: { key } });
}

/**
 * Signs in with a magic link's key, as the login form does: the token is stored and the user
 * fetched. Runs once per key (see `once`). A session already open in this browser is replaced,
 * and revoked first (best effort: at worst it dies of idleness), as the link may be another
 * account's.
 */
export function signInWithMagicLink(queryClient: QueryClient, key: string) {
  return once(`magic-link:${key}`, async () => {
    const { key: token } = await magicLinkLogin(key);
    if (getToken() !== null) await logout().catch(() => undefined);
    return startSession(queryClient, token);
  });
}
