import type { QueryClient } from '@tanstack/react-query';

import { BUY_NOW_PROVISIONED, welcomeEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { navigationQueryOptions } from '../../navigation/index.ts';
import { buyNowSummaryQueryOptions } from './get-buy-now-summary.ts';

/** POST /api/v1/voip/{product_id}/welcome/ with is_show_welcome false: the product's welcome has been seen. */
export function postWelcome(productId: number) {
  return apiCall(welcomeEndpoints.postWelcome, { params: { product_id: productId }, body: { is_show_welcome: false } });
}

/**
 * Ends a just-provisioned buy-now phone's welcome: the server makes it live, and so does the
 * cached navigation at once, so the next page's start-up no longer sends the customer back to
 * the complete page without waiting for the navigation to load again; then the navigation is
 * fetched afresh. (The getting-started list does not change: a product whose getting started
 * is due goes there first, and never reaches this page by the start-up.)
 */
export async function endBuyNowWelcome(queryClient: QueryClient, productId: number): Promise<void> {
  await postWelcome(productId);
  const navigation = navigationQueryOptions().queryKey;
  queryClient.setQueryData(
    navigation,
    (data) =>
      data && {
        ...data,
        products: data.products.map((product) =>
          product.product_id === productId && product.status === BUY_NOW_PROVISIONED
            ? { ...product, status: 'live' }
            : product,
        ),
      },
  );
  queryClient.setQueryData(
    buyNowSummaryQueryOptions(productId).queryKey,
    (summary) => summary && { ...summary, status: 'live', is_show_welcome: false },
  );
  void queryClient.invalidateQueries({ queryKey: navigation });
}
