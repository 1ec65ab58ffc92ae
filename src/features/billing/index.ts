// Billing as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.

/** The billing page (/billing?id={account_id}), loaded on demand: its code stays out of the route table. */
export const loadBillingPage = () => import('./components/billing-page.tsx');

/** The direct-debit mandate pages (/mandate-entry/{token} and its /success), loaded on demand. */
export const loadMandatePages = () => import('./components/mandate-pages.tsx');
