import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';

import type { ProductKind } from '@portal/contract';

import { PageLoading } from '../../../components/page-loading.tsx';
import { loadProductDetailsPage } from '../../../features/product-details/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';

// The page's code is a chunk of its own, asked for by this small route module (the home page's bundle budget).
const DetailsPage = lazy(() => loadProductDetailsPage().then((module) => ({ default: module.ProductDetailsPage })));

/** The details route of one product kind (voip-details-id, {product}-phone-details-id, ...): the product of the id in the address. */
export function detailsRoute(kind: ProductKind) {
  return function ProductDetailsRoute() {
    const { id } = useParams();
    return (
      <Suspense fallback={<PageLoading />}>
        <DetailsPage productId={parseProductId(id)} kind={kind} />
      </Suspense>
    );
  };
}
