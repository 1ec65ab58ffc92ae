import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callFlowEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** PATCH /api/v1/voip/{id}/add-ons/advanced-call-flow/ with enabled true: adds the add-on. */
export function enableAdvancedCallFlowAddOn(productId: number) {
  return apiCall(callFlowEndpoints.patchAdvancedCallFlowAddOn, { params: { id: productId }, body: { enabled: true } });
}

/** Adds the add-on; on success the add-on (and its node limits) is fetched again (spec 001 section 4). */
export function useEnableAdvancedCallFlowAddOn(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => enableAdvancedCallFlowAddOn(productId),
    onSuccess: (addOn) => {
      queryClient.setQueryData(callFlowKeys.addOn(productId), addOn);
      return queryClient.invalidateQueries({ queryKey: callFlowKeys.addOn(productId) });
    },
  });
}
