import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { TransferRequest } from '@portal/contract';

import { NOTIFICATION_CENTRE_KEY, transferNumbers } from './numbers-api.ts';

/**
 * POST /api/v3/voip/{product_id}/numbers/transfer/ (spec 001 section 7): the transfer is an order, so the
 * notification centre's lists are fetched again before the answer shows.
 */
export function useTransferNumbers(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferRequest) => transferNumbers(productId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_CENTRE_KEY }),
  });
}
