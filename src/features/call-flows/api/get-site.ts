import { queryOptions, useQuery } from '@tanstack/react-query';

import { callFlowEndpoints, type Site } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** GET /api/v1/voip/{id}/: site data (pilot number, add-ons, users keyed by id). */
export function getSite(productId: number, signal?: AbortSignal) {
  return apiCall(callFlowEndpoints.getSite, { params: { id: productId }, signal });
}

export function siteQueryOptions(productId: number) {
  return queryOptions({
    queryKey: callFlowKeys.site(productId),
    queryFn: ({ signal }) => getSite(productId, signal),
  });
}

export function useSite(productId: number) {
  return useQuery(siteQueryOptions(productId));
}

/** The site's users in the server's order (the first is the main user). */
export function siteUsers(site: Site) {
  return Object.values(site.users);
}
