import type { QueryClient } from '@tanstack/react-query';

import {
  notificationEndpoints as endpoints,
  type Notification,
  type Order,
  type ServiceUpdate,
} from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import type { CentreItem, CentreItemType } from '../logic/items.ts';
import { notificationKeys } from './get-notification-lists.ts';

/**
 * The mark-as-read calls (spec 000 sections 4 and 7). On success the read flags are set in
 * the cached lists for the ids the server names: marking sets the flag locally.
 */

interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

type Readable = { id: number; read: boolean };

/**
 * Sets `read` on the cached items that `isRead` picks, in every list under `key`: for orders also
 * the order tracker's pages, whose keys start with the centre's (ordersTrackerKey).
 */
function setRead<T extends Readable>(queryClient: QueryClient, key: readonly unknown[], isRead: (item: T) => boolean) {
  queryClient.setQueriesData<Page<T>>(
    { queryKey: key },
    (page) =>
      page && {
        ...page,
        results: page.results.map((item) => (!item.read && isRead(item) ? { ...item, read: true } : item)),
      },
  );
}

/** Marks service updates read, and the notifications that belong to them. */
export async function markServiceUpdatesRead(queryClient: QueryClient, ids: number[]) {
  const answer = await apiCall(endpoints.markServiceUpdatesAsRead, { body: { ids } });
  applyServiceUpdatesRead(queryClient, answer);
}

function applyServiceUpdatesRead(queryClient: QueryClient, answer: { ids: number[]; notification_ids: number[] }) {
  const updates = new Set(answer.ids);
  const related = new Set(answer.notification_ids);
  setRead<ServiceUpdate>(queryClient, notificationKeys.serviceUpdates, (u) => updates.has(u.id));
  setRead<Notification>(
    queryClient,
    notificationKeys.notifications,
    (n) => related.has(n.id) || (n.service_update_id !== null && updates.has(n.service_update_id)),
  );
}

/** Marks one item read (opening its detail does this). */
export async function markItemRead(queryClient: QueryClient, item: CentreItem): Promise<void> {
  const ids = [item.data.id];
  switch (item.type) {
    case 'SERVICE_UPDATE':
      return markServiceUpdatesRead(queryClient, ids);
    case 'NOTIFICATION': {
      const answer = await apiCall(endpoints.markNotificationsAsRead, { body: { ids } });
      const read = new Set(answer.ids);
      return setRead<Notification>(queryClient, notificationKeys.notifications, (n) => read.has(n.id));
    }
    case 'ORDER':
      return markOrderRead(queryClient, item.data.id);
  }
}

/**
 * Marks one order read, as opening it does in the notification centre and in the order tracker:
 * on the server, then in the centre's list (the bell's count) and the tracker's pages.
 */
export async function markOrderRead(queryClient: QueryClient, orderId: number): Promise<void> {
  const answer = await apiCall(endpoints.markOrdersAsRead, { body: { ids: [orderId] } });
  const read = new Set(answer.ids);
  setRead<Order>(queryClient, notificationKeys.orders, (o) => read.has(o.id));
}

/**
 * "Clear all": every unread item of all three kinds read on the server (`{all: true}`, so
 * also those beyond the first page) and locally. The kinds are marked independently; when
 * one fails the others stay marked, and the first failure is thrown. Answers the kinds marked.
 */
export async function clearAll(queryClient: QueryClient): Promise<CentreItemType[]> {
  const everything = () => true;
  const results = await Promise.allSettled([
    apiCall(endpoints.markServiceUpdatesAsRead, { body: { all: true } }).then((answer) => {
      applyServiceUpdatesRead(queryClient, answer);
      setRead<ServiceUpdate>(queryClient, notificationKeys.serviceUpdates, everything);
      return 'SERVICE_UPDATE' as const;
    }),
    apiCall(endpoints.markNotificationsAsRead, { body: { all: true } }).then(() => {
      setRead<Notification>(queryClient, notificationKeys.notifications, everything);
      return 'NOTIFICATION' as const;
    }),
    apiCall(endpoints.markOrdersAsRead, { body: { all: true } }).then(() => {
      setRead<Order>(queryClient, notificationKeys.orders, everything);
      return 'ORDER' as const;
    }),
  ]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}
