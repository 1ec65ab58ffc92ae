import { queryOptions, useQuery } from '@tanstack/react-query';

import { callFlowEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** GET /api/v3/voip/{id}/simple-call-flow/: enable, name, data and version. */
export function getSimpleCallFlow(productId: number, signal?: AbortSignal) {
  return apiCall(callFlowEndpoints.getSimpleCallFlow, { params: { id: productId }, signal });
}

export function simpleCallFlowQueryOptions(productId: number) {
  return queryOptions({
    queryKey: callFlowKeys.simple(productId),
    queryFn: ({ signal }) => getSimpleCallFlow(productId, signal),
  });
}

export function useSimpleCallFlow(productId: number) {
  return useQuery(simpleCallFlowQueryOptions(productId));
}
