import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  productDetailsEndpoints as endpoints,
  type ProductDetails,
  type RenewalContractLength,
} from '@portal/contract';

import { apiBlob, apiCall } from '../../../lib/http.ts';

/** Every query of one product's details page sits under this key. */
export const productDetailsKey = (productId: number) => ['product-details', productId] as const;

/** GET /api/v3/products/{id}/: the product's tariff, children, contracts (and a cloud phone's site summary). */
export const productDetailsQuery = (productId: number) =>
  queryOptions({
    queryKey: productDetailsKey(productId),
    queryFn: ({ signal }) => apiCall(endpoints.getProductDetails, { params: { id: productId }, signal }),
  });

/** GET /api/v3/products/{id}/renewal/: the current tariff beside the renewal tariff. */
export const renewalQuery = (productId: number) =>
  queryOptions({
    queryKey: [...productDetailsKey(productId), 'renewal'] as const,
    queryFn: ({ signal }) => apiCall(endpoints.getRenewal, { params: { id: productId }, signal }),
  });

export const useProductDetails = (productId: number) => useQuery(productDetailsQuery(productId));
export const useRenewal = (productId: number) => useQuery(renewalQuery(productId));

/**
 * POST /api/v3/products/{id}/renewal/ with contract_length_months: the answer is the product with
 * its new contract, shown at once; the renewal comparison is asked for again.
 */
export function useRenew(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (months: RenewalContractLength) =>
      apiCall(endpoints.postRenewal, { params: { id: productId }, body: { contract_length_months: months } }),
    onSuccess: async (details: ProductDetails) => {
      queryClient.setQueryData(productDetailsQuery(productId).queryKey, details);
      await queryClient.invalidateQueries({ queryKey: renewalQuery(productId).queryKey });
    },
  });
}

/** The contract document of the product's download token, as a file to save. */
export const downloadContractDocument = (productId: number, token: string) =>
  apiBlob(endpoints.downloadContractDocument, { params: { id: productId, token } });
