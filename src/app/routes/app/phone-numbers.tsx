import { lazy, Suspense } from 'react';

import { PageLoading } from '../../../components/page-loading.tsx';
import { loadNumbersPage } from '../../../features/numbers/index.ts';

const NumbersRoute = lazy(loadNumbersPage);

/**
 * Phone numbers (route phone-numbers-id): the site's numbers, assign, buy and transfer. The page
 * (its id, title and "Page not found" for a bad id too) is the feature's own chunk.
 */
export function PhoneNumbersRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <NumbersRoute />
    </Suspense>
  );
}

export { PhoneNumbersRoute as Component };
