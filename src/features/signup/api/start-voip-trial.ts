import { useMutation, useQueryClient } from '@tanstack/react-query';

import { trialStatusQueryOptions } from '../../trial/index.ts';
import { startVoipTrial } from './signup-api.ts';

/**
 * POST /api/v3/accounts/{accountId}/start-voip-trial/: an opt-in trial for an existing customer
 * without a cloud phone. The answer shows at once; the navigation and the trial status are then
 * fetched again, so the product list and the trial banner show the new phone.
 */
export function useStartVoipTrial(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startVoipTrial(accountId),
    onSuccess: () => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: ['navigation'] }),
        queryClient.invalidateQueries({ queryKey: trialStatusQueryOptions().queryKey }),
      ]);
    },
  });
}
