import { queryOptions, useQuery } from '@tanstack/react-query';

import { navigationEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** GET /api/v3/navigation/: the account and its products, live first. */
export function getNavigation(signal?: AbortSignal) {
  return apiCall(navigationEndpoints.navigation, { signal });
}

export function navigationQueryOptions() {
  return queryOptions({
    queryKey: ['navigation'],
    queryFn: ({ signal }) => getNavigation(signal),
  });
}

export function useNavigationProducts() {
  return useQuery(navigationQueryOptions());
}
