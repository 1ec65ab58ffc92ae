import { queryOptions, useQuery } from '@tanstack/react-query';

import { callFlowEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** GET /api/v1/voip/sites/{id}/numbers/: the site's numbers and their extensions. */
export function getSiteNumbers(productId: number, signal?: AbortSignal) {
  return apiCall(callFlowEndpoints.getSiteNumbers, { params: { id: productId }, signal }).then(
    (answer) => answer.results,
  );
}

export function siteNumbersQueryOptions(productId: number) {
  return queryOptions({
    queryKey: callFlowKeys.siteNumbers(productId),
    queryFn: ({ signal }) => getSiteNumbers(productId, signal),
  });
}

export function useSiteNumbers(productId: number) {
  return useQuery(siteNumbersQueryOptions(productId));
}
