// The order tracker as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.

/** The order tracker page (/my-orders), loaded on demand: its code stays out of the route table. */
export const loadOrdersPage = () => import('./components/orders-page.tsx');
