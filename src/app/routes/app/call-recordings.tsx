import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { data, useParams, type LoaderFunction } from 'react-router-dom';

import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { loadCallRecordingsPage } from '../../../features/call-recordings/index.ts';
import { navigationQueryOptions, showsCallHistory } from '../../../features/navigation/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

// The page's code is a chunk of its own, asked for by this small route module (the home page's bundle budget).
const CallRecordingsPage = lazy(() =>
  loadCallRecordingsPage().then((module) => ({ default: module.CallRecordingsPage })),
);

/**
 * The route rule (spec 000 section 3): call history is for a VOIP product with supplier 2 or 3 and
 * show_product_pages, the same rule as its link in the side navigation; any other product is "Page not found".
 */
export function callRecordingsLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params }) => {
    const id = parseProductId(params.id);
    const navigation = await queryClient.ensureQueryData(navigationQueryOptions()).catch(() => null);
    // A failed navigation leaves the page to show its own error.
    if (!navigation) return null;
    if (id === null || !showsCallHistory(navigation.products.find((product) => product.product_id === id)))
      throw data(null, { status: 404, statusText: 'Not Found' });
    return null;
  };
}

function CallRecordingsRoute({ deleted }: { deleted: boolean }) {
  usePageTitle(deleted ? 'Recently deleted recordings' : 'Call history');
  const productId = parseProductId(useParams().id);
  if (productId === null) return <NotFoundContent loggedIn />;
  return (
    <Suspense fallback={<PageLoading />}>
      <CallRecordingsPage key={`${productId}-${deleted}`} productId={productId} deleted={deleted} />
    </Suspense>
  );
}

/** Call history and recordings (route call-recordings-id). */
export const CallRecordingsListPage = () => <CallRecordingsRoute deleted={false} />;
/** Recently deleted recordings (route call-recordings-id-recently-deleted). */
export const RecentlyDeletedRecordingsPage = () => <CallRecordingsRoute deleted />;
