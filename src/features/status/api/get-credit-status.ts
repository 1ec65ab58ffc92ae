import { queryOptions, useQuery } from '@tanstack/react-query';

import { statusEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** The query key of the credit status; the layout resets it when it is left (spec 000 section 4, step 5). */
export const CREDIT_STATUS_KEY = ['status', 'credit'] as const;

/** GET /customer/status/: the customer's credit-control statuses. */
export function getCreditStatus(signal?: AbortSignal) {
  return apiCall(statusEndpoints.getCreditStatus, { signal });
}

export function creditStatusQueryOptions() {
  return queryOptions({
    queryKey: CREDIT_STATUS_KEY,
    queryFn: ({ signal }) => getCreditStatus(signal),
  });
}

export function useCreditStatus() {
  return useQuery(creditStatusQueryOptions());
}
