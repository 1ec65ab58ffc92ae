import type { QueryClient } from '@tanstack/react-query';

import { callFlowEndpoints, type CreateCallFlow, type StoredCallFlow } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** POST /api/v2/voip/{id}/call-flows/: creates a custom call flow from a whole flow. */
export function createCallFlow(productId: number, body: CreateCallFlow) {
  return apiCall(callFlowEndpoints.createCallFlow, { params: { id: productId }, body });
}

/** After a flow was created or changed: its own query holds the answer, the list is fetched again. */
export function storeSavedCallFlow(queryClient: QueryClient, productId: number, flow: StoredCallFlow): void {
  queryClient.setQueryData(callFlowKeys.flow(productId, flow.id), flow);
  void queryClient.invalidateQueries({ queryKey: callFlowKeys.list(productId) });
}
