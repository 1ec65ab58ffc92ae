// The shop as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.

/** The shop page (/shop?tab=all-items), loaded on demand: its code stays out of the route table. */
export const loadShopPage = () => import('./components/shop-page.tsx');
/** The payment step (/shop/payment), loaded on demand. */
export const loadShopPaymentPage = () => import('./components/payment-page.tsx');
