import { useMutation, useQueryClient } from '@tanstack/react-query';

import { assignNumber, type SeatNumbers } from '../logic/assign-number.ts';
import { numberKeys, patchSeatNumbers } from './numbers-api.ts';

/**
 * Moves a number from one seat to another, or to no one (spec 001 section 4, assignNumber), then
 * fetches the site's numbers again.
 */
export function useAssignSeatNumber(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, from, to }: { number: string; from: SeatNumbers | null; to: SeatNumbers | null }) =>
      assignNumber(number, from, to, patchSeatNumbers),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: numberKeys.siteNumbers(productId) }),
  });
}
