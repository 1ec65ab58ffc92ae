import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callFlowEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** DELETE /api/v2/voip/{id}/call-flows/{flow}/. */
export function deleteCallFlow(productId: number, flowId: string) {
  return apiCall(callFlowEndpoints.deleteCallFlow, { params: { id: productId, flow: flowId } });
}

export function useDeleteCallFlow(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flowId: string) => deleteCallFlow(productId, flowId),
    onSuccess: (_answer, flowId) => {
      queryClient.removeQueries({ queryKey: callFlowKeys.flow(productId, flowId) });
      return queryClient.invalidateQueries({ queryKey: callFlowKeys.list(productId) });
    },
  });
}
