import { lazy, Suspense } from 'react';

import { PageLoading } from '../../../components/page-loading.tsx';
import { loadBillingPage } from '../../../features/billing/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

// The page's code is a chunk of its own, asked for by this small route module (the home page's bundle budget).
const BillingPage = lazy(() => loadBillingPage().then((module) => ({ default: module.BillingPage })));

/** Billing (route billing, ?id={account_id}): the account, its balance, history, invoices and direct debit. */
export function BillingRoute() {
  usePageTitle('Billing');
  return (
    <Suspense fallback={<PageLoading />}>
      <BillingPage />
    </Suspense>
  );
}

export { BillingRoute as Component };
