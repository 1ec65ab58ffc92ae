import type { QueryClient } from '@tanstack/react-query';

import { socialEndpoints, type SocialLoginRequest, type SocialProvider } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { getToken } from '../../../lib/token-storage.ts';
import { logout, once, startSession } from '../../auth/index.ts';

/** POST /auth/{provider}/: the provider's code and the state, for a token key. */
export function socialLogin(provider: SocialProvider, body: SocialLoginRequest) {
  return apiCall(socialEndpoints.socialLogin, { params: { provider }, body });
}

/**
 * Ends a social sign-in as the login form ends a password one: the token is stored and the
 * user fetched. Runs once per state: React StrictMode runs the callback page's effect twice,
 * and the state works only once. A session already open in this browser is replaced, and
 * revoked first (best effort), as the provider's account may be another person's.
 */
export function completeSocialSignIn(queryClient: QueryClient, provider: SocialProvider, body: SocialLoginRequest) {
  return once(`social-sign-in:${body.state}`, async () => {
    const { key } = await socialLogin(provider, body);
    if (getToken() !== null) await logout().catch(() => undefined);
    return startSession(queryClient, key);
  });
}
