import { useQuery } from '@tanstack/react-query';

import { phoneSetupEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** GET /api/v1/voip/{id}/holiday-schedule/: the days the test call treats as closed (business_hours takes out_of_hours). */
export function useHolidaySchedule(productId: number) {
  return useQuery({
    queryKey: callFlowKeys.holidays(productId),
    queryFn: async ({ signal }) =>
      (await apiCall(phoneSetupEndpoints.listHolidays, { params: { id: productId }, signal })).results,
  });
}
