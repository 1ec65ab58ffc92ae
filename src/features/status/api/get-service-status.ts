import { queryOptions, useQuery } from '@tanstack/react-query';

import { statusEndpoints, type ServiceStatus } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** GET /api/v3/voip/service-status/: whether each cloud phone's service is active or blocked. */
export function getServiceStatus(signal?: AbortSignal) {
  return apiCall(statusEndpoints.getServiceStatus, { signal });
}

/** The query key of the service status; the layout resets it when it is left, with the credit status it follows. */
export const SERVICE_STATUS_KEY = ['status', 'service'] as const;

export function serviceStatusQueryOptions() {
  return queryOptions({
    queryKey: SERVICE_STATUS_KEY,
    queryFn: ({ signal }) => getServiceStatus(signal),
  });
}

export function useServiceStatus() {
  return useQuery(serviceStatusQueryOptions());
}

/** Whether the product's service is blocked, by the service status. */
export function isBlocked(service: ServiceStatus | undefined, productId: number | undefined): boolean {
  return (
    service?.results.some((entry) => entry.product_id === productId && entry.service_status === 'blocked') ?? false
  );
}
