import { useParams } from 'react-router-dom';

import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { UpgradePage as Upgrade } from '../../../features/upgrade/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** Upgrade (route upgrade-id, spec 001 section 2): the product's upgrade, from the address to a working portal. */
export function UpgradePage() {
  usePageTitle('Upgrade');
  const productId = parseProductId(useParams().id);
  if (productId === null) return <NotFoundContent loggedIn />;
  return <Upgrade productId={productId} />;
}

export { UpgradePage as Component };
