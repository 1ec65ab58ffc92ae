import { lazy, Suspense } from 'react';

import { PageLoading } from '../../components/page-loading.tsx';
import { loadPaymentPages } from '../../features/payments/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

// The pages' code is a chunk of its own, asked for by this small route module.
const MakeAPayment = lazy(() => loadPaymentPages().then((module) => ({ default: module.MakeAPaymentPage })));
const PaymentProcess = lazy(() => loadPaymentPages().then((module) => ({ default: module.PaymentProcessPage })));
const CheckoutRedirect = lazy(() => loadPaymentPages().then((module) => ({ default: module.CheckoutRedirectPage })));

/** /make-a-payment: the balance, an amount, then the hosted checkout. */
export function MakeAPaymentRoute() {
  usePageTitle('Make a payment');
  return (
    <Suspense fallback={<PageLoading />}>
      <MakeAPayment />
    </Suspense>
  );
}

/** /make-a-payment/process: the payment's outcome. */
export function PaymentProcessRoute() {
  usePageTitle('Your payment');
  return (
    <Suspense fallback={<PageLoading />}>
      <PaymentProcess />
    </Suspense>
  );
}

/** /checkout-redirect: back from the provider. */
export function CheckoutRedirectRoute() {
  usePageTitle('Checking your payment');
  return (
    <Suspense fallback={<PageLoading />}>
      <CheckoutRedirect />
    </Suspense>
  );
}
