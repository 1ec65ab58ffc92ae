import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';

import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { loadCallReportsPage } from '../../../features/call-reports/index.ts';
import { hasProductPages, useNavigationProducts } from '../../../features/navigation/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

// The page's code is a chunk of its own, asked for by this small route module (the home page's bundle budget).
const CallReportsPage = lazy(() => loadCallReportsPage().then((module) => ({ default: module.CallReportsPage })));

/**
 * Call reports (route call-reports-id, ?tab=call-trends). The route rule (spec 000 section 3) is its side
 * navigation link's: voip2 with show_product_pages; any other product is "Page not found". It is checked here
 * rather than in a route loader, so the entry chunk carries no more than the route's path (the home page's budget).
 */
export function CallReportsRoute() {
  usePageTitle('Call reports');
  const productId = parseProductId(useParams().id);
  const navigation = useNavigationProducts();
  if (productId === null) return <NotFoundContent loggedIn />;
  if (navigation.isPending) return <PageLoading />;
  // A failed navigation leaves the page to show its own error.
  if (navigation.data && !hasProductPages(navigation.data.products.find((product) => product.product_id === productId)))
    return <NotFoundContent loggedIn />;
  return (
    <Suspense fallback={<PageLoading />}>
      <CallReportsPage key={productId} productId={productId} />
    </Suspense>
  );
}

export { CallReportsRoute as Component };
