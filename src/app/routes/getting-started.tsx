import { useParams, useSearchParams } from 'react-router-dom';

import { NotFoundContent } from '../../components/not-found-content.tsx';
import { GettingStartedPage } from '../../features/getting-started/index.ts';
import { parseProductId } from '../../lib/product-id.ts';

/** The getting-started pages (spec 000 section 2: getting-started has the one page "welcome"). */
export function GettingStartedRoute() {
  const { page } = useParams();
  const [search] = useSearchParams();
  if (page !== 'welcome') return <NotFoundContent loggedIn />;
  return <GettingStartedPage productId={parseProductId(search.get('id') ?? undefined)} />;
}

export { GettingStartedRoute as Component };
