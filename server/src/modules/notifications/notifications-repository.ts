import { and, asc, count, desc, eq, inArray, isNull, lte, ne, notInArray, or, type SQL } from 'drizzle-orm';

import { displayPhone } from '@portal/editor-core';

import type { Database, Inserts, Reads } from '../../db/connect.ts';
import { accountServiceUpdates, notifications, orders, serviceUpdates } from '../../db/schema/notifications.ts';
import type { PageOf, PageRequest } from '../paging.ts';

export type OrderRow = typeof orders.$inferSelect;
/** An order as another area adds it: unread, with its kind's detail. */
export type NewOrder = Pick<
  typeof orders.$inferInsert,
  'accountId' | 'kind' | 'status' | 'reference' | 'dateOrdered' | 'lastUpdatedDate' | 'detail'
>;
export type NotificationRow = typeof notifications.$inferSelect;
export type ServiceUpdateRow = typeof serviceUpdates.$inferSelect;
export type { NotificationDetail } from '../../db/schema/notifications.ts';

/** A list of one account, all rows or the unread ones only. */
export interface ListFilter {
  accountId: number;
  unreadOnly: boolean;
}

/** The order list's filter: also one kind of order, or every kind (null). */
export interface OrderFilter extends ListFilter {
  kind: OrderRow['kind'] | null;
}

/** Distinct ids, ascending. */
export const uniqueIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

// The notification centre's queries (spec 000 sections 3, 4 and 7), every one bound to an account.

/** Marks an account's rows of `table` read: `ids` (null when one is not the account's, and nothing is marked) or every unread one. */
async function markRowsRead(
  db: Pick<Database, 'select' | 'update'>,
  table: typeof notifications | typeof orders,
  accountId: number,
  ids: number[] | 'all',
  now: Date,
): Promise<number[] | null> {
  if (ids === 'all') {
    const marked = await db
      .update(table)
      .set({ readAt: now })
      .where(and(eq(table.accountId, accountId), isNull(table.readAt)))
      .returning({ id: table.id });
    return uniqueIds(marked.map((row) => row.id));
  }
  const owned = and(eq(table.accountId, accountId), inArray(table.id, ids));
  const found = await db.select({ id: table.id }).from(table).where(owned);
  if (found.length !== ids.length) return null;
  await db
    .update(table)
    .set({ readAt: now })
    .where(and(owned, isNull(table.readAt)));
  return ids;
}

/**
 * A NUMBER_CHANGE notification: a number was added to or removed from one of the account's
 * phones. `db` may be the caller's transaction, so the notice and the change stand or fall together.
 */
export async function addNumberChange(
  db: Inserts,
  input: { accountId: number; type: 'ADDED' | 'REMOVED'; number: string; now: Date },
) {
  const added = input.type === 'ADDED';
  const shown = displayPhone(input.number);
  const text = added
    ? `${shown} has been added to your phone system.`
    : `${shown} has been removed from your phone system.`;
  await db.insert(notifications).values({
    accountId: input.accountId,
    kind: 'NUMBER_CHANGE',
    title: added ? 'Number added' : 'Number removed',
    text,
    lastChanged: input.now,
    detail: { type: input.type, number: input.number, text },
  });
}

/**
 * A number transfer (port-in) order of the account, and its letter-of-authority (CLOA)
 * notification, unsigned until the customer signs it. Answers the order.
 */
export async function addNumberTransfer(
  db: Inserts,
  input: {
    accountId: number;
    reference: string;
    status: string;
    rangeStart: string;
    rangeEnd: string | null;
    transferDate: string;
    now: Date;
  },
): Promise<OrderRow> {
  const [order] = await db
    .insert(orders)
    .values({
      accountId: input.accountId,
      kind: 'NUMBER_TRANSFER',
      status: input.status,
      reference: input.reference,
      dateOrdered: input.now,
      lastUpdatedDate: input.now,
      detail: {
        range_start: input.rangeStart,
        range_end: input.rangeEnd,
        confirmed_transfer_date: input.transferDate,
        cloa_status: 'UNSIGNED',
      },
    })
    .returning();
  if (!order) throw new Error('number transfer order not inserted');
  await db.insert(notifications).values({
    accountId: input.accountId,
    kind: 'CLOA',
    title: 'Sign your letter of authority',
    text: `We have e-mailed you the letter of authority for the transfer of ${input.rangeEnd ? `${input.rangeStart} to ${input.rangeEnd}` : input.rangeStart}. Sign it so the transfer can go ahead.`,
    lastChanged: input.now,
    orderId: order.id,
  });
  return order;
}

/** The account's number transfers not yet completed or cancelled, for the "already under way" check. */
export async function openNumberTransfers(db: Reads, accountId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.kind, 'NUMBER_TRANSFER'),
        notInArray(orders.status, ['COMPLETED', 'PORTED', 'CANCELLED']),
      ),
    );
}

/** Published service updates the account receives, newest first, with when it read each. */
export async function serviceUpdatesPage(
  db: Reads,
  filter: ListFilter,
  now: Date,
  page: PageRequest,
): Promise<PageOf<{ update: ServiceUpdateRow; readAt: Date | null }>> {
  const where = and(
    eq(accountServiceUpdates.accountId, filter.accountId),
    // A service update is not shown before it is published.
    lte(serviceUpdates.published, now),
    filter.unreadOnly ? isNull(accountServiceUpdates.readAt) : undefined,
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
    .limit(page.limit)
    .offset(page.offset);
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({ update: row.service_updates, readAt: row.account_service_updates.readAt })),
  };
}

/**
 * The account's notifications, newest changed first, each CLOA one with its order. A CLOA
 * notification whose order is missing, of another account or not a number transfer is not
 * shown: it is left out in SQL, so the count and the pages agree.
 */
export async function notificationsPage(
  db: Reads,
  filter: ListFilter,
  page: PageRequest,
): Promise<PageOf<{ notification: NotificationRow; order: OrderRow | null }>> {
  const where = and(
    eq(notifications.accountId, filter.accountId),
    filter.unreadOnly ? isNull(notifications.readAt) : undefined,
    or(ne(notifications.kind, 'CLOA'), eq(orders.kind, 'NUMBER_TRANSFER')),
  );
  const withOrder = and(eq(orders.id, notifications.orderId), eq(orders.accountId, notifications.accountId));
  const [total] = await db.select({ n: count() }).from(notifications).leftJoin(orders, withOrder).where(where);
  const rows = await db
    .select()
    .from(notifications)
    .leftJoin(orders, withOrder)
    .where(where)
    .orderBy(desc(notifications.lastChanged), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({ notification: row.notifications, order: row.orders })),
  };
}

/** The account's orders (of one kind, when the filter names one), last updated first. */
export async function ordersPage(db: Reads, filter: OrderFilter, page: PageRequest): Promise<PageOf<OrderRow>> {
  const where = and(
    eq(orders.accountId, filter.accountId),
    filter.unreadOnly ? isNull(orders.readAt) : undefined,
    filter.kind ? eq(orders.kind, filter.kind) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.lastUpdatedDate), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

/**
 * Adds an order to an account (another area's event: an approved broadband sign-up books an
 * appointment), inside the caller's transaction when it passes one. Answers the new row.
 */
export async function addOrder(db: Inserts, values: NewOrder): Promise<OrderRow> {
  const [row] = await db
    .insert(orders)
    .values({ ...values, readAt: null })
    .returning();
  if (!row) throw new Error('order not inserted');
  return row;
}

export async function markNotificationsRead(
  db: Pick<Database, 'select' | 'update'>,
  accountId: number,
  ids: number[] | 'all',
  now: Date,
) {
  return markRowsRead(db, notifications, accountId, ids, now);
}

export async function markOrdersRead(
  db: Pick<Database, 'select' | 'update'>,
  accountId: number,
  ids: number[] | 'all',
  now: Date,
) {
  return markRowsRead(db, orders, accountId, ids, now);
}

/**
 * Marks the account's visible service updates read (`ids`, or every unread one), and the
 * account's notifications that belong to them. Null when an id is not visible to the account.
 */
export async function markServiceUpdatesRead(
  db: Pick<Database, 'transaction'>,
  accountId: number,
  ids: number[] | 'all',
  now: Date,
): Promise<{ ids: number[]; notification_ids: number[] } | null> {
  return db.transaction(async (tx) => {
    const visible = (condition?: SQL) =>
      tx
        .select({ id: serviceUpdates.id })
        .from(serviceUpdates)
        .innerJoin(accountServiceUpdates, eq(accountServiceUpdates.serviceUpdateId, serviceUpdates.id))
        .where(and(eq(accountServiceUpdates.accountId, accountId), lte(serviceUpdates.published, now), condition));
    let marked: number[];
    if (ids === 'all') {
      marked = uniqueIds((await visible(isNull(accountServiceUpdates.readAt))).map((row) => row.id));
    } else {
      marked = ids;
      const found = await visible(inArray(serviceUpdates.id, ids));
      if (found.length !== ids.length) return null;
    }
    if (marked.length === 0) return { ids: marked, notification_ids: [] };
    await tx
      .update(accountServiceUpdates)
      .set({ readAt: now })
      .where(
        and(
          eq(accountServiceUpdates.accountId, accountId),
          inArray(accountServiceUpdates.serviceUpdateId, marked),
          isNull(accountServiceUpdates.readAt),
        ),
      );
    const related = and(eq(notifications.accountId, accountId), inArray(notifications.serviceUpdateId, marked));
    await tx
      .update(notifications)
      .set({ readAt: now })
      .where(and(related, isNull(notifications.readAt)));
    const relatedRows = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(related)
      .orderBy(asc(notifications.id));
    return { ids: marked, notification_ids: relatedRows.map((row) => row.id) };
  });
}
