import { queryOptions, useQuery } from '@tanstack/react-query';

import { callFlowEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** GET /api/v1/voip/{id}/add-ons/advanced-call-flow/: whether the add-on is on, its price and the node limits. */
export function getAdvancedCallFlowAddOn(productId: number, signal?: AbortSignal) {
  return apiCall(callFlowEndpoints.getAdvancedCallFlowAddOn, { params: { id: productId }, signal });
}

export function advancedCallFlowAddOnQueryOptions(productId: number) {
  return queryOptions({
    queryKey: callFlowKeys.addOn(productId),
    queryFn: ({ signal }) => getAdvancedCallFlowAddOn(productId, signal),
  });
}

export function useAdvancedCallFlowAddOn(productId: number) {
  return useQuery(advancedCallFlowAddOnQueryOptions(productId));
}
