import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { BankHolidayRegion } from '@portal/contract';

import { addBankHolidays, refetchHolidays } from './settings-api.ts';

/**
 * POST .../holidays/bank-holidays/: keeps the nation chosen and, with `add`, puts its bank holidays in the
 * schedule; the schedule is fetched again (spec 001 section 4).
 */
export function useAddBankHolidays(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ region, add }: { region: BankHolidayRegion; add: boolean }) =>
      addBankHolidays(productId, region, add),
    onSuccess: () => refetchHolidays(queryClient, productId),
  });
}
