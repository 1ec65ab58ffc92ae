/** The notification bell's chunk (default export): the top bar loads it beside the page. */
export const loadNotificationBell = () => import('./components/notification-bell.tsx');
/** Home's recent updates' chunk (default export), loaded after home has painted. */
export const loadRecentUpdates = () => import('./components/recent-updates.tsx');

// What the order tracker (/my-orders) shares with the notification centre: opening an order marks it
// read the same way (the bell's count drops), its list's cache key, and how an order is named.
export { markOrderRead } from './api/mark-as-read.ts';
export { ordersTrackerKey } from './api/get-notification-lists.ts';
export { orderTitle, transferNumbers } from './logic/describe.ts';
export { OrderFacts, TrackingLink } from './components/order-facts.tsx';
