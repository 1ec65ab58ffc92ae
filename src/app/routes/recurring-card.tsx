import { lazy, Suspense } from 'react';

import { PageLoading } from '../../components/page-loading.tsx';
import { loadRecurringCardPages } from '../../features/payments/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

// The pages' code is a chunk of its own, asked for by this small route module.
const RecurringCardPayment = lazy(() =>
  loadRecurringCardPages().then((module) => ({ default: module.RecurringCardPaymentPage })),
);
const InvalidLink = lazy(() => loadRecurringCardPages().then((module) => ({ default: module.InvalidLinkPage })));
const SetupComplete = lazy(() => loadRecurringCardPages().then((module) => ({ default: module.SetupCompletePage })));

/** /recurring-card-payment/{token}: save a card for the account's bills, from an e-mailed link. */
export function RecurringCardPaymentRoute() {
  usePageTitle('Set up card payments');
  return (
    <Suspense fallback={<PageLoading />}>
      <RecurringCardPayment />
    </Suspense>
  );
}

/** /recurring-card-payment/invalid-link. */
export function RecurringCardInvalidLinkRoute() {
  usePageTitle('This link cannot be used');
  return (
    <Suspense fallback={<PageLoading />}>
      <InvalidLink />
    </Suspense>
  );
}

/** /recurring-card-payment/setup-complete. */
export function RecurringCardSetupCompleteRoute() {
  usePageTitle('Card payments set up');
  return (
    <Suspense fallback={<PageLoading />}>
      <SetupComplete />
    </Suspense>
  );
}
