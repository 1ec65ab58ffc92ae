// The buy-now feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { buyNowSummaryQueryOptions } from './api/get-buy-now-summary.ts';
export { endBuyNowWelcome } from './api/post-welcome.ts';
export { BuyNowComplete } from './components/buy-now-complete.tsx';
