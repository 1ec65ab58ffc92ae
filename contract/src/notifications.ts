// zod/mini: the bell loads these lists on every signed-in page, and mini tree-shakes to what is used.
import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';
import { MAX_ID } from './ids.ts';
import { pageNumber, pageSize } from './paging.ts';

/**
 * The notification centre (spec 000 sections 2, 3, 4 and 7): service updates, notifications
 * and orders of the signed-in customer's account, and their mark-as-read calls.
 *
 * Where the spec is silent, these are our decisions:
 * - The lists answer Django REST framework's page shape, `{count, next, previous, results}`
 *   (the spec reads `results`), newest first: service updates by `published`, notifications
 *   by `last_changed`, orders by `last_updated_date`. `page_size` is 1 to MAX_PAGE_SIZE
 *   (NOTIFICATION_PAGE_SIZE when absent), `page` counts from 1.
 * - `type`: `all` (the default) answers read and unread items, `unread` only unread ones.
 *   The spec sends type=all "in some uses", so all is the default and unread the narrower choice.
 *   The order list also takes a kind of order (NUMBER_TRANSFER, HARDWARE_ORDER, APPOINTMENT) as
 *   its type: the order tracker's filter by kind. Any other type answers 400.
 * - A hardware order's `shipping_tracking_link` is answered built by `trackingLink` (orders.ts):
 *   DPD and APC from the tracking id (and post code), another carrier's stored link only when it
 *   is a web address, else null.
 * - Mark as read takes `{ids}` (the spec's "ids list") or `{all: true}`, which "Clear all"
 *   sends: it marks every unread item of that kind, also those beyond the first page. An id
 *   that is not the account's (or does not exist) answers 404 and marks nothing. The answer
 *   names what is now read, so the client can set the flags locally.
 * - Service updates are the provider's, delivered to accounts; read state is per account.
 *   A notification may belong to a service update (`service_update_id`): marking the update
 *   read marks those notifications read too (spec 000 section 4), and says which.
 * - HTML (`body` of a service update and of a targeted notification) is sanitised by the
 *   server to a small allowlist of tags with no attributes but a safe `href`; the SPA still
 *   renders it through its own allowlist and never as raw HTML.
 * - Display fields the spec lists on its entities (an order's chip, cloaStatusChip, icon,
 *   title and text; a notification's chip) are derived by the SPA from the data below
 *   (spec 000 section 4, "Order chips"); `isRange` is answered, by the rule of `isNumberRange` (numbers.ts).
 * - Times are ISO 8601 timestamps; `appointment_date` and `confirmed_transfer_date` are dates (YYYY-MM-DD).
 */

/** Items the notification centre asks for per list (spec 000 section 9: a shared constant, value not shown). */
export const NOTIFICATION_PAGE_SIZE = 50;
/** Largest page_size the lists accept. */
export const MAX_NOTIFICATION_PAGE_SIZE = 100;
/** Most ids one mark-as-read call takes. */
export const MAX_MARK_AS_READ_IDS = 500;
/** How a chip looks: its meaning, not a colour, so the SPA keeps its contrast. */
export const ChipType = z.enum(['success', 'info', 'warning', 'error', 'neutral']);
export type ChipType = z.infer<typeof ChipType>;

export const Chip = z.object({ type: ChipType, text: z.string() });
export type Chip = z.infer<typeof Chip>;

/** A tag's colour, from a fixed set the SPA can show with enough contrast. */
export const TagColor = z.enum(['green', 'blue', 'orange', 'red', 'grey']);
export type TagColor = z.infer<typeof TagColor>;

export const Tag = z.object({ name: z.string(), color: TagColor });
export type Tag = z.infer<typeof Tag>;

/** A service update (spec 000 section 3). `body` is sanitised HTML; the first tag shows as a chip when `chip` is null. */
export const ServiceUpdate = z.object({
  id: z.int(),
  title: z.string(),
  subtitle: z.string(),
  body: z.string(),
  summary: z.string(),
  /** When its content last changed: the dialog's "Updated" date. */
  date: z.string(),
  /** When it was published: the list's order. */
  published: z.string(),
  tags: z.array(Tag),
  chip: z.nullable(Chip),
  read: z.boolean(),
});
export type ServiceUpdate = z.infer<typeof ServiceUpdate>;

/** Letter-of-authority status (spec 000 sections 3 and 4); UNSIGNED is urgent. */
export const LoaStatus = z.enum(['SIGNED', 'UNSIGNED', 'EXPIRED', 'CANCELLED']);
export type LoaStatus = z.infer<typeof LoaStatus>;

export const NumberTransfer = z.object({
  range_start: z.string(),
  range_end: z.nullable(z.string()),
  isRange: z.boolean(),
  confirmed_transfer_date: z.nullable(z.string()),
  cloa_status: LoaStatus,
});
export type NumberTransfer = z.infer<typeof NumberTransfer>;

export const HardwareOrder = z.object({
  parts_to_order: z.array(z.object({ name: z.string(), quantity: z.int() })),
  shipping_date: z.nullable(z.string()),
  shipping_carrier_operator: z.nullable(z.string()),
  shipping_post_code: z.nullable(z.string()),
  shipping_tracking_id: z.nullable(z.string()),
  /** A carrier's own tracking page, for carriers the SPA cannot build a link for. */
  shipping_tracking_link: z.nullable(z.string()),
  /** How a shop order is paid ("Added to your next bill"); absent on orders made elsewhere. */
  payment: z.optional(z.string()),
});
export type HardwareOrder = z.infer<typeof HardwareOrder>;

export const AppointmentStatus = z.enum(['UPCOMING', 'COMPLETED', 'CANCELLED']);
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;

export const Appointment = z.object({
  appointment_type: z.string(),
  line_post_code: z.string(),
  appointment_date: z.string(),
  /** e.g. "08:00-13:00". */
  appointment_window: z.string(),
  status: AppointmentStatus,
  last_changed: z.string(),
});
export type Appointment = z.infer<typeof Appointment>;

const orderFields = {
  id: z.int(),
  /** The provider's status code (spec 000 section 4 maps it to a chip). */
  status: z.string(),
  account_id: z.int(),
  /** The order's reference, as the customer sees it on e-mails. */
  order_id: z.string(),
  date_ordered: z.string(),
  last_updated_date: z.string(),
  read: z.boolean(),
};

export const NumberTransferOrder = z.object({
  ...orderFields,
  kind: z.literal('NUMBER_TRANSFER'),
  number_transfer: NumberTransfer,
});
export type NumberTransferOrder = z.infer<typeof NumberTransferOrder>;

/** An order (spec 000 section 3), by kind. */
export const Order = z.discriminatedUnion('kind', [
  NumberTransferOrder,
  z.object({ ...orderFields, kind: z.literal('HARDWARE_ORDER'), hardware: HardwareOrder }),
  z.object({ ...orderFields, kind: z.literal('APPOINTMENT'), appointment: Appointment }),
]);
export type Order = z.infer<typeof Order>;
export type OrderKind = Order['kind'];

const notificationFields = {
  id: z.int(),
  title: z.string(),
  text: z.string(),
  read: z.boolean(),
  date_ordered: z.nullable(z.string()),
  last_updated_date: z.nullable(z.string()),
  last_changed: z.string(),
  tags: z.array(Tag),
  /** The service update this notification belongs to, if any. */
  service_update_id: z.nullable(z.int()),
};

/** A notification (spec 000 section 3), by kind. */
export const Notification = z.discriminatedUnion('kind', [
  z.object({
    ...notificationFields,
    kind: z.literal('CLOA'),
    /** The letter of authority of a number transfer; `kind` is the order's cloa_status. */
    cloa: z.object({ kind: LoaStatus, order: NumberTransferOrder }),
  }),
  z.object({
    ...notificationFields,
    kind: z.literal('TARGETED'),
    /** `body` is sanitised HTML. */
    targeted: z.object({
      title: z.string(),
      summary: z.string(),
      body: z.string(),
      created: z.string(),
      tags: z.array(Tag),
    }),
  }),
  z.object({
    ...notificationFields,
    kind: z.literal('NUMBER_CHANGE'),
    number_change: z.object({ type: z.enum(['ADDED', 'REMOVED']), number: z.string(), text: z.string() }),
  }),
]);
export type Notification = z.infer<typeof Notification>;
export type NotificationKind = Notification['kind'];

const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ count: z.int(), next: z.nullable(z.string()), previous: z.nullable(z.string()), results: z.array(item) });

export const ServiceUpdatePage = pageOf(ServiceUpdate);
export const NotificationPage = pageOf(Notification);
export const OrderPage = pageOf(Order);

export const NotificationListQuery = z.object({
  page_size: pageSize(MAX_NOTIFICATION_PAGE_SIZE),
  page: pageNumber(),
  type: z.optional(z.enum(['all', 'unread'])),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/** The kinds of order (spec 000 section 3), as the order list's `type` filter names them. */
export const ORDER_KINDS = ['NUMBER_TRANSFER', 'HARDWARE_ORDER', 'APPOINTMENT'] as const;

/**
 * The order list's query (spec 001 section 9: `type=all`, `page_size`): `type` is `all` (the
 * default), `unread`, or one kind of order (the order tracker's filter by kind).
 */
export const OrderListQuery = z.object({
  page_size: pageSize(MAX_NOTIFICATION_PAGE_SIZE),
  page: pageNumber(),
  type: z.optional(
    z.enum(['all', 'unread', ...ORDER_KINDS], { error: `type must be all, unread, ${ORDER_KINDS.join(', ')}` }),
  ),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

/** `{ids}` marks those items; `{all: true}` ("Clear all") marks every unread item of the kind. */
export const MarkAsRead = z.union([
  z.object({
    ids: z
      .array(z.int().check(z.minimum(1), z.maximum(MAX_ID)))
      .check(z.minLength(1), z.maxLength(MAX_MARK_AS_READ_IDS)),
  }),
  z.object({ all: z.literal(true) }),
]);
export type MarkAsRead = z.infer<typeof MarkAsRead>;

/** The items now read (for `{all: true}`, those it marked). */
export const MarkedAsRead = z.object({ ids: z.array(z.int()) });
export type MarkedAsRead = z.infer<typeof MarkedAsRead>;

/** Also the notifications of those service updates, all now read. */
export const ServiceUpdatesMarkedAsRead = z.object({ ids: z.array(z.int()), notification_ids: z.array(z.int()) });
export type ServiceUpdatesMarkedAsRead = z.infer<typeof ServiceUpdatesMarkedAsRead>;

export const notificationEndpoints = {
  getServiceUpdates: endpoint({
    method: 'GET',
    path: '/api/v3/service-updates/',
    summary: "Service updates for the signed-in customer's account, newest published first",
    auth: true,
    query: NotificationListQuery,
    response: ServiceUpdatePage,
  }),
  markServiceUpdatesAsRead: endpoint({
    method: 'POST',
    path: '/api/v3/service-updates/mark-as-read/',
    summary: 'Marks service updates read, and the notifications that belong to them',
    auth: true,
    body: MarkAsRead,
    response: ServiceUpdatesMarkedAsRead,
  }),
  getNotifications: endpoint({
    method: 'GET',
    path: '/api/v3/notifications/',
    summary: "Notifications of the signed-in customer's account, newest changed first",
    auth: true,
    query: NotificationListQuery,
    response: NotificationPage,
  }),
  markNotificationsAsRead: endpoint({
    method: 'POST',
    path: '/api/v3/notifications/mark-as-read/',
    summary: 'Marks notifications read',
    auth: true,
    body: MarkAsRead,
    response: MarkedAsRead,
  }),
  getOrders: endpoint({
    method: 'GET',
    path: '/api/v3/orders/',
    summary: "Orders of the signed-in customer's account, newest updated first; all, unread or one kind",
    auth: true,
    query: OrderListQuery,
    response: OrderPage,
  }),
  markOrdersAsRead: endpoint({
    method: 'POST',
    path: '/api/v3/orders/mark-as-read/',
    summary: 'Marks orders read',
    auth: true,
    body: MarkAsRead,
    response: MarkedAsRead,
  }),
};
