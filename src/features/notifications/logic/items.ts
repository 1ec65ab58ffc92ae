import type { Notification, Order, ServiceUpdate } from '@portal/contract';

/**
 * The notification centre's one list (spec 000, notification menu): service updates,
 * notifications and orders merged newest first, by published, last_changed or
 * last_updated_date. Each item carries its type.
 */
export type CentreItem =
  | { type: 'SERVICE_UPDATE'; key: string; date: string; read: boolean; data: ServiceUpdate }
  | { type: 'NOTIFICATION'; key: string; date: string; read: boolean; data: Notification }
  | { type: 'ORDER'; key: string; date: string; read: boolean; data: Order };

export type CentreItemType = CentreItem['type'];

const TYPE_ORDER: Record<CentreItemType, number> = { SERVICE_UPDATE: 0, NOTIFICATION: 1, ORDER: 2 };

const time = (value: string) => {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? -Infinity : ms;
};

/** A key unique across the three lists. */
export const itemKey = (type: CentreItemType, id: number) => `${type}:${id}`;

/**
 * The three lists as one, newest first; at the same time service updates come first, then
 * notifications, then orders, newest id first. A list not loaded (undefined) adds nothing.
 */
export function mergeItems(
  serviceUpdates: readonly ServiceUpdate[] = [],
  notifications: readonly Notification[] = [],
  orders: readonly Order[] = [],
): CentreItem[] {
  const items: CentreItem[] = [
    ...serviceUpdates.map((data): CentreItem => ({
      type: 'SERVICE_UPDATE',
      key: itemKey('SERVICE_UPDATE', data.id),
      date: data.published,
      read: data.read,
      data,
    })),
    ...notifications.map((data): CentreItem => ({
      type: 'NOTIFICATION',
      key: itemKey('NOTIFICATION', data.id),
      date: data.last_changed,
      read: data.read,
      data,
    })),
    ...orders.map((data): CentreItem => ({
      type: 'ORDER',
      key: itemKey('ORDER', data.id),
      date: data.last_updated_date,
      read: data.read,
      data,
    })),
  ];
  return items.sort(
    (a, b) => time(b.date) - time(a.date) || TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || b.data.id - a.data.id,
  );
}

/** How many of the newest items home shows as recent notifications (spec 000 and 001: "the first 3"). */
export const RECENT_NOTIFICATIONS = 3;

/** The recent notifications: the merged list's first RECENT_NOTIFICATIONS, read or not. */
export const recentItems = (items: readonly CentreItem[]): CentreItem[] => items.slice(0, RECENT_NOTIFICATIONS);

/** How many items are unread. */
export const unreadCount = (items: readonly CentreItem[]) => items.reduce((n, item) => n + (item.read ? 0 : 1), 0);

/** Whether a letter of authority is waiting to be signed: the bell then takes the warning colour. */
export const hasUnsignedLoa = (notifications: readonly Notification[] = []) =>
  notifications.some((n) => n.kind === 'CLOA' && n.cloa.kind === 'UNSIGNED');
