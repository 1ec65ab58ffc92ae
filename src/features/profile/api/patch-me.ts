import { useMutation, useQueryClient } from '@tanstack/react-query';

import { profileEndpoints, type PatchMeRequest } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { meQueryOptions, setAuthUser } from '../../auth/index.ts';

/** PATCH /api/v3/me/: the name, phone or e-mail address; answers the updated user. */
export function patchMe(body: PatchMeRequest) {
  return apiCall(profileEndpoints.patchMe, { body });
}

/**
 * Saves profile fields. The answer replaces the cached user (the `me` query and the auth
 * store), so the top bar's initials and the home greeting change at once, without a refetch.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchMe,
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryOptions().queryKey, me);
      setAuthUser(me);
    },
  });
}
