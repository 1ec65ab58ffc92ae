import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import type { Appointment, Chip, HardwareOrder, NumberTransfer, Tag } from '@portal/contract';

import { accounts } from './customers.ts';

// The notification centre: service updates, orders, notifications.

// The notification centre (spec 000 sections 3 and 4): service updates, notifications and
// orders of an account. Kind-specific fields sit in a jsonb `detail`, in the API's own
// snake_case, since the API answers them as they are.

/** A service update of the provider. Accounts receive it through account_service_updates. */
export const serviceUpdates = pgTable('service_updates', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  title: text().notNull(),
  subtitle: text().notNull().default(''),
  /** HTML as written; the API answers it sanitised. */
  body: text().notNull(),
  summary: text().notNull().default(''),
  tags: jsonb().$type<Tag[]>().notNull().default([]),
  chip: jsonb().$type<Chip>(),
  /** When the content last changed ("Updated"). */
  date: timestamp({ withTimezone: true }).notNull(),
  /** Not shown before this time. */
  published: timestamp({ withTimezone: true }).notNull(),
});

/** Which accounts receive which service update, and when each account read it. */
export const accountServiceUpdates = pgTable(
  'account_service_updates',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    serviceUpdateId: integer()
      .notNull()
      .references(() => serviceUpdates.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.serviceUpdateId] }),
    index('account_service_updates_service_update_id_idx').on(t.serviceUpdateId),
  ],
);

/** Kind-specific fields of an order (isRange is derived when answered). */
export type OrderDetail = Omit<NumberTransfer, 'isRange'> | HardwareOrder | Appointment;

export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['NUMBER_TRANSFER', 'HARDWARE_ORDER', 'APPOINTMENT'] }).notNull(),
    status: text().notNull(),
    /** The order reference the customer sees (the API's order_id). */
    reference: text().notNull(),
    dateOrdered: timestamp({ withTimezone: true }).notNull(),
    lastUpdatedDate: timestamp({ withTimezone: true }).notNull(),
    readAt: timestamp({ withTimezone: true }),
    detail: jsonb().$type<OrderDetail>().notNull(),
  },
  (t) => [
    check('orders_kind', sql`${t.kind} in ('NUMBER_TRANSFER', 'HARDWARE_ORDER', 'APPOINTMENT')`),
    index('orders_account_id_last_updated_idx').on(t.accountId, t.lastUpdatedDate),
  ],
);

/** Kind-specific fields of a TARGETED or NUMBER_CHANGE notification; a CLOA one names its order instead. */
export type NotificationDetail =
  | { title: string; summary: string; body: string; created: string; tags: Tag[] }
  | { type: 'ADDED' | 'REMOVED'; number: string; text: string };

export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['CLOA', 'TARGETED', 'NUMBER_CHANGE'] }).notNull(),
    title: text().notNull(),
    text: text().notNull().default(''),
    readAt: timestamp({ withTimezone: true }),
    dateOrdered: timestamp({ withTimezone: true }),
    lastUpdatedDate: timestamp({ withTimezone: true }),
    lastChanged: timestamp({ withTimezone: true }).notNull(),
    tags: jsonb().$type<Tag[]>().notNull().default([]),
    /** Marking this service update read marks the notification read too. */
    serviceUpdateId: integer().references(() => serviceUpdates.id, { onDelete: 'set null' }),
    /** CLOA: the number transfer whose letter of authority this is. */
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    detail: jsonb().$type<NotificationDetail>(),
  },
  (t) => [
    check('notifications_kind', sql`${t.kind} in ('CLOA', 'TARGETED', 'NUMBER_CHANGE')`),
    check('notifications_cloa_has_order', sql`(${t.kind} = 'CLOA') = (${t.orderId} is not null)`),
    check('notifications_detail', sql`${t.kind} = 'CLOA' or ${t.detail} is not null`),
    index('notifications_account_id_last_changed_idx').on(t.accountId, t.lastChanged),
    index('notifications_service_update_id_idx').on(t.serviceUpdateId),
  ],
);
