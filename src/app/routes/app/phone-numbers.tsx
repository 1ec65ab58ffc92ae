import { useParams } from 'react-router-dom';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { parseProductId } from '../../../lib/product-id.ts';
import { NumbersPage } from '../../../features/numbers/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** Phone numbers (route phone-numbers-id): the site's numbers, assign, buy and transfer. */
export function PhoneNumbersRoute() {
  usePageTitle('Phone numbers');
  const productId = parseProductId(useParams().id);
  if (productId === null) return <NotFoundContent loggedIn />;
  return <NumbersPage key={productId} productId={productId} />;
}

export { PhoneNumbersRoute as Component };
