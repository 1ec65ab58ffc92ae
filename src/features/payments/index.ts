// Card payments as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.

/** The make-a-payment pages (/make-a-payment, /make-a-payment/process, /checkout-redirect), loaded on demand. */
export const loadPaymentPages = () => import('./components/payment-pages.tsx');
/** The recurring card payment pages (/recurring-card-payment/{token}, /invalid-link, /setup-complete), loaded on demand. */
export const loadRecurringCardPages = () => import('./components/recurring-card-pages.tsx');
