import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callFlowEndpoints, type PatchCallFlow } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { storeSavedCallFlow } from './create-call-flow.ts';
import { callFlowKeys } from './keys.ts';

/**
 * PATCH /api/v2/voip/{id}/call-flows/{flow}/: the whole flow, or any of data, name and
 * enable. With `version` the server answers 412 when someone saved a newer version.
 */
export function patchCallFlow(productId: number, flowId: string, body: PatchCallFlow) {
  return apiCall(callFlowEndpoints.patchCallFlow, { params: { id: productId, flow: flowId }, body });
}

/**
 * A change from the flows list (rename, enable, disable). Enabling one flow disables the
 * others and the simple call flow, so the whole area is fetched again.
 */
export function usePatchCallFlow(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flowId, body }: { flowId: string; body: PatchCallFlow }) => patchCallFlow(productId, flowId, body),
    onSuccess: (flow) => {
      storeSavedCallFlow(queryClient, productId, flow);
      void queryClient.invalidateQueries({ queryKey: callFlowKeys.simple(productId) });
    },
  });
}
