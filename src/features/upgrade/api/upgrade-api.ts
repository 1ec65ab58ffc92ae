import { queryOptions, useQuery } from '@tanstack/react-query';

import { upgradeEndpoints, type UpgradeRequest } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** GET /api/v1/voip/{id}/upgrade/eligibility/: whether the phone can be upgraded, and what the steps need. */
export function getUpgradeEligibility(productId: number, signal?: AbortSignal) {
  return apiCall(upgradeEndpoints.upgradeEligibility, { params: { id: productId }, signal });
}

export function upgradeEligibilityQueryOptions(productId: number) {
  return queryOptions({
    queryKey: ['upgrade', 'eligibility', productId],
    queryFn: ({ signal }) => getUpgradeEligibility(productId, signal),
  });
}

export function useUpgradeEligibility(productId: number) {
  return useQuery(upgradeEligibilityQueryOptions(productId));
}

/** POST /api/v1/voip/{id}/upgrade/: starts the upgrade (a provisioning job); answers its status. */
export function startUpgrade(productId: number, body: UpgradeRequest) {
  return apiCall(upgradeEndpoints.startUpgrade, { params: { id: productId }, body });
}

/** GET /api/v1/signup/{id}/provisioning-status/: the product's provisioning, polled while it runs. */
export function getProvisioningStatus(productId: number, signal?: AbortSignal) {
  return apiCall(upgradeEndpoints.provisioningStatus, { params: { id: productId }, signal });
}
