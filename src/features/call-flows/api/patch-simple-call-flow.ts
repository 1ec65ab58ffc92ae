import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callFlowEndpoints, type SimpleCallFlowData } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

export interface SimpleCallFlowChange {
  enable?: boolean;
  data?: SimpleCallFlowData;
  /** The version the change started from; a newer one on the server answers 412. */
  version?: number;
}

/** PATCH /api/v3/voip/{id}/simple-call-flow/: data and enable. */
export function patchSimpleCallFlow(productId: number, body: SimpleCallFlowChange) {
  return apiCall(callFlowEndpoints.patchSimpleCallFlow, { params: { id: productId }, body });
}

/** Saves the simple call flow; enabling it turns the custom flows off, so their list is fetched again. */
export function usePatchSimpleCallFlow(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SimpleCallFlowChange) => patchSimpleCallFlow(productId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(callFlowKeys.simple(productId), saved);
      void queryClient.invalidateQueries({ queryKey: callFlowKeys.list(productId) });
    },
  });
}
