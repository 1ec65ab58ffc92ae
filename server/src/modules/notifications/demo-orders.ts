import type { InstallationAddress } from '@portal/contract';

import type { Inserts } from '../../db/connect.ts';
import { liveBroadband, seedCustomer, type SeedTransaction } from '../../db/demo-customers.ts';
import type { DemoUser } from '../../db/demo-users.ts';
import { orders, type OrderDetail } from '../../db/schema/notifications.ts';

/**
 * Demo data for the order tracker (/my-orders): the order history of an account at every
 * stage (hardware Accepted, Processing, Delivered and Cancelled, with tracking numbers on DPD
 * and APC; number transfers Completed, Accepted, Cancelled and Processing, every letter of
 * authority; appointments Upcoming, Completed and Cancelled). The demo customer (Acme) gets the
 * older, read part of it beside its notification-centre orders; the order-tracker e2e customers
 * get all of it, more than one page.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Tx = Inserts;
type Kind = (typeof orders.$inferInsert)['kind'];

/** An order `orderedAgo` / `updatedAgo` before `now`, read an hour after its last update when `read`. */
function orderAt(accountId: number, now: Date) {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return (
    kind: Kind,
    status: string,
    reference: string,
    orderedAgo: number,
    updatedAgo: number,
    read: boolean,
    detail: OrderDetail,
  ) => ({
    accountId,
    kind,
    status,
    reference,
    dateOrdered: ago(orderedAgo),
    lastUpdatedDate: ago(updatedAgo),
    readAt: read ? ago(updatedAgo - HOUR_MS) : null,
    detail,
  });
}

const dayFrom = (now: Date) => (offsetDays: number) =>
  new Date(now.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** Older orders of an account, all read, at the stages the notification centre's demo orders leave out. */
export async function seedOrderHistory(tx: Tx, accountId: number, postCode: string, now: Date): Promise<void> {
  const order = orderAt(accountId, now);
  const day = dayFrom(now);
  await tx.insert(orders).values([
    order('HARDWARE_ORDER', 'COMMITTED', 'HW-86402', 50 * DAY_MS, 49 * DAY_MS, true, {
      parts_to_order: [{ name: 'Yealink W73P cordless handset', quantity: 3 }],
      shipping_date: null,
      shipping_carrier_operator: null,
      shipping_post_code: postCode,
      shipping_tracking_id: null,
      shipping_tracking_link: null,
    }),
    order('HARDWARE_ORDER', 'DISPATCHED', 'HW-86377', 52 * DAY_MS, 51 * DAY_MS, true, {
      parts_to_order: [
        { name: 'Yealink T54W desk phone', quantity: 1 },
        { name: 'Yealink EXP50 expansion module', quantity: 1 },
      ],
      shipping_date: day(-51),
      shipping_carrier_operator: 'APC',
      shipping_post_code: postCode,
      shipping_tracking_id: '7709876',
      shipping_tracking_link: null,
    }),
    order('HARDWARE_ORDER', 'COMPLETED', 'HW-85120', 70 * DAY_MS, 66 * DAY_MS, true, {
      parts_to_order: [{ name: 'Yealink T31P desk phone', quantity: 4 }],
      shipping_date: day(-68),
      shipping_carrier_operator: 'DPD',
      shipping_post_code: postCode,
      shipping_tracking_id: '15509876543210',
      shipping_tracking_link: null,
    }),
    order('HARDWARE_ORDER', 'CANCELLED', 'HW-84988', 75 * DAY_MS, 74 * DAY_MS, true, {
      parts_to_order: [{ name: 'Poly Voyager 4320 headset', quantity: 2 }],
      shipping_date: null,
      shipping_carrier_operator: null,
      shipping_post_code: postCode,
      shipping_tracking_id: null,
      shipping_tracking_link: null,
    }),
    order('NUMBER_TRANSFER', 'CANCELLED', 'PT-18804', 80 * DAY_MS, 60 * DAY_MS, true, {
      range_start: '02079460150',
      range_end: null,
      confirmed_transfer_date: null,
      cloa_status: 'EXPIRED',
    }),
    order('NUMBER_TRANSFER', 'NEW', 'PT-18990', 62 * DAY_MS, 55 * DAY_MS, true, {
      range_start: '01632960150',
      range_end: '01632960154',
      confirmed_transfer_date: null,
      cloa_status: 'CANCELLED',
    }),
  ]);
}

const trackerAddress: InstallationAddress = {
  summary_line: '3 Quay Street, Bristol, BS1 4DB',
  line_one: '3 Quay Street',
  line_two: '',
  city: 'Bristol',
  county: '',
  post_code: 'BS1 4DB',
};

/**
 * A customer for the order-tracker e2e spec: broadband at one site, the notification centre's
 * orders of every kind (unread ones among them) and the order history: 13 orders, two pages.
 */
export async function seedOrderTrackerCustomer(
  tx: SeedTransaction,
  user: DemoUser,
  company: string,
  now: Date,
): Promise<void> {
  const broadband = liveBroadband(dayFrom(now)(-365), trackerAddress);
  const account = { id: (await seedCustomer(tx, { company, user, products: [broadband] }, now)).accountId };
  const order = orderAt(account.id, now);
  const day = dayFrom(now);
  const postCode = trackerAddress.post_code;
  await tx.insert(orders).values([
    order('NUMBER_TRANSFER', 'SUBMITTED', 'PT-30417', 6 * DAY_MS, 5 * HOUR_MS, false, {
      range_start: '01632960800',
      range_end: '01632960809',
      confirmed_transfer_date: null,
      cloa_status: 'UNSIGNED',
    }),
    order('HARDWARE_ORDER', 'DISPATCHED', 'HW-98213', 4 * DAY_MS, DAY_MS, false, {
      parts_to_order: [
        { name: 'Yealink T54W desk phone', quantity: 2 },
        { name: 'Yealink W73P cordless handset', quantity: 1 },
      ],
      shipping_date: day(-1),
      shipping_carrier_operator: 'DPD',
      shipping_post_code: postCode,
      shipping_tracking_id: '15501234567891',
      shipping_tracking_link: null,
    }),
    order('APPOINTMENT', 'UPCOMING', 'AP-65102', 9 * DAY_MS, 2 * DAY_MS, false, {
      appointment_type: 'Fibre router installation',
      line_post_code: postCode,
      appointment_date: day(5),
      appointment_window: '08:00-13:00',
      status: 'UPCOMING',
      last_changed: new Date(now.getTime() - 2 * DAY_MS).toISOString(),
    }),
    order('HARDWARE_ORDER', 'COMPLETED', 'HW-97950', 18 * DAY_MS, 15 * DAY_MS, true, {
      parts_to_order: [{ name: 'Yealink T31P desk phone', quantity: 1 }],
      shipping_date: day(-16),
      shipping_carrier_operator: 'APC',
      shipping_post_code: postCode,
      shipping_tracking_id: '7712346',
      shipping_tracking_link: null,
    }),
    order('NUMBER_TRANSFER', 'COMPLETED', 'PT-29873', 34 * DAY_MS, 20 * DAY_MS, true, {
      range_start: '02079460802',
      range_end: null,
      confirmed_transfer_date: day(-20),
      cloa_status: 'SIGNED',
    }),
    order('APPOINTMENT', 'CANCELLED', 'AP-64811', 31 * DAY_MS, 25 * DAY_MS, true, {
      appointment_type: 'Phone line survey',
      line_post_code: postCode,
      appointment_date: day(-24),
      appointment_window: '13:00-18:00',
      status: 'CANCELLED',
      last_changed: new Date(now.getTime() - 25 * DAY_MS).toISOString(),
    }),
    order('APPOINTMENT', 'COMPLETED', 'AP-63306', 45 * DAY_MS, 30 * DAY_MS, true, {
      appointment_type: 'Broadband installation',
      line_post_code: postCode,
      appointment_date: day(-30),
      appointment_window: '08:00-13:00',
      status: 'COMPLETED',
      last_changed: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
    }),
  ]);
  await seedOrderHistory(tx, account.id, postCode, now);
}
