import { infiniteQueryOptions, queryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';

import { CALL_FLOW_VERSIONS_PAGE_SIZE, callFlowEndpoints, type RestoreCallFlowVersion } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** GET .../call-flows/{flow}/versions/: a page of the flow's versions, newest first. */
export function listCallFlowVersions(productId: number, flowId: string, page: number, signal?: AbortSignal) {
  return apiCall(callFlowEndpoints.listCallFlowVersions, {
    params: { id: productId, flow: flowId },
    query: { page: String(page) },
    signal,
  });
}

export function callFlowVersionsQueryOptions(productId: number, flowId: string) {
  return infiniteQueryOptions({
    queryKey: callFlowKeys.versions(productId, flowId),
    queryFn: ({ pageParam, signal }) => listCallFlowVersions(productId, flowId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * (last.page_size || CALL_FLOW_VERSIONS_PAGE_SIZE) < last.count ? last.page + 1 : undefined,
  });
}

export function useCallFlowVersions(productId: number, flowId: string) {
  return useInfiniteQuery(callFlowVersionsQueryOptions(productId, flowId));
}

/** GET .../versions/{number}/: one version with its tree (a saved version never changes, so it is kept). */
export function callFlowVersionQueryOptions(productId: number, flowId: string, number: number) {
  return queryOptions({
    queryKey: callFlowKeys.version(productId, flowId, number),
    queryFn: ({ signal }) =>
      apiCall(callFlowEndpoints.getCallFlowVersion, { params: { id: productId, flow: flowId, number }, signal }),
    staleTime: Infinity,
  });
}

export function fetchCallFlowVersion(queryClient: QueryClient, productId: number, flowId: string, number: number) {
  return queryClient.fetchQuery(callFlowVersionQueryOptions(productId, flowId, number));
}

/** POST .../versions/{number}/restore/: the version's tree becomes the flow's, as a new version. */
export function restoreCallFlowVersion(
  productId: number,
  flowId: string,
  number: number,
  body: RestoreCallFlowVersion,
) {
  return apiCall(callFlowEndpoints.restoreCallFlowVersion, { params: { id: productId, flow: flowId, number }, body });
}
