/** The product switcher's chunk: the side navigation loads it on demand. */
export const loadProductSwitcher = () => import('./components/product-switcher.tsx');
