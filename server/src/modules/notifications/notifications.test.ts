import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  MarkedAsRead,
  NotificationPage,
  OrderPage,
  ServiceUpdatePage,
  ServiceUpdatesMarkedAsRead,
  type Notification,
  type Order,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { accountServiceUpdates, notifications, orders, serviceUpdates, users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, SEED_TIME, useTestApp, type Csrf } from '../../test/helper.ts';

const t = useTestApp();

let csrf: Csrf;
/** Tokens: Acme (the demo customer, only read here), Kestrel (marked read here), a trial customer and staff (no notifications). */
const key = { acme: '', kestrel: '', trial: '', staff: '' };
const account = { acme: 0, kestrel: 0 };

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [key.acme, key.kestrel, key.trial, key.staff] = await Promise.all([
    login(t.app, demoLogins.customer),
    login(t.app, demoLogins.notifications),
    login(t.app, demoLogins.trial),
    login(t.app, demoLogins.staff),
  ]);
  const accountOf = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0]!.accountId!;
  account.acme = await accountOf(demoLogins.customer.email);
  account.kestrel = await accountOf(demoLogins.notifications.email);
});

const get = (url: string, token = key.acme) => t.app.inject({ method: 'GET', url, headers: authHeaders(token) });
const post = (url: string, payload: object, token = key.kestrel) =>
  t.app.inject({ method: 'POST', url, headers: authHeaders(token, csrf), payload });

async function serviceUpdatesOf(token = key.acme, query = '') {
  const response = await get(`/api/v3/service-updates/${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return ServiceUpdatePage.parse(response.json());
}
async function notificationsOf(token = key.acme, query = '') {
  const response = await get(`/api/v3/notifications/${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return NotificationPage.parse(response.json());
}
async function ordersOf(token = key.acme, query = '') {
  const response = await get(`/api/v3/orders/${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return OrderPage.parse(response.json());
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const before = (ms: number) => new Date(SEED_TIME.getTime() - ms).toISOString();

describe('the lists', () => {
  it("answer the demo customer's service updates, newest published first, with sanitised HTML", async () => {
    const page = await serviceUpdatesOf();
    expect(page).toMatchObject({ count: 3, next: null, previous: null });
    expect(page.results.map((u) => [u.title, u.published, u.read])).toEqual([
      ['Broadband outage in Leeds LS11', before(2 * HOUR_MS), false],
      ['Planned maintenance: call recordings', before(3 * DAY_MS), false],
      ['Resolved: calls to 0800 numbers', before(9 * DAY_MS), true],
    ]);
    const [outage, maintenance] = page.results;
    expect(outage).toMatchObject({
      chip: { type: 'warning', text: 'Investigating' },
      tags: [{ name: 'Broadband', color: 'blue' }],
      date: before(HOUR_MS),
    });
    expect(outage!.body).toContain('<a href="https://status.example.com/incidents/ls11">status page</a>');
    // The seed's maintenance body carries an inline style and a script, as pasted from an editor.
    expect(maintenance!.body).toBe(
      '<p>On Sunday between 02:00 and 04:00 we are upgrading the storage behind call recordings.</p>' +
        '<ol><li>Calls are recorded as usual.</li><li>Recordings made during the window appear in <em>Call history</em> once the work is done.</li></ol>',
    );
    expect(maintenance!.chip).toBeNull();
  });

  it('answer notifications of every kind, newest changed first, a CLOA one with its number transfer', async () => {
    const page = await notificationsOf();
    expect(page.count).toBe(5);
    expect(page.results.map((n) => [n.kind, n.title, n.read])).toEqual([
      ['TARGETED', 'Your broadband may be affected', false],
      ['CLOA', 'Sign your letter of authority', false],
      ['NUMBER_CHANGE', 'Number added', false],
      ['TARGETED', 'New: call reports by the hour', true],
      ['NUMBER_CHANGE', 'Number removed', true],
    ]);
    const changed = page.results.map((n) => n.last_changed);
    expect([...changed].sort().reverse()).toEqual(changed);

    const cloa = page.results[1] as Extract<Notification, { kind: 'CLOA' }>;
    expect(cloa.cloa.kind).toBe('UNSIGNED');
    expect(cloa.cloa.order).toMatchObject({
      kind: 'NUMBER_TRANSFER',
      status: 'SUBMITTED',
      order_id: 'PT-20417',
      account_id: account.acme,
      number_transfer: {
        range_start: '01632960500',
        range_end: '01632960509',
        isRange: true,
        confirmed_transfer_date: null,
        cloa_status: 'UNSIGNED',
      },
    });
    expect(cloa.date_ordered).toBe(cloa.cloa.order.date_ordered);

    const related = page.results[0] as Extract<Notification, { kind: 'TARGETED' }>;
    const [outage] = (await serviceUpdatesOf()).results;
    expect(related.service_update_id).toBe(outage!.id);
    expect(related.targeted.body).toMatch(/^<p>Engineers are fixing a fault/);
    expect(page.results[2]).toMatchObject({ number_change: { type: 'ADDED', number: '02079460103' } });
  });

  it('answer orders of every kind, newest updated first', async () => {
    const page = await ordersOf();
    expect(page.results.map((o) => [o.kind, o.status, o.order_id, o.read])).toEqual([
      ['NUMBER_TRANSFER', 'SUBMITTED', 'PT-20417', false],
      ['HARDWARE_ORDER', 'DISPATCHED', 'HW-88213', false],
      ['APPOINTMENT', 'UPCOMING', 'AP-55102', false],
      ['HARDWARE_ORDER', 'COMPLETED', 'HW-87950', true],
      ['NUMBER_TRANSFER', 'COMPLETED', 'PT-19873', true],
      ['APPOINTMENT', 'CANCELLED', 'AP-54811', true],
      ['APPOINTMENT', 'COMPLETED', 'AP-53306', true],
      // The order tracker's older history (demo-orders.ts).
      ['HARDWARE_ORDER', 'COMMITTED', 'HW-86402', true],
      ['HARDWARE_ORDER', 'DISPATCHED', 'HW-86377', true],
      ['NUMBER_TRANSFER', 'NEW', 'PT-18990', true],
      ['NUMBER_TRANSFER', 'CANCELLED', 'PT-18804', true],
      ['HARDWARE_ORDER', 'COMPLETED', 'HW-85120', true],
      ['HARDWARE_ORDER', 'CANCELLED', 'HW-84988', true],
    ]);
    const hardware = page.results[1] as Extract<Order, { kind: 'HARDWARE_ORDER' }>;
    expect(hardware.hardware).toMatchObject({
      shipping_carrier_operator: 'DPD',
      shipping_post_code: 'LS11 5PZ',
      shipping_tracking_id: '15501234567890',
      parts_to_order: [
        { name: 'Yealink T54W desk phone', quantity: 2 },
        { name: 'Yealink W73P cordless handset', quantity: 1 },
      ],
    });
    const single = page.results[4] as Extract<Order, { kind: 'NUMBER_TRANSFER' }>;
    expect(single.number_transfer).toMatchObject({ range_end: null, isRange: false, cloa_status: 'SIGNED' });
    expect(page.results[2]).toMatchObject({
      appointment: { status: 'UPCOMING', appointment_window: '08:00-13:00', line_post_code: 'LS11 5PZ' },
    });
  });

  it('answer each account its own items only, and nothing to a customer without any or to staff', async () => {
    const [acme, kestrel] = await Promise.all([ordersOf(key.acme), ordersOf(key.kestrel)]);
    // Acme also has the order tracker's older history (demo-orders.ts).
    expect([acme.count, kestrel.count]).toEqual([13, 7]);
    const acmeIds = new Set(acme.results.map((o) => o.id));
    expect(kestrel.results.some((o) => acmeIds.has(o.id))).toBe(false);
    expect(new Set(kestrel.results.map((o) => o.account_id))).toEqual(new Set([account.kestrel]));
    const acmeNotificationIds = new Set((await notificationsOf(key.acme)).results.map((n) => n.id));
    const kestrelNotifications = (await notificationsOf(key.kestrel)).results;
    expect(kestrelNotifications).toHaveLength(acmeNotificationIds.size);
    expect(kestrelNotifications.filter((n) => acmeNotificationIds.has(n.id))).toEqual([]);

    for (const token of [key.trial, key.staff]) {
      expect(await serviceUpdatesOf(token)).toEqual({ count: 0, next: null, previous: null, results: [] });
      expect((await notificationsOf(token)).results).toEqual([]);
      expect((await ordersOf(token)).results).toEqual([]);
    }
  });

  it('page with page_size and page, and filter with type=unread', async () => {
    const first = await ordersOf(key.acme, '?page_size=3');
    expect(first).toMatchObject({ count: 13, next: '/api/v3/orders/?page=2&page_size=3', previous: null });
    expect(first.results.map((o) => o.order_id)).toEqual(['PT-20417', 'HW-88213', 'AP-55102']);
    const last = await ordersOf(key.acme, '?page_size=3&page=5');
    expect(last).toMatchObject({ next: null, previous: '/api/v3/orders/?page=4&page_size=3' });
    expect(last.results.map((o) => o.order_id)).toEqual(['HW-84988']);
    expect((await ordersOf(key.acme, '?page_size=3&page=9')).results).toEqual([]);

    const unread = await notificationsOf(key.acme, '?type=unread');
    expect(unread.count).toBe(3);
    expect(unread.results.every((n) => !n.read)).toBe(true);
    expect((await serviceUpdatesOf(key.acme, '?type=all&page_size=50')).count).toBe(3);
    expect((await serviceUpdatesOf(key.acme, '?type=unread&page_size=1')).next).toBe(
      '/api/v3/service-updates/?page=2&page_size=1&type=unread',
    );
  });

  it('refuse a bad page_size, page or type', async () => {
    for (const query of [
      '?page_size=0',
      '?page_size=101',
      '?page_size=abc',
      '?page=0',
      '?type=read',
      '?page_size=1.5',
    ]) {
      expect((await get(`/api/v3/orders/${query}`)).statusCode, query).toBe(400);
    }
  });

  it('hide a service update until it is published, and sanitise any HTML a writer stored', async () => {
    const [scheduled, hostile] = await t.db
      .insert(serviceUpdates)
      .values([
        {
          title: 'Scheduled',
          body: '<p>Later</p>',
          date: SEED_TIME,
          published: new Date(SEED_TIME.getTime() + DAY_MS),
        },
        {
          title: 'Hostile',
          body:
            '<p onclick="steal()">Hi<img src=x onerror=alert(1)></p><a href="javascript:alert(1)">x</a><a href=" JaVa&#x09;script:alert(1)">y</a>' +
            '<iframe src="https://evil.example"></iframe><style>p{}</style><svg><script>alert(1)</script></svg><a href="mailto:help@example.com" target="_top">mail</a>',
          date: SEED_TIME,
          published: new Date(SEED_TIME.getTime() - 60_000),
        },
      ])
      .returning();
    await t.db.insert(accountServiceUpdates).values([
      { accountId: account.acme, serviceUpdateId: scheduled!.id },
      { accountId: account.acme, serviceUpdateId: hostile!.id },
    ]);
    try {
      const page = await serviceUpdatesOf();
      expect(page.results.map((u) => u.title)).not.toContain('Scheduled');
      const answered = page.results.find((u) => u.title === 'Hostile');
      expect(answered?.body).toBe('<p>Hi</p><a>x</a><a>y</a><a href="mailto:help@example.com">mail</a>');
      // Nor can it be marked read before it is published.
      expect((await post('/api/v3/service-updates/mark-as-read/', { ids: [scheduled!.id] }, key.acme)).statusCode).toBe(
        404,
      );
    } finally {
      await t.db.delete(serviceUpdates).where(inArray(serviceUpdates.id, [scheduled!.id, hostile!.id]));
    }
  });
});

describe('mark as read', () => {
  it('marks one notification read, and only that one', async () => {
    const before = await notificationsOf(key.kestrel);
    const target = before.results.find((n) => n.kind === 'NUMBER_CHANGE' && !n.read)!;
    const response = await post('/api/v3/notifications/mark-as-read/', { ids: [target.id, target.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(MarkedAsRead.parse(response.json())).toEqual({ ids: [target.id] });
    const after = await notificationsOf(key.kestrel);
    expect(
      after.results
        .filter((n) => n.read)
        .map((n) => n.id)
        .sort(),
    ).toEqual([...before.results.filter((n) => n.read).map((n) => n.id), target.id].sort());
    // Again: nothing changes, and it still answers the id.
    expect(
      MarkedAsRead.parse((await post('/api/v3/notifications/mark-as-read/', { ids: [target.id] })).json()),
    ).toEqual({ ids: [target.id] });
  });

  it('marks an order read', async () => {
    const target = (await ordersOf(key.kestrel)).results.find((o) => o.kind === 'APPOINTMENT' && !o.read)!;
    const response = await post('/api/v3/orders/mark-as-read/', { ids: [target.id] });
    expect(MarkedAsRead.parse(response.json())).toEqual({ ids: [target.id] });
    expect((await ordersOf(key.kestrel)).results.find((o) => o.id === target.id)?.read).toBe(true);
  });

  it('marks a service update read, and the notifications that belong to it', async () => {
    const [outage] = (await serviceUpdatesOf(key.kestrel)).results;
    const related = (await notificationsOf(key.kestrel)).results.filter((n) => n.service_update_id === outage!.id);
    expect(related.map((n) => n.read)).toEqual([false]);
    const response = await post('/api/v3/service-updates/mark-as-read/', { ids: [outage!.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(ServiceUpdatesMarkedAsRead.parse(response.json())).toEqual({
      ids: [outage!.id],
      notification_ids: related.map((n) => n.id),
    });
    expect((await serviceUpdatesOf(key.kestrel)).results[0]?.read).toBe(true);
    expect((await notificationsOf(key.kestrel)).results.find((n) => n.id === related[0]!.id)?.read).toBe(true);
    // Acme received the same update: its read state is its own.
    expect((await serviceUpdatesOf(key.acme)).results[0]).toMatchObject({ id: outage!.id, read: false });
    expect((await notificationsOf(key.acme)).results[0]).toMatchObject({ service_update_id: outage!.id, read: false });
  });

  it("answers 404 for another account's item, an unknown one or a mix, and marks nothing", async () => {
    const acmeUnread = (await notificationsOf(key.acme, '?type=unread')).results.map((n) => n.id);
    const kestrelUnread = (await notificationsOf(key.kestrel, '?type=unread')).results.map((n) => n.id);
    expect(kestrelUnread.length).toBeGreaterThan(0);
    for (const ids of [[acmeUnread[0]!], [2_000_000_000], [kestrelUnread[0]!, acmeUnread[0]!]]) {
      const response = await post('/api/v3/notifications/mark-as-read/', { ids });
      expect(response.statusCode, JSON.stringify(ids)).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
    const acmeOrder = (await ordersOf(key.acme)).results.find((o) => !o.read)!;
    expect((await post('/api/v3/orders/mark-as-read/', { ids: [acmeOrder.id] })).statusCode).toBe(404);
    const acmeUpdate = (await serviceUpdatesOf(key.acme)).results.find((u) => !u.read)!;
    // Kestrel received this update too, so a service update of an account nobody shares is made for the check.
    const [own] = await t.db
      .insert(serviceUpdates)
      .values({ title: 'Acme only', body: '', date: SEED_TIME, published: SEED_TIME })
      .returning();
    await t.db.insert(accountServiceUpdates).values({ accountId: account.acme, serviceUpdateId: own!.id });
    try {
      expect((await post('/api/v3/service-updates/mark-as-read/', { ids: [own!.id] })).statusCode).toBe(404);
    } finally {
      await t.db.delete(serviceUpdates).where(eq(serviceUpdates.id, own!.id));
    }
    expect(acmeUpdate.read).toBe(false);
    expect((await notificationsOf(key.acme, '?type=unread')).results.map((n) => n.id)).toEqual(acmeUnread);
    expect((await notificationsOf(key.kestrel, '?type=unread')).results.map((n) => n.id)).toEqual(kestrelUnread);
    expect((await ordersOf(key.acme)).results.find((o) => o.id === acmeOrder.id)?.read).toBe(false);

    // Staff have no account: no item is theirs, and "all" marks nothing.
    expect(
      (await post('/api/v3/notifications/mark-as-read/', { ids: [kestrelUnread[0]!] }, key.staff)).statusCode,
    ).toBe(404);
    expect((await post('/api/v3/orders/mark-as-read/', { all: true }, key.staff)).json()).toEqual({ ids: [] });
    expect((await post('/api/v3/service-updates/mark-as-read/', { all: true }, key.staff)).json()).toEqual({
      ids: [],
      notification_ids: [],
    });
  });

  it('refuses a body without ids, with bad ids or with all other than true', async () => {
    for (const payload of [
      {},
      { ids: [] },
      { ids: [0] },
      { ids: [-1] },
      { ids: ['1'] },
      { ids: [2_147_483_648] },
      { all: false },
      { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
    ]) {
      const response = await post('/api/v3/notifications/mark-as-read/', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
  });

  it('answers 401 without a token and 403 without the CSRF header', async () => {
    for (const url of ['/api/v3/service-updates/', '/api/v3/notifications/', '/api/v3/orders/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      const mark = `${url}mark-as-read/`;
      expect(
        (await t.app.inject({ method: 'POST', url: mark, headers: csrf.headers, payload: { all: true } })).statusCode,
        mark,
      ).toBe(401);
      const noCsrf = await t.app.inject({
        method: 'POST',
        url: mark,
        headers: authHeaders(key.kestrel),
        payload: { all: true },
      });
      expect(noCsrf.statusCode, mark).toBe(403);
    }
    // Nothing was marked by the refused calls.
    expect((await ordersOf(key.kestrel, '?type=unread')).count).toBeGreaterThan(0);
  });

  it('"Clear all" marks every unread item of each kind read, and no other account\'s', async () => {
    const unread = {
      serviceUpdates: (await serviceUpdatesOf(key.kestrel, '?type=unread')).results.map((u) => u.id),
      notifications: (await notificationsOf(key.kestrel, '?type=unread')).results.map((n) => n.id),
      orders: (await ordersOf(key.kestrel, '?type=unread')).results.map((o) => o.id),
    };
    expect(unread.serviceUpdates.length * unread.notifications.length * unread.orders.length).toBeGreaterThan(0);
    const acmeUnreadBefore = (await notificationsOf(key.acme, '?type=unread')).count;

    const updates = ServiceUpdatesMarkedAsRead.parse(
      (await post('/api/v3/service-updates/mark-as-read/', { all: true })).json(),
    );
    expect(updates.ids).toEqual([...unread.serviceUpdates].sort((a, b) => a - b));
    const marked = MarkedAsRead.parse((await post('/api/v3/notifications/mark-as-read/', { all: true })).json());
    expect(marked.ids).toEqual([...unread.notifications].sort((a, b) => a - b));
    expect(MarkedAsRead.parse((await post('/api/v3/orders/mark-as-read/', { all: true })).json()).ids).toEqual(
      [...unread.orders].sort((a, b) => a - b),
    );

    expect((await serviceUpdatesOf(key.kestrel, '?type=unread')).count).toBe(0);
    expect((await notificationsOf(key.kestrel, '?type=unread')).count).toBe(0);
    expect((await ordersOf(key.kestrel, '?type=unread')).count).toBe(0);
    // Again: nothing left to mark.
    expect((await post('/api/v3/orders/mark-as-read/', { all: true })).json()).toEqual({ ids: [] });
    expect((await notificationsOf(key.acme, '?type=unread')).count).toBe(acmeUnreadBefore);

    const stored = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, account.kestrel)));
    expect(
      stored.every((n) => n.readAt?.getTime() === t.clock.now().getTime() || (n.readAt && n.readAt < SEED_TIME)),
    ).toBe(true);
    expect(
      (await t.db.select().from(orders).where(eq(orders.accountId, account.acme))).filter((o) => o.readAt === null),
    ).toHaveLength(3);
  });
});

describe('the notification count', () => {
  it('counts only what the list can show: a page full of CLOA notifications without their number transfer is not a page of nothing', async () => {
    // The trial customer has no notifications of its own; give it two it can see, and, newer, three
    // CLOA ones whose order is another account's (so they cannot be shown).
    const [trialUser] = await t.db.select().from(users).where(eq(users.email, demoLogins.trial.email));
    const trialAccount = trialUser!.accountId!;
    const [acmeOrder] = await t.db.select().from(orders).where(eq(orders.accountId, account.acme)).limit(1);
    const at = (minutes: number) => new Date(SEED_TIME.getTime() - minutes * 60_000);
    const detail = { title: 'Planned work', summary: 'Short', body: '<p>Body</p>', created: '2025-03-01', tags: [] };
    const shown = await t.db
      .insert(notifications)
      .values([
        { accountId: trialAccount, kind: 'TARGETED', title: 'Shown 1', lastChanged: at(50), detail },
        { accountId: trialAccount, kind: 'TARGETED', title: 'Shown 2', lastChanged: at(60), detail },
      ])
      .returning({ id: notifications.id });
    await t.db.insert(notifications).values(
      [1, 2, 3].map((n) => ({
        accountId: trialAccount,
        kind: 'CLOA' as const,
        title: `Hidden ${n}`,
        lastChanged: at(n),
        orderId: acmeOrder!.id,
      })),
    );

    const page = await notificationsOf(key.trial, '?page_size=2');
    expect(page.results.map((n) => n.title)).toEqual(['Shown 1', 'Shown 2']);
    expect(page).toMatchObject({ count: 2, next: null, previous: null });
    expect((await notificationsOf(key.trial, '?type=unread&page_size=2')).count).toBe(2);
    expect(page.results.map((n) => n.id)).toEqual(shown.map((row) => row.id));
  });
});
