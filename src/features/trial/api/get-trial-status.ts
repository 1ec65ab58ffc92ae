import { trialEndpoints, type TrialStatus } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/http.ts';

/** GET /api/v1/trial/status/: the signed-in customer's trial status. */
export function getTrialStatus(signal?: AbortSignal) {
  return apiCall(trialEndpoints.getTrialStatus, { signal });
}

export function trialStatusQueryOptions() {
  return queryOptions({
    queryKey: ['trial', 'status'],
    queryFn: ({ signal }) => getTrialStatus(signal),
  });
}

export function useTrialStatus() {
  return useQuery(trialStatusQueryOptions());
}

/** Whether the customer is in a trial of this product (a trial without a product counts for every product). */
export function isInTrialFor(status: TrialStatus | undefined, productId: number): boolean {
  if (!status?.isInTrial) return false;
  return status.productId === null || status.productId === productId;
}
