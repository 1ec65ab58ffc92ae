import { useParams } from 'react-router-dom';

import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { parseProductId } from '../../../lib/product-id.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { NumbersPage } from './numbers-page.tsx';

/** The page of route phone-numbers-id: its product from the address, else "Page not found". */
export function NumbersRoute() {
  usePageTitle('Phone numbers');
  const productId = parseProductId(useParams().id);
  if (productId === null) return <NotFoundContent loggedIn />;
  return <NumbersPage key={productId} productId={productId} />;
}
