import type { InstallationAddress } from '@portal/contract';

import type { Inserts } from '../../db/connect.ts';
import { seedCustomer, type SeedTransaction } from '../../db/demo-customers.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { demoUser, type DemoUser } from '../../db/demo-users.ts';
import {
  accountServiceUpdates,
  notifications,
  orders,
  serviceUpdates,
  type NotificationDetail,
  type OrderDetail,
} from '../../db/schema/notifications.ts';

/**
 * Demo data for the notification centre: service updates, notifications of every kind
 * (with an unsigned letter of authority) and orders of every kind and chip, for the demo
 * customer (Acme) and for a customer of its own (Kestrel); the sandbox's customer factory makes
 * customers like Kestrel for the notifications e2e spec, which marks things read. Seeded by
 * seed.ts in its transaction, after the other demo data, so earlier ids stay. Everything is
 * dated relative to the first start.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const kestrelAddress: InstallationAddress = {
  summary_line: '12 Mill Lane, York, YO1 7HH',
  line_one: '12 Mill Lane',
  line_two: '',
  city: 'York',
  county: 'North Yorkshire',
  post_code: 'YO1 7HH',
};

/** The Kestrel login with its password hash; slow, so seed.ts starts it before its transaction. */
export function notificationDemoUser(): Promise<DemoUser> {
  return demoUser(demoLogins.notifications);
}

type Tx = Inserts;

/**
 * Seeds the Kestrel customer, the service updates (delivered to Acme and Kestrel), and each
 * of the two accounts' notifications and orders.
 */
export async function seedNotificationDemo(
  tx: SeedTransaction,
  user: DemoUser,
  acmeAccountId: number,
  now: Date,
): Promise<void> {
  const kestrelId = await insertKestrelLike(tx, user, 'Kestrel Electrical Ltd', now);
  const updates = await insertServiceUpdates(tx, now);
  await seedCentre(tx, acmeAccountId, updates, 'LS11 5PZ', now);
  await seedCentre(tx, kestrelId, updates, kestrelAddress.post_code, now);
}

/**
 * A customer like Kestrel Electrical, with a notification centre of its own (its own copies of the
 * service updates): the sandbox's customers for the notifications e2e spec, which marks things read.
 */
export async function seedKestrelLike(tx: SeedTransaction, user: DemoUser, company: string, now: Date): Promise<void> {
  const accountId = await insertKestrelLike(tx, user, company, now);
  await seedCentre(tx, accountId, await insertServiceUpdates(tx, now), kestrelAddress.post_code, now);
}

/** Kestrel's account, sign-in user, broadband and phone line; answers the account's id. */
async function insertKestrelLike(tx: SeedTransaction, user: DemoUser, company: string, now: Date): Promise<number> {
  const line = {
    kind: 'telco',
    supplier: 1,
    status: 'live',
    channel: 'Self Sign Up',
    installationAddress: kestrelAddress,
    confirmedDate: '2024-05-14',
  } as const;
  const { accountId } = await seedCustomer(
    tx,
    {
      company,
      user,
      products: [
        { ...line, subKind: 'broadband', productDetail: 'Business Broadband 80 Mbps' },
        { ...line, subKind: 'phoneline', productDetail: 'Business phone line 01632 960710' },
      ],
    },
    now,
  );
  return accountId;
}

interface ServiceUpdateIds {
  outage: number;
  maintenance: number;
  resolved: number;
}

/** The three service updates of the demo (an outage, planned maintenance, a resolved fault), delivered to no one yet. */
async function insertServiceUpdates(tx: Tx, now: Date): Promise<ServiceUpdateIds> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const [outage, maintenance, resolved] = await tx
    .insert(serviceUpdates)
    .values([
      {
        title: 'Broadband outage in Leeds LS11',
        subtitle: 'Engineers are on site',
        summary: 'Some business broadband lines in LS11 have no connection. Cloud phone calls are not affected.',
        body:
          '<p>Since 07:40 some business broadband lines in <strong>Leeds LS11</strong> have had no connection. Engineers are on site and expect the service back by 13:00.</p>' +
          '<ul><li>Cloud phone calls are not affected.</li><li>There is no need to restart your router.</li></ul>' +
          '<p>We will post the next update by 12:00 on our <a href="https://status.example.com/incidents/ls11">status page</a>.</p>',
        tags: [{ name: 'Broadband', color: 'blue' }],
        chip: { type: 'warning', text: 'Investigating' },
        date: ago(1 * HOUR_MS),
        published: ago(2 * HOUR_MS),
      },
      {
        title: 'Planned maintenance: call recordings',
        subtitle: 'Sunday, 02:00 to 04:00',
        summary: 'Call recordings will be unavailable for up to two hours while we upgrade storage.',
        // As a content editor pastes it: the inline style and the script are not answered.
        body:
          '<p style="margin:0">On Sunday between 02:00 and 04:00 we are upgrading the storage behind call recordings.</p>' +
          '<ol><li>Calls are recorded as usual.</li><li>Recordings made during the window appear in <em>Call history</em> once the work is done.</li></ol>' +
          '<script>trackView()</script>',
        tags: [
          { name: 'Planned maintenance', color: 'orange' },
          { name: 'Cloud phone', color: 'grey' },
        ],
        chip: null,
        date: ago(3 * DAY_MS),
        published: ago(3 * DAY_MS),
      },
      {
        title: 'Resolved: calls to 0800 numbers',
        subtitle: '',
        summary: 'Calls to some 0800 numbers failed for 40 minutes this morning. This is fixed.',
        body: '<p>Between 09:10 and 09:50 some calls to 0800 numbers failed with a busy tone. The fault is fixed and calls connect normally.</p>',
        tags: [{ name: 'Cloud phone', color: 'green' }],
        chip: { type: 'success', text: 'Resolved' },
        date: ago(8 * DAY_MS),
        published: ago(9 * DAY_MS),
      },
    ])
    .returning();
  if (!outage || !maintenance || !resolved) throw new Error('seed: service updates not inserted');
  return { outage: outage.id, maintenance: maintenance.id, resolved: resolved.id };
}

/** Delivers the service updates to the account (the resolved one read) and seeds its orders and notifications. */
async function seedCentre(tx: Tx, accountId: number, updates: ServiceUpdateIds, postCode: string, now: Date) {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const day = (offsetDays: number) => new Date(now.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
  await tx.insert(accountServiceUpdates).values([
    { accountId, serviceUpdateId: updates.outage },
    { accountId, serviceUpdateId: updates.maintenance },
    { accountId, serviceUpdateId: updates.resolved, readAt: ago(8 * DAY_MS) },
  ]);
  await seedAccountCentre(tx, accountId, now, updates.outage, postCode, day);
}

/** One account's orders (each kind, each chip) and notifications (each kind, an unsigned letter of authority). */
async function seedAccountCentre(
  tx: Tx,
  accountId: number,
  now: Date,
  outageId: number,
  postCode: string,
  day: (offsetDays: number) => string,
) {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const order = (
    kind: 'NUMBER_TRANSFER' | 'HARDWARE_ORDER' | 'APPOINTMENT',
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

  const [transfer] = await tx
    .insert(orders)
    .values([
      // Waiting for the customer to sign: "Accepted", letter of authority Unsigned.
      order('NUMBER_TRANSFER', 'SUBMITTED', 'PT-20417', 6 * DAY_MS, 5 * HOUR_MS + 10 * 60_000, false, {
        range_start: '01632960500',
        range_end: '01632960509',
        confirmed_transfer_date: null,
        cloa_status: 'UNSIGNED',
      }),
      order('HARDWARE_ORDER', 'DISPATCHED', 'HW-88213', 4 * DAY_MS, DAY_MS + 2 * HOUR_MS, false, {
        parts_to_order: [
          { name: 'Yealink T54W desk phone', quantity: 2 },
          { name: 'Yealink W73P cordless handset', quantity: 1 },
        ],
        shipping_date: day(-1),
        shipping_carrier_operator: 'DPD',
        shipping_post_code: postCode,
        shipping_tracking_id: '15501234567890',
        shipping_tracking_link: null,
      }),
      order('APPOINTMENT', 'UPCOMING', 'AP-55102', 9 * DAY_MS, 2 * DAY_MS, false, {
        appointment_type: 'Fibre router installation',
        line_post_code: postCode,
        appointment_date: day(5),
        appointment_window: '08:00-13:00',
        status: 'UPCOMING',
        last_changed: ago(2 * DAY_MS).toISOString(),
      }),
      order('HARDWARE_ORDER', 'COMPLETED', 'HW-87950', 18 * DAY_MS, 15 * DAY_MS, true, {
        parts_to_order: [{ name: 'Yealink T31P desk phone', quantity: 1 }],
        shipping_date: day(-16),
        shipping_carrier_operator: 'APC',
        shipping_post_code: postCode,
        shipping_tracking_id: '7712345',
        shipping_tracking_link: null,
      }),
      order('NUMBER_TRANSFER', 'COMPLETED', 'PT-19873', 34 * DAY_MS, 20 * DAY_MS, true, {
        range_start: '02079460102',
        range_end: null,
        confirmed_transfer_date: day(-20),
        cloa_status: 'SIGNED',
      }),
      order('APPOINTMENT', 'CANCELLED', 'AP-54811', 31 * DAY_MS, 25 * DAY_MS, true, {
        appointment_type: 'Phone line survey',
        line_post_code: postCode,
        appointment_date: day(-24),
        appointment_window: '13:00-18:00',
        status: 'CANCELLED',
        last_changed: ago(25 * DAY_MS).toISOString(),
      }),
      order('APPOINTMENT', 'COMPLETED', 'AP-53306', 45 * DAY_MS, 30 * DAY_MS, true, {
        appointment_type: 'Broadband installation',
        line_post_code: postCode,
        appointment_date: day(-30),
        appointment_window: '08:00-13:00',
        status: 'COMPLETED',
        last_changed: ago(30 * DAY_MS).toISOString(),
      }),
    ])
    .returning();
  if (!transfer) throw new Error('seed: orders not inserted');

  const notification = (
    kind: 'CLOA' | 'TARGETED' | 'NUMBER_CHANGE',
    title: string,
    text: string,
    changedAgo: number,
    read: boolean,
    extra: {
      detail?: NotificationDetail;
      orderId?: number;
      serviceUpdateId?: number;
      tags?: { name: string; color: 'green' | 'blue' | 'orange' | 'red' | 'grey' }[];
    } = {},
  ) => ({
    accountId,
    kind,
    title,
    text,
    lastChanged: ago(changedAgo),
    readAt: read ? ago(changedAgo - HOUR_MS) : null,
    detail: extra.detail ?? null,
    orderId: extra.orderId ?? null,
    serviceUpdateId: extra.serviceUpdateId ?? null,
    tags: extra.tags ?? [],
  });

  await tx.insert(notifications).values([
    {
      ...notification(
        'CLOA',
        'Sign your letter of authority',
        'We cannot transfer 01632 960500 to 01632 960509 until the letter of authority is signed.',
        5 * HOUR_MS,
        false,
        {
          orderId: transfer.id,
        },
      ),
      dateOrdered: transfer.dateOrdered,
      lastUpdatedDate: transfer.lastUpdatedDate,
    },
    notification(
      'TARGETED',
      'Your broadband may be affected',
      'An outage in Leeds LS11 may affect your line.',
      2 * HOUR_MS - 5 * 60_000,
      false,
      {
        serviceUpdateId: outageId,
        tags: [{ name: 'Broadband', color: 'blue' }],
        detail: {
          title: 'Your broadband may be affected',
          summary: 'An outage in Leeds LS11 may affect your line.',
          body:
            '<p>Engineers are fixing a fault that affects business broadband lines in LS11, which may include yours.</p>' +
            '<p>Your cloud phone keeps working on the mobile and desktop apps over any other connection.</p>',
          created: ago(2 * HOUR_MS - 5 * 60_000).toISOString(),
          tags: [{ name: 'Broadband', color: 'blue' }],
        },
      },
    ),
    notification('NUMBER_CHANGE', 'Number added', '+442079460103 was added to your cloud phone.', DAY_MS, false, {
      detail: {
        type: 'ADDED',
        number: '02079460103',
        text: '+442079460103 was added to your cloud phone. Choose where it rings in Call flows.',
      },
    }),
    notification('TARGETED', 'New: call reports by the hour', 'See when your busiest hours are.', 6 * DAY_MS, true, {
      tags: [{ name: 'New feature', color: 'green' }],
      detail: {
        title: 'New: call reports by the hour',
        summary: 'See when your busiest hours are.',
        body: '<p>Call reports now show calls <strong>by the hour</strong>, so you can plan who answers when.</p><p><a href="/">Open the portal</a> and choose Call reports.</p>',
        created: ago(6 * DAY_MS).toISOString(),
        tags: [{ name: 'New feature', color: 'green' }],
      },
    }),
    notification(
      'NUMBER_CHANGE',
      'Number removed',
      '+441632960104 was removed from your cloud phone.',
      12 * DAY_MS,
      true,
      {
        detail: {
          type: 'REMOVED',
          number: '01632960104',
          text: '+441632960104 was removed from your cloud phone, as you asked.',
        },
      },
    ),
  ]);
}
