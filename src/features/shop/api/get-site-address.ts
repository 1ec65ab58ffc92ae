import { useQuery } from '@tanstack/react-query';

import { callFlowEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** GET /api/v1/voip/{id}/: the cloud phone's installation address, the delivery address by default. */
export const useInstallationAddress = (productId: number) =>
  useQuery({
    queryKey: ['shop', 'installation-address', productId],
    queryFn: async ({ signal }) =>
      (await apiCall(callFlowEndpoints.getSite, { params: { id: productId }, signal })).installation_address,
  });
