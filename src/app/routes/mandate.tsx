import { lazy, Suspense } from 'react';

import { PageLoading } from '../../components/page-loading.tsx';
import { loadMandatePages } from '../../features/billing/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

// The pages' code is a chunk of its own, asked for by this small route module.
const MandateEntry = lazy(() => loadMandatePages().then((module) => ({ default: module.MandateEntryPage })));
const MandateSuccess = lazy(() => loadMandatePages().then((module) => ({ default: module.MandateSuccessPage })));

/** /mandate-entry/{token}: the four bank fields, from an e-mailed link. */
export function MandateEntryRoute() {
  usePageTitle('Set up a Direct Debit');
  return (
    <Suspense fallback={<PageLoading />}>
      <MandateEntry />
    </Suspense>
  );
}

/** /mandate-entry/{token}/success. */
export function MandateSuccessRoute() {
  usePageTitle('Direct Debit set up');
  return (
    <Suspense fallback={<PageLoading />}>
      <MandateSuccess />
    </Suspense>
  );
}
