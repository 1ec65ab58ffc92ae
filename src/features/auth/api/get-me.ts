import { queryOptions, useQuery } from '@tanstack/react-query';

import { authEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** GET /api/v3/me/: the current user. */
export function getMe(signal?: AbortSignal) {
  return apiCall(authEndpoints.me, { signal });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getMe(signal),
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
