import { authEndpoints, type LoginRequest } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
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
  return useAction(async (body: LoginRequest) => {
    const { key } = await login(body);
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
  });
}
