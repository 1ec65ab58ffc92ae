import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoading } from '../../../components/page-loading.tsx';
import { loadProductDetailsPage, type DetailsRouteKind } from '../../../features/product-details/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';

// The page's code is a chunk of its own, asked for by this small route module (the home page's bundle budget).
const DetailsPage = lazy(() => loadProductDetailsPage().then((module) => ({ default: module.ProductDetailsPage })));

/** One kind's details route (voip-details-id, {product}-phone-details-id, ...): the product of the id in the address. */
function detailsRoute(route: DetailsRouteKind) {
  return function ProductDetailsRoute() {
    const { id } = useParams();
    return (
      <Suspense fallback={<PageLoading />}>
        <DetailsPage productId={parseProductId(id)} route={route} />
      </Suspense>
    );
  };
}

export const ProductPhoneDetailsPage = detailsRoute('product-phone');
export const VoipDetailsPage = detailsRoute('voip');
export const BroadbandDetailsPage = detailsRoute('broadband');
export const FibreDetailsPage = detailsRoute('fibre');
export const PhonelineDetailsPage = detailsRoute('phoneline');
export const WebsiteDetailsPage = detailsRoute('website');
