import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { data, useParams, type LoaderFunction } from 'react-router-dom';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { loadCallReportsPage } from '../../../features/call-reports/index.ts';
import { hasProductPages, navigationQueryOptions } from '../../../features/navigation/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

// The page's code is a chunk of its own, asked for by this small route module (the home page's bundle budget).
const CallReportsPage = lazy(() => loadCallReportsPage().then((module) => ({ default: module.CallReportsPage })));

/**
 * The route rule (spec 000 section 3): call reports are for voip2 with show_product_pages, the same rule as
 * its link in the side navigation; any other product is "Page not found".
 */
export function callReportsLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params }) => {
    const id = parseProductId(params.id);
    const navigation = await queryClient.ensureQueryData(navigationQueryOptions()).catch(() => null);
    // A failed navigation leaves the page to show its own error.
    if (!navigation) return null;
    if (id === null || !hasProductPages(navigation.products.find((product) => product.product_id === id))) throw data(null, { status: 404, statusText: 'Not Found' });
    return null;
  };
}

/** Call reports (route call-reports-id, ?tab=call-trends). */
export function CallReportsRoute() {
  usePageTitle('Call reports');
  const productId = parseProductId(useParams().id);
  if (productId === null) return <NotFoundContent loggedIn />;
  return (
    <Suspense fallback={<PageLoading />}>
      <CallReportsPage key={productId} productId={productId} />
    </Suspense>
  );
}
