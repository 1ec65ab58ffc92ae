import { queryOptions, useQuery } from '@tanstack/react-query';

import { buyNowEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** GET /api/v1/voip/{product_id}/buy-now/summary/: what was bought online (404 for a product not bought so). */
export function getBuyNowSummary(productId: number, signal?: AbortSignal) {
  return apiCall(buyNowEndpoints.getBuyNowSummary, { params: { product_id: productId }, signal });
}

export function buyNowSummaryQueryOptions(productId: number) {
  return queryOptions({
    queryKey: ['buy-now', productId, 'summary'],
    queryFn: ({ signal }) => getBuyNowSummary(productId, signal),
  });
}

export function useBuyNowSummary(productId: number) {
  return useQuery(buyNowSummaryQueryOptions(productId));
}
