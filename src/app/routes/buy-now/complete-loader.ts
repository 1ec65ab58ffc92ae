import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunction } from 'react-router-dom';

import { buyNowSummaryQueryOptions, endBuyNowWelcome } from '../../../features/buy-now/index.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { parseProductId } from '../../../lib/product-id.ts';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/**
 * /buynow/complete/{id}: loads what was bought (a product not bought online is "Page not
 * found"), then, for a phone just provisioned, makes the welcome call before the page shows.
 * Reaching the page is what the start-up rule wants, so the call is made on arrival rather than
 * on leaving: every way out (the page's links, the frame's, the browser's back button, closing
 * the tab) then leaves for good, and none has to wait for the call. Made before the page shows,
 * no link on it can race the call. When the summary cannot load, nothing has been seen and the
 * welcome stays due; when the call fails, the page shows anyway and the next start-up brings
 * the customer back here.
 */
export function buyNowCompleteLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params }) => {
    const productId = parseProductId(params.id);
    if (productId === null) throw notFound();
    const summary = await queryClient.ensureQueryData(buyNowSummaryQueryOptions(productId)).catch((error: unknown) => {
      if (isApiError(error) && error.status === 404) throw notFound();
      return null;
    });
    if (summary?.is_show_welcome) await endBuyNowWelcome(queryClient, productId).catch(() => undefined);
    return null;
  };
}
