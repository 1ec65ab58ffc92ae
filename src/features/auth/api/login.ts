import { useQueryClient, type QueryClient } from '@tanstack/react-query';

import { authEndpoints, type LoginRequest, type Me } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { clearToken, setToken } from '../../../lib/token-storage.ts';
import { useAction } from '../../../lib/use-action.ts';
import { setAuthUser } from '../auth-store.ts';
import { meQueryOptions } from './get-me.ts';

/** POST /auth/login/: answers the token key. */
export function login(body: LoginRequest) {
  return apiCall(authEndpoints.login, { body });
}

/**
 * Signs in: stores the token, then fetches the user (spec: "login then fetches the
 * user"). If the user cannot be fetched the session is not kept.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useAction(async (body: LoginRequest) => startSession(queryClient, (await login(body)).key));
}

/**
 * Starts the session of a token key the server answered (password or magic-link sign-in):
 * stores it and fetches its user. If the user cannot be fetched the session is not kept.
 */
export async function startSession(queryClient: QueryClient, key: string): Promise<Me> {
  queryClient.clear(); // nothing of an earlier session may show in this one
  setToken(key);
  try {
    const user = await queryClient.fetchQuery(meQueryOptions());
    setAuthUser(user);
    return user;
  } catch (error) {
    clearToken();
    throw error;
  }
}
