import { queryOptions, useQuery } from '@tanstack/react-query';

import { callFlowEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** GET /api/v2/voip/{id}/call-flows/{flow}/: one custom call flow with its tree and version. */
export function getCallFlow(productId: number, flowId: string, signal?: AbortSignal) {
  return apiCall(callFlowEndpoints.getCallFlow, { params: { id: productId, flow: flowId }, signal });
}

export function callFlowQueryOptions(productId: number, flowId: string) {
  return queryOptions({
    queryKey: callFlowKeys.flow(productId, flowId),
    queryFn: ({ signal }) => getCallFlow(productId, flowId, signal),
    // The editor starts from this copy: one fetched a moment ago by the loader is used as
    // it is, an older one is fetched again so edits start from the latest version.
    staleTime: 5_000,
  });
}

export function useCallFlow(productId: number, flowId: string | null) {
  return useQuery({ ...callFlowQueryOptions(productId, flowId ?? ''), enabled: flowId !== null });
}
