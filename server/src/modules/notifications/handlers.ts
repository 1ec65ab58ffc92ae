import type { FastifyRequest } from 'fastify';

import {
  NOTIFICATION_PAGE_SIZE,
  ORDER_KINDS,
  trackingLink,
  type Appointment,
  type HardwareOrder,
  type MarkAsRead,
  type Notification,
  type NotificationListQuery,
  type Order,
  type OrderListQuery,
  type ServiceUpdate,
} from '@portal/contract';

import { authOf } from '../../plugins/auth.ts';
import type { Handlers } from '../../routes/index.ts';
import { emptyPage, pageAnswer, pageRequest } from '../paging.ts';
import { notFound } from '../products/index.ts';
import {
  markNotificationsRead,
  markOrdersRead,
  markServiceUpdatesRead,
  notificationsPage,
  ordersPage,
  serviceUpdatesPage,
  uniqueIds,
  type NotificationDetail,
  type NotificationRow,
  type OrderRow,
  type ServiceUpdateRow,
} from './notifications-repository.ts';
import { numberTransferAnswer } from './number-transfer.ts';
import { sanitizeHtml } from './sanitize-html.ts';

// The notification centre's lists and mark-as-read calls (spec 000 sections 3, 4 and 7).
// Every query is bound to the signed-in account (a staff token acting as a customer is that
// customer's); staff without an account see empty lists. The decisions where the spec is
// silent are written down in contract/src/notifications.ts.

const iso = (date: Date) => date.toISOString();

/** The page a list asks for, and whether only unread items. */
function listOf(query: NotificationListQuery) {
  return { page: pageRequest(query, NOTIFICATION_PAGE_SIZE), unreadOnly: query.type === 'unread' };
}

/** A page of a list; its next and previous links keep the unread filter. */
function answerPage<T>(request: FastifyRequest, list: ReturnType<typeof listOf>, total: number, results: T[]) {
  return pageAnswer(
    request.routeOptions.url ?? '',
    list.page,
    total,
    results,
    list.unreadOnly ? { type: 'unread' } : {},
  );
}

type OrderKind = (typeof ORDER_KINDS)[number];
const isOrderKind = (type: string | undefined): type is OrderKind =>
  (ORDER_KINDS as readonly (string | undefined)[]).includes(type);

/** The signed-in customer's account id; null for staff, who have none. */
function accountOf(request: FastifyRequest): number | null {
  return authOf(request).user.accountId;
}

// ---- answers ----

function orderAnswer(row: OrderRow): Order {
  const base = {
    id: row.id,
    status: row.status,
    account_id: row.accountId,
    order_id: row.reference,
    date_ordered: iso(row.dateOrdered),
    last_updated_date: iso(row.lastUpdatedDate),
    read: row.readAt !== null,
  };
  switch (row.kind) {
    case 'NUMBER_TRANSFER':
      return numberTransferAnswer(row);
    case 'HARDWARE_ORDER': {
      const d = row.detail as HardwareOrder;
      return {
        ...base,
        kind: 'HARDWARE_ORDER',
        hardware: {
          parts_to_order: d.parts_to_order.map(({ name, quantity }) => ({ name, quantity })),
          shipping_date: d.shipping_date,
          shipping_carrier_operator: d.shipping_carrier_operator,
          shipping_post_code: d.shipping_post_code,
          shipping_tracking_id: d.shipping_tracking_id,
          // Built by the carrier rule the SPA shares (contract/src/orders.ts); a stored link only when it is a web address.
          shipping_tracking_link: trackingLink(d)?.href ?? null,
          ...(d.payment !== undefined && { payment: d.payment }),
        },
      };
    }
    case 'APPOINTMENT': {
      const d = row.detail as Appointment;
      return {
        ...base,
        kind: 'APPOINTMENT',
        appointment: {
          appointment_type: d.appointment_type,
          line_post_code: d.line_post_code,
          appointment_date: d.appointment_date,
          appointment_window: d.appointment_window,
          status: d.status,
          last_changed: d.last_changed,
        },
      };
    }
  }
}

/** A notification as answered; null for a CLOA one whose order is missing or is not a number transfer of the account. */
function notificationAnswer(row: NotificationRow, order: OrderRow | null): Notification | null {
  const base = {
    id: row.id,
    title: row.title,
    text: row.text,
    read: row.readAt !== null,
    date_ordered: row.dateOrdered && iso(row.dateOrdered),
    last_updated_date: row.lastUpdatedDate && iso(row.lastUpdatedDate),
    last_changed: iso(row.lastChanged),
    tags: row.tags,
    service_update_id: row.serviceUpdateId,
  };
  switch (row.kind) {
    case 'CLOA': {
      if (order?.kind !== 'NUMBER_TRANSFER' || order.accountId !== row.accountId) return null;
      const transfer = numberTransferAnswer(order);
      return { ...base, kind: 'CLOA', cloa: { kind: transfer.number_transfer.cloa_status, order: transfer } };
    }
    case 'TARGETED': {
      const d = row.detail as Extract<NotificationDetail, { body: string }>;
      return {
        ...base,
        kind: 'TARGETED',
        targeted: { title: d.title, summary: d.summary, body: sanitizeHtml(d.body), created: d.created, tags: d.tags },
      };
    }
    case 'NUMBER_CHANGE': {
      const d = row.detail as Extract<NotificationDetail, { number: string }>;
      return { ...base, kind: 'NUMBER_CHANGE', number_change: { type: d.type, number: d.number, text: d.text } };
    }
  }
}

function serviceUpdateAnswer(row: ServiceUpdateRow, readAt: Date | null): ServiceUpdate {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    body: sanitizeHtml(row.body),
    summary: row.summary,
    date: iso(row.date),
    published: iso(row.published),
    tags: row.tags,
    chip: row.chip ?? null,
    read: readAt !== null,
  };
}

// ---- handlers ----

type ListInput = { request: FastifyRequest; query: NotificationListQuery };

async function listServiceUpdates({ request, query }: ListInput) {
  const accountId = accountOf(request);
  if (accountId === null) return emptyPage;
  const list = listOf(query);
  const { total, rows } = await serviceUpdatesPage(
    request.server.db,
    { accountId, unreadOnly: list.unreadOnly },
    request.server.now(),
    list.page,
  );
  return answerPage(
    request,
    list,
    total,
    rows.map((row) => serviceUpdateAnswer(row.update, row.readAt)),
  );
}

async function listNotifications({ request, query }: ListInput) {
  const accountId = accountOf(request);
  if (accountId === null) return emptyPage;
  const list = listOf(query);
  const { total, rows } = await notificationsPage(
    request.server.db,
    { accountId, unreadOnly: list.unreadOnly },
    list.page,
  );
  // The repository leaves out what notificationAnswer cannot answer; the filter only narrows the type.
  const results = rows.map((row) => notificationAnswer(row.notification, row.order)).filter((n) => n !== null);
  return answerPage(request, list, total, results);
}

/** The account's orders: all, the unread ones, or one kind; the next and previous links keep the type. */
async function listOrders({ request, query }: { request: FastifyRequest; query: OrderListQuery }) {
  const accountId = accountOf(request);
  if (accountId === null) return emptyPage;
  const list = { page: pageRequest(query, NOTIFICATION_PAGE_SIZE), unreadOnly: query.type === 'unread' };
  const kind = isOrderKind(query.type) ? query.type : null;
  const { total, rows } = await ordersPage(
    request.server.db,
    { accountId, unreadOnly: list.unreadOnly, kind },
    list.page,
  );
  const keep: Record<string, string> = query.type && query.type !== 'all' ? { type: query.type } : {};
  return pageAnswer(request.routeOptions.url ?? '', list.page, total, rows.map(orderAnswer), keep);
}

type MarkInput = { request: FastifyRequest; body: MarkAsRead };

/**
 * Marks the account's notifications or orders read: `{ids}` (404 unless every id is the
 * account's, and then nothing is marked) or `{all: true}` (every unread one). Answers the ids now read.
 */
async function markRows({ request, body }: MarkInput, which: 'notifications' | 'orders'): Promise<number[]> {
  const accountId = accountOf(request);
  const mark = which === 'notifications' ? markNotificationsRead : markOrdersRead;
  if (accountId === null) {
    if ('all' in body) return [];
    throw notFound();
  }
  const marked = await mark(
    request.server.db,
    accountId,
    'all' in body ? 'all' : uniqueIds(body.ids),
    request.server.now(),
  );
  if (marked === null) throw notFound();
  return marked;
}

/** Marks service updates read, and the account's notifications that belong to them. */
async function markServiceUpdates({ request, body }: MarkInput) {
  const accountId = accountOf(request);
  if (accountId === null) {
    if ('all' in body) return { ids: [], notification_ids: [] };
    throw notFound();
  }
  const ids = 'all' in body ? 'all' : uniqueIds(body.ids);
  const marked = await markServiceUpdatesRead(request.server.db, accountId, ids, request.server.now());
  if (marked === null) throw notFound();
  return marked;
}

export const notificationHandlers = {
  getServiceUpdates: async ({ request, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return listServiceUpdates({ request, query });
  },
  markServiceUpdatesAsRead: async ({ request, body }) => markServiceUpdates({ request, body }),
  getNotifications: async ({ request, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return listNotifications({ request, query });
  },
  markNotificationsAsRead: async ({ request, body }) => ({ ids: await markRows({ request, body }, 'notifications') }),
  getOrders: async ({ request, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return listOrders({ request, query });
  },
  markOrdersAsRead: async ({ request, body }) => ({ ids: await markRows({ request, body }, 'orders') }),
} satisfies Pick<
  Handlers,
  | 'getServiceUpdates'
  | 'markServiceUpdatesAsRead'
  | 'getNotifications'
  | 'markNotificationsAsRead'
  | 'getOrders'
  | 'markOrdersAsRead'
>;
