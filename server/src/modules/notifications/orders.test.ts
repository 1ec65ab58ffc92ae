import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { OrderPage, type Order } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { orders, users } from '../../db/schema/index.ts';
import { authHeaders, login, SEED_TIME, useTestApp } from '../../test/helper.ts';

// The order tracker's calls: GET /api/v3/orders/ filtered by kind with `type`, and the
// carrier tracking links the server answers (contract/src/orders.ts). Acme is only read; the
// orders added for the tracking rules go to the trial customer, which has none of its own.

const t = useTestApp();
const key = { acme: '', trial: '', staff: '' };
let trialAccount = 0;

beforeAll(async () => {
  [key.acme, key.trial, key.staff] = await Promise.all([
    login(t.app, demoLogins.customer),
    login(t.app, demoLogins.trial),
    login(t.app, demoLogins.staff),
  ]);
  trialAccount = (await t.db.select().from(users).where(eq(users.email, demoLogins.trial.email)))[0]!.accountId!;
});

const get = (url: string, token = key.acme) => t.app.inject({ method: 'GET', url, headers: authHeaders(token) });
async function ordersOf(query: string, token = key.acme) {
  const response = await get(`/api/v3/orders/${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return OrderPage.parse(response.json());
}
type Hardware = Extract<Order, { kind: 'HARDWARE_ORDER' }>;

describe('the type filter', () => {
  it('answers one kind of order, newest updated first, and keeps the type in the page links', async () => {
    const hardware = await ordersOf('?type=HARDWARE_ORDER');
    expect(hardware.count).toBe(6);
    expect(hardware.results.map((o) => [o.kind, o.order_id])).toEqual([
      ['HARDWARE_ORDER', 'HW-88213'],
      ['HARDWARE_ORDER', 'HW-87950'],
      ['HARDWARE_ORDER', 'HW-86402'],
      ['HARDWARE_ORDER', 'HW-86377'],
      ['HARDWARE_ORDER', 'HW-85120'],
      ['HARDWARE_ORDER', 'HW-84988'],
    ]);
    const transfers = await ordersOf('?type=NUMBER_TRANSFER&page_size=2');
    expect(transfers).toMatchObject({
      count: 4,
      previous: null,
      next: '/api/v3/orders/?page=2&page_size=2&type=NUMBER_TRANSFER',
    });
    expect(transfers.results.map((o) => o.order_id)).toEqual(['PT-20417', 'PT-19873']);
    const second = await ordersOf('?type=NUMBER_TRANSFER&page_size=2&page=2');
    expect(second).toMatchObject({ next: null, previous: '/api/v3/orders/?page=1&page_size=2&type=NUMBER_TRANSFER' });
    expect(second.results.map((o) => o.order_id)).toEqual(['PT-18990', 'PT-18804']);
    const appointments = await ordersOf('?type=APPOINTMENT');
    expect(appointments.results.map((o) => o.order_id)).toEqual(['AP-55102', 'AP-54811', 'AP-53306']);
  });

  it('answers every kind for type=all or no type, and unread ones for type=unread', async () => {
    const all = await ordersOf('?type=all&page_size=50');
    expect(all.count).toBe(13);
    expect(new Set(all.results.map((o) => o.kind))).toEqual(
      new Set(['NUMBER_TRANSFER', 'HARDWARE_ORDER', 'APPOINTMENT']),
    );
    expect((await ordersOf('?page_size=50')).results).toEqual(all.results);
    const unread = await ordersOf('?type=unread');
    expect(unread.results.map((o) => o.order_id)).toEqual(['PT-20417', 'HW-88213', 'AP-55102']);
  });

  it("filters only the caller's own orders: none for staff or a customer without any", async () => {
    expect((await ordersOf('?type=HARDWARE_ORDER', key.staff)).results).toEqual([]);
    expect((await ordersOf('?type=APPOINTMENT', key.trial)).count).toBe(0);
  });

  it('refuses a type that is not all, unread or a kind of order, with a readable message', async () => {
    for (const type of ['read', 'hardware_order', 'HARDWARE', 'NUMBER_CHANGE', '', 'ALL']) {
      const response = await get(`/api/v3/orders/?type=${encodeURIComponent(type)}`);
      expect(response.statusCode, type).toBe(400);
      expect(response.body, type).toContain('type must be all, unread, NUMBER_TRANSFER, HARDWARE_ORDER, APPOINTMENT');
    }
    expect((await get('/api/v3/orders/?type=HARDWARE_ORDER&type=APPOINTMENT')).statusCode).toBe(400);
  });
});

describe('tracking links', () => {
  it('answer the DPD link from the tracking id and post code, and the APC link from the tracking id', async () => {
    const hardware = (await ordersOf('?type=HARDWARE_ORDER')).results as Hardware[];
    const link = (reference: string) => hardware.find((o) => o.order_id === reference)!.hardware.shipping_tracking_link;
    expect(link('HW-88213')).toBe('https://track.dpd.co.uk/search?reference=15501234567890&postcode=LS115PZ');
    expect(link('HW-85120')).toBe('https://track.dpd.co.uk/search?reference=15509876543210&postcode=LS115PZ');
    expect(link('HW-87950')).toBe('https://apcchoice.apc-overnight.com/track-parcel?id=7712345');
    expect(link('HW-86377')).toBe('https://apcchoice.apc-overnight.com/track-parcel?id=7709876');
    // Not dispatched yet: nothing to follow.
    expect(link('HW-86402')).toBeNull();
  });

  it("answer another carrier's stored link only when it is a web address, and nothing DPD cannot look up", async () => {
    const at = new Date(SEED_TIME.getTime() - 60_000);
    const shipped = (
      reference: string,
      carrier: string | null,
      postCode: string | null,
      trackingId: string | null,
      link: string | null,
    ) => ({
      accountId: trialAccount,
      kind: 'HARDWARE_ORDER' as const,
      status: 'DISPATCHED',
      reference,
      dateOrdered: at,
      lastUpdatedDate: at,
      detail: {
        parts_to_order: [{ name: 'Desk phone', quantity: 1 }],
        shipping_date: '2025-03-01',
        shipping_carrier_operator: carrier,
        shipping_post_code: postCode,
        shipping_tracking_id: trackingId,
        shipping_tracking_link: link,
      },
    });
    await t.db
      .insert(orders)
      .values([
        shipped('T-1', 'Royal Mail', 'BS1 4DB', 'RM1', 'https://track.example/RM1'),
        shipped('T-2', 'Royal Mail', 'BS1 4DB', 'RM2', 'javascript:alert(1)'),
        shipped('T-3', 'DPD', null, '155', 'https://elsewhere.example/'),
        shipped('T-4', 'apc overnight', null, 'a b&c', null),
      ]);
    const hardware = (await ordersOf('?type=HARDWARE_ORDER', key.trial)).results as Hardware[];
    expect(Object.fromEntries(hardware.map((o) => [o.order_id, o.hardware.shipping_tracking_link]))).toEqual({
      'T-1': 'https://track.example/RM1',
      'T-2': null,
      // DPD needs the post code; the stored link is a web address, so it is answered.
      'T-3': 'https://elsewhere.example/',
      'T-4': 'https://apcchoice.apc-overnight.com/track-parcel?id=a%20b%26c',
    });
  });
});
