import { and, asc, count, desc, eq, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  isNumberRange,
  NOTIFICATION_PAGE_SIZE,
  type Appointment,
  type HardwareOrder,
  type MarkAsRead,
  type Notification,
  type NotificationListQuery,
  type NumberTransfer,
  type NumberTransferOrder,
  type Order,
  type ServiceUpdate,
} from '@portal/contract';
import { accountServiceUpdates, notifications, orders, serviceUpdates, type NotificationDetail } from '../../db/schema/index.ts';
import { sanitizeHtml } from './sanitize-html.ts';
import { authOf } from '../../plugins/auth.ts';
import type { Handlers } from '../../routes/index.ts';
import { notFound } from '../products/ownership.ts';

// The notification centre's lists and mark-as-read calls (spec 000 sections 3, 4 and 7).
// Every query is bound to the signed-in account (a staff token acting as a customer is that
// customer's); staff without an account see empty lists. The decisions where the spec is
// silent are written down in contract/src/notifications.ts.

type OrderRow = typeof orders.$inferSelect;
type NotificationRow = typeof notifications.$inferSelect;

const iso = (date: Date) => date.toISOString();

interface Paging {
  page: number;
  pageSize: number;
  unreadOnly: boolean;
}

function pagingOf(query: NotificationListQuery): Paging {
  return { page: query.page ?? 1, pageSize: query.page_size ?? NOTIFICATION_PAGE_SIZE, unreadOnly: query.type === 'unread' };
}

/** DRF's page shape; next and previous are site-relative URLs keeping the query. */
function pageAnswer<T>(request: FastifyRequest, paging: Paging, total: number, results: T[]) {
  const link = (page: number) => {
    const search = new URLSearchParams({ page: String(page), page_size: String(paging.pageSize) });
    if (paging.unreadOnly) search.set('type', 'unread');
    return `${request.routeOptions.url ?? ''}?${search.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
  return {
    count: total,
    next: paging.page < lastPage ? link(paging.page + 1) : null,
    previous: paging.page > 1 ? link(Math.min(paging.page - 1, lastPage)) : null,
    results,
  };
}

const emptyPage = { count: 0, next: null, previous: null, results: [] };

/** The signed-in customer's account id; null for staff, who have none. */
function accountOf(request: FastifyRequest): number | null {
  return authOf(request).user.accountId;
}

/** Distinct ids of a `{ids}` body, ascending. */
const uniqueIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

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
          shipping_tracking_link: d.shipping_tracking_link,
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

function numberTransferAnswer(row: OrderRow): NumberTransferOrder {
  const d = row.detail as Omit<NumberTransfer, 'isRange'>;
  return {
    id: row.id,
    status: row.status,
    account_id: row.accountId,
    order_id: row.reference,
    date_ordered: iso(row.dateOrdered),
    last_updated_date: iso(row.lastUpdatedDate),
    read: row.readAt !== null,
    kind: 'NUMBER_TRANSFER',
    number_transfer: {
      range_start: d.range_start,
      range_end: d.range_end,
      isRange: isNumberRange(d.range_start, d.range_end),
      confirmed_transfer_date: d.confirmed_transfer_date,
      cloa_status: d.cloa_status,
    },
  };
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

function serviceUpdateAnswer(row: typeof serviceUpdates.$inferSelect, readAt: Date | null): ServiceUpdate {
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
  const paging = pagingOf(query);
  const { db } = request.server;
  const where = and(
    eq(accountServiceUpdates.accountId, accountId),
    // A service update is not shown before it is published.
    lte(serviceUpdates.published, request.server.now()),
    paging.unreadOnly ? isNull(accountServiceUpdates.readAt) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(accountServiceUpdates)
    .innerJoin(serviceUpdates, eq(serviceUpdates.id, accountServiceUpdates.serviceUpdateId))
    .where(where);
  const rows = await db
    .select()
    .from(accountServiceUpdates)
    .innerJoin(serviceUpdates, eq(serviceUpdates.id, accountServiceUpdates.serviceUpdateId))
    .where(where)
    .orderBy(desc(serviceUpdates.published), desc(serviceUpdates.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return pageAnswer(
    request,
    paging,
    total?.n ?? 0,
    rows.map((row) => serviceUpdateAnswer(row.service_updates, row.account_service_updates.readAt)),
  );
}

async function listNotifications({ request, query }: ListInput) {
  const accountId = accountOf(request);
  if (accountId === null) return emptyPage;
  const paging = pagingOf(query);
  const { db } = request.server;
  const where = and(eq(notifications.accountId, accountId), paging.unreadOnly ? isNull(notifications.readAt) : undefined);
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  const rows = await db
    .select()
    .from(notifications)
    .leftJoin(orders, and(eq(orders.id, notifications.orderId), eq(orders.accountId, notifications.accountId)))
    .where(where)
    .orderBy(desc(notifications.lastChanged), desc(notifications.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  const results = rows.map((row) => notificationAnswer(row.notifications, row.orders)).filter((n) => n !== null);
  return pageAnswer(request, paging, total?.n ?? 0, results);
}

async function listOrders({ request, query }: ListInput) {
  const accountId = accountOf(request);
  if (accountId === null) return emptyPage;
  const paging = pagingOf(query);
  const { db } = request.server;
  const where = and(eq(orders.accountId, accountId), paging.unreadOnly ? isNull(orders.readAt) : undefined);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.lastUpdatedDate), desc(orders.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return pageAnswer(request, paging, total?.n ?? 0, rows.map(orderAnswer));
}

type MarkInput = { request: FastifyRequest; body: MarkAsRead };

/**
 * Marks the account's rows of a table read: `{ids}` (404 unless every id is the account's,
 * and then nothing is marked) or `{all: true}` (every unread row). Answers the ids now read.
 */
async function markRows(
  request: FastifyRequest,
  body: MarkAsRead,
  table: typeof notifications | typeof orders,
): Promise<number[]> {
  const accountId = accountOf(request);
  const { db } = request.server;
  const now = request.server.now();
  if ('all' in body) {
    if (accountId === null) return [];
    const marked = await db
      .update(table)
      .set({ readAt: now })
      .where(and(eq(table.accountId, accountId), isNull(table.readAt)))
      .returning({ id: table.id });
    return uniqueIds(marked.map((row) => row.id));
  }
  const ids = uniqueIds(body.ids);
  if (accountId === null) throw notFound();
  const owned = and(eq(table.accountId, accountId), inArray(table.id, ids));
  const found = await db.select({ id: table.id }).from(table).where(owned);
  if (found.length !== ids.length) throw notFound();
  await db.update(table).set({ readAt: now }).where(and(owned, isNull(table.readAt)));
  return ids;
}

/** Marks service updates read, and the account's notifications that belong to them. */
async function markServiceUpdates({ request, body }: MarkInput) {
  const accountId = accountOf(request);
  const { db } = request.server;
  const now = request.server.now();
  if (accountId === null) {
    if ('all' in body) return { ids: [], notification_ids: [] };
    throw notFound();
  }
  return db.transaction(async (tx) => {
    const visible = (condition?: SQL) =>
      tx
        .select({ id: serviceUpdates.id })
        .from(serviceUpdates)
        .innerJoin(accountServiceUpdates, eq(accountServiceUpdates.serviceUpdateId, serviceUpdates.id))
        .where(and(eq(accountServiceUpdates.accountId, accountId), lte(serviceUpdates.published, now), condition));
    let ids: number[];
    if ('all' in body) {
      ids = uniqueIds((await visible(isNull(accountServiceUpdates.readAt))).map((row) => row.id));
    } else {
      ids = uniqueIds(body.ids);
      const found = await visible(inArray(serviceUpdates.id, ids));
      if (found.length !== ids.length) throw notFound();
    }
    if (ids.length === 0) return { ids, notification_ids: [] };
    await tx
      .update(accountServiceUpdates)
      .set({ readAt: now })
      .where(and(eq(accountServiceUpdates.accountId, accountId), inArray(accountServiceUpdates.serviceUpdateId, ids), isNull(accountServiceUpdates.readAt)));
    const related = and(eq(notifications.accountId, accountId), inArray(notifications.serviceUpdateId, ids));
    await tx.update(notifications).set({ readAt: now }).where(and(related, isNull(notifications.readAt)));
    const relatedRows = await tx.select({ id: notifications.id }).from(notifications).where(related).orderBy(asc(notifications.id));
    return { ids, notification_ids: relatedRows.map((row) => row.id) };
  });
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
  markNotificationsAsRead: async ({ request, body }) => ({ ids: await markRows(request, body, notifications) }),
  getOrders: async ({ request, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return listOrders({ request, query });
  },
  markOrdersAsRead: async ({ request, body }) => ({ ids: await markRows(request, body, orders) }),
} satisfies Pick<
  Handlers,
  'getServiceUpdates' | 'markServiceUpdatesAsRead' | 'getNotifications' | 'markNotificationsAsRead' | 'getOrders' | 'markOrdersAsRead'
>;
