import { lazy, Suspense } from 'react';

import { PageLoading } from '../../../components/page-loading.tsx';
import { loadShopPage, loadShopPaymentPage } from '../../../features/shop/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

// The pages' code are chunks of their own, asked for by this small route module (the home page's bundle budget).
const Shop = lazy(() => loadShopPage().then((module) => ({ default: module.ShopPage })));
const Payment = lazy(() => loadShopPaymentPage().then((module) => ({ default: module.PaymentPage })));

/** The shop (route shop, ?tab=all-items): hardware by category, the basket and the checkout. */
export function ShopPage() {
  usePageTitle('Shop');
  return (
    <Suspense fallback={<PageLoading />}>
      <Shop />
    </Suspense>
  );
}

/** The shop's payment step (route shop/payment). */
export function ShopPaymentPage() {
  usePageTitle('Payment');
  return (
    <Suspense fallback={<PageLoading />}>
      <Payment />
    </Suspense>
  );
}

export { ShopPage as Component };
