import { useParams } from 'react-router-dom';

import { BuyNowComplete } from '../../../features/buy-now/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';

/** Buy-now complete (route buynow-complete-id), in the buy-now frame; the loader has checked the id. */
export function BuyNowCompletePage() {
  const productId = parseProductId(useParams().id);
  return productId === null ? null : <BuyNowComplete productId={productId} />;
}

export { BuyNowCompletePage as Component };
