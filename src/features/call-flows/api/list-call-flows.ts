import { queryOptions, useQuery } from '@tanstack/react-query';

import { callFlowEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** GET /api/v2/voip/{id}/call-flows/: the product's custom call flows (no trees). */
export function listCallFlows(productId: number, signal?: AbortSignal) {
  return apiCall(callFlowEndpoints.listCallFlows, { params: { id: productId }, signal }).then(
    (answer) => answer.results,
  );
}

export function callFlowListQueryOptions(productId: number) {
  return queryOptions({
    queryKey: callFlowKeys.list(productId),
    queryFn: ({ signal }) => listCallFlows(productId, signal),
  });
}

export function useCallFlowList(productId: number) {
  return useQuery(callFlowListQueryOptions(productId));
}
