import { lazy, Suspense } from 'react';

import { PageLoading } from '../../../components/page-loading.tsx';
import { loadOrdersPage } from '../../../features/orders/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

// The page's code is a chunk of its own, asked for by this small route module (the home page's bundle budget).
const OrdersPage = lazy(() => loadOrdersPage().then((module) => ({ default: module.OrdersPage })));

/** The order tracker (route my-orders): every order of the account. */
export function MyOrdersPage() {
  usePageTitle('Order tracker');
  return (
    <Suspense fallback={<PageLoading />}>
      <OrdersPage />
    </Suspense>
  );
}

export { MyOrdersPage as Component };
