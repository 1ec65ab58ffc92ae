/** The notification bell's chunk (default export): the top bar loads it beside the page. */
export const loadNotificationBell = () => import('./components/notification-bell.tsx');
