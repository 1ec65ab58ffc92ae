import { queryOptions, useQuery } from '@tanstack/react-query';

import { notificationEndpoints as endpoints, NOTIFICATION_PAGE_SIZE } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { hasUnsignedLoa, mergeItems, unreadCount } from '../logic/items.ts';

/**
 * The notification centre's three lists (spec 000 section 7), loaded on start when signed in
 * (the bell in the top bar asks for them). Marking read updates these caches in place.
 */
export const notificationKeys = {
  all: ['notification-centre'] as const,
  serviceUpdates: ['notification-centre', 'service-updates'] as const,
  notifications: ['notification-centre', 'notifications'] as const,
  orders: ['notification-centre', 'orders'] as const,
};

/**
 * The order tracker's pages of orders go under the centre's orders key, so marking read (and
 * anything that refreshes the centre's lists) reaches them too.
 */
export const ordersTrackerKey = (...rest: ReadonlyArray<string | number>) =>
  [...notificationKeys.orders, 'tracker', ...rest] as const;

/** GET /api/v3/service-updates/?page_size=&type=all */
export const serviceUpdatesQuery = () =>
  queryOptions({
    queryKey: notificationKeys.serviceUpdates,
    queryFn: ({ signal }) =>
      apiCall(endpoints.getServiceUpdates, { query: { page_size: NOTIFICATION_PAGE_SIZE, type: 'all' }, signal }),
  });

/** GET /api/v3/notifications/?page_size= */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.notifications,
    queryFn: ({ signal }) =>
      apiCall(endpoints.getNotifications, { query: { page_size: NOTIFICATION_PAGE_SIZE }, signal }),
  });

/** GET /api/v3/orders/?page_size=&type=all */
export const ordersQuery = () =>
  queryOptions({
    queryKey: notificationKeys.orders,
    queryFn: ({ signal }) =>
      apiCall(endpoints.getOrders, { query: { page_size: NOTIFICATION_PAGE_SIZE, type: 'all' }, signal }),
  });

/** The three lists, merged newest first, with the unread count and whether a letter of authority waits to be signed. */
export function useNotificationCentre() {
  const serviceUpdates = useQuery(serviceUpdatesQuery());
  const notifications = useQuery(notificationsQuery());
  const orders = useQuery(ordersQuery());
  const items = mergeItems(serviceUpdates.data?.results, notifications.data?.results, orders.data?.results);
  return {
    lists: { serviceUpdates, notifications, orders },
    items,
    unread: unreadCount(items),
    unsignedLoa: hasUnsignedLoa(notifications.data?.results),
    loaded: serviceUpdates.isSuccess || notifications.isSuccess || orders.isSuccess,
  };
}
