import { useMutation, useQueryClient } from '@tanstack/react-query';

import { deleteHoliday, refetchHolidays } from './settings-api.ts';

/** DELETE .../holidays/{scheduleId}/: the holiday goes, and the schedule is fetched again (spec 001 section 4). */
export function useDeleteHoliday(productId: number, scheduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteHoliday(productId, scheduleId),
    onSuccess: () => refetchHolidays(queryClient, productId),
  });
}
