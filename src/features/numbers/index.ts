// The phone numbers feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.

/**
 * The phone numbers page's chunk (route phone-numbers-id), loaded by its route once the route's
 * own tiny chunk runs: the route table, which every page loads, then names one chunk instead of
 * the page's dozen (the home page's budget).
 */
export const loadNumbersPage = () => import('./components/numbers-route.tsx').then((module) => ({ default: module.NumbersRoute }));

/**
 * The /number-select page (a number selection token's choice, its route's own chunk), and the same choice inside
 * the buy-now journey once its phone is made.
 */
export { NumberSelectPage, NumberSelectionStep } from './components/number-select-page.tsx';
