// The phone numbers feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.

/**
 * The phone numbers page's chunk (route phone-numbers-id), loaded by its route once the route's
 * own tiny chunk runs: the route table, which every page loads, then names one chunk instead of
 * the page's dozen (the home page's budget).
 */
export const loadNumbersPage = () =>
  import('./components/numbers-route.tsx').then((module) => ({ default: module.NumbersRoute }));

/**
 * The /number-select page (a number selection token's choice) and the same choice inside the buy-now journey
 * once its phone is made: a chunk of their own, loaded on demand (imported statically, the inventory's
 * constants would land in whatever chunk imports this index).
 */
export const loadNumberSelection = () => import('./components/number-select-page.tsx');
