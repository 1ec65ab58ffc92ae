// The product details pages as the app and the other features see them: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
/** The product details page (every kind's details route), loaded on demand: its code stays out of the route table. */
export const loadProductDetailsPage = () => import('./components/product-details-page.tsx');
