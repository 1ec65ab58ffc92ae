import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { CreditStatus, GettingStarted, LockedUsers, ServiceStatus } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { accounts, creditControlStatuses, products, users } from '../../db/schema/index.ts';
import { authHeaders, login, useTestApp } from '../../test/helper.ts';

const t = useTestApp();

async function get(url: string, key?: string) {
  return t.app.inject({ method: 'GET', url, headers: key ? authHeaders(key) : {} });
}

/** The demo account's products by detail, and its id. */
async function accountOf(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  const rows = await t.db.select().from(products).where(eq(products.accountId, user!.accountId!)).orderBy(products.id);
  return { accountId: user!.accountId!, products: rows };
}

let multi: string;
let customer: string;
let welcome: string;
let staff: string;
let harbour: Awaited<ReturnType<typeof accountOf>>;

beforeAll(async () => {
  [multi, customer, welcome, staff] = await Promise.all([
    login(t.app, demoLogins.multiProduct),
    login(t.app, demoLogins.customer),
    login(t.app, demoLogins.gettingStarted),
    login(t.app, demoLogins.staff),
  ]);
  harbour = await accountOf(demoLogins.multiProduct.email);
});

const byDetail = (detail: string) => harbour.products.find((p) => p.productDetail.includes(detail))!;

describe('GET /api/v3/voip/getting-started/', () => {
  it('lists the cloud phones whose getting-started flow is due', async () => {
    const nova = await accountOf(demoLogins.gettingStarted.email);
    const response = await get('/api/v3/voip/getting-started/', welcome);
    expect(response.statusCode).toBe(200);
    expect(GettingStarted.parse(response.json())).toEqual({ getting_started_product_ids: [nova.products[0]!.id] });
  });

  it('is empty for the other demo customers and for staff', async () => {
    for (const key of [multi, customer, staff]) {
      expect((await get('/api/v3/voip/getting-started/', key)).json()).toEqual({ getting_started_product_ids: [] });
    }
  });

  it('answers 401 without a token', async () => {
    expect((await get('/api/v3/voip/getting-started/')).statusCode).toBe(401);
  });
});

describe('GET /api/v3/voip/service-status/', () => {
  it("answers each of the customer's cloud phones, blocked with its reason", async () => {
    const response = await get('/api/v3/voip/service-status/', multi);
    expect(response.statusCode).toBe(200);
    expect(ServiceStatus.parse(response.json())).toEqual({
      results: [
        { product_id: byDetail('Southampton').id, service_status: 'active', reason: null },
        { product_id: byDetail('Portsmouth').id, service_status: 'blocked', reason: 'Suspended for non-payment' },
      ],
    });
  });

  it('a suspension for non-payment lasts while the account owes: paid in full, the phone is active again', async () => {
    const owed = await t.db
      .select()
      .from(creditControlStatuses)
      .where(eq(creditControlStatuses.accountId, harbour.accountId));
    expect(owed).not.toHaveLength(0);
    const portsmouth = () =>
      get('/api/v3/voip/service-status/', multi).then((response) =>
        ServiceStatus.parse(response.json()).results.find((entry) => entry.product_id === byDetail('Portsmouth').id),
      );
    await t.db.delete(creditControlStatuses).where(eq(creditControlStatuses.accountId, harbour.accountId));
    try {
      expect(await portsmouth()).toEqual({
        product_id: byDetail('Portsmouth').id,
        service_status: 'active',
        reason: null,
      });
      // Another reason is not lifted by a payment.
      await t.db
        .update(products)
        .set({ serviceBlockedReason: 'Suspended at your request' })
        .where(eq(products.id, byDetail('Portsmouth').id));
      expect(await portsmouth()).toEqual({
        product_id: byDetail('Portsmouth').id,
        service_status: 'blocked',
        reason: 'Suspended at your request',
      });
    } finally {
      await t.db
        .update(products)
        .set({ serviceBlockedReason: 'Suspended for non-payment' })
        .where(eq(products.id, byDetail('Portsmouth').id));
      await t.db.insert(creditControlStatuses).values(owed);
    }
    expect((await portsmouth())?.service_status).toBe('blocked');
  });

  it("answers only the customer's own phones, nothing for staff, 401 without a token", async () => {
    const acme = await accountOf(demoLogins.customer.email);
    expect((await get('/api/v3/voip/service-status/', customer)).json()).toEqual({
      results: [{ product_id: acme.products[0]!.id, service_status: 'active', reason: null }],
    });
    expect((await get('/api/v3/voip/service-status/', staff)).json()).toEqual({ results: [] });
    expect((await get('/api/v3/voip/service-status/')).statusCode).toBe(401);
  });
});

describe('GET /api/v3/voip/{id}/users/locked/', () => {
  it('lists the locked users of a cloud phone', async () => {
    const response = await get(`/api/v3/voip/${byDetail('Southampton').id}/users/locked/`, multi);
    expect(response.statusCode).toBe(200);
    const body = LockedUsers.parse(response.json());
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ name: 'Dana Fox', extension: '201' });
    expect((await get(`/api/v3/voip/${byDetail('Portsmouth').id}/users/locked/`, multi)).json()).toEqual({
      results: [],
    });
  });

  it("answers 404 for another customer's phone, a product that is no phone and an unknown id", async () => {
    const southampton = byDetail('Southampton').id;
    for (const [url, key] of [
      [`/api/v3/voip/${southampton}/users/locked/`, customer],
      [`/api/v3/voip/${byDetail('Broadband').id}/users/locked/`, multi],
      ['/api/v3/voip/2147483647/users/locked/', multi],
      ['/api/v3/voip/99999999999/users/locked/', multi],
      [`/api/v3/voip/${southampton}/users/locked/`, staff],
    ] as const) {
      const response = await get(url, key);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers 400 for an id that is not a number, 401 without a token', async () => {
    expect((await get('/api/v3/voip/abc/users/locked/', multi)).statusCode).toBe(400);
    expect((await get(`/api/v3/voip/${byDetail('Southampton').id}/users/locked/`)).statusCode).toBe(401);
  });
});

describe('GET /customer/status/', () => {
  it("answers the account's credit-control statuses", async () => {
    const response = await get('/customer/status/', multi);
    expect(response.statusCode).toBe(200);
    const body = CreditStatus.parse(response.json());
    expect(body.results).toEqual([
      {
        account_id: harbour.accountId,
        stage: 'overdue',
        balance_due: '84.00',
        due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);
  });

  it('is empty for a customer in good standing and for staff, 401 without a token', async () => {
    expect((await get('/customer/status/', customer)).json()).toEqual({ results: [] });
    expect((await get('/customer/status/', staff)).json()).toEqual({ results: [] });
    expect((await get('/customer/status/')).statusCode).toBe(401);
  });

  it('is documented in the OpenAPI document with the other status calls', async () => {
    const document = (await get('/api/schema/')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/customer/status/',
        '/api/v3/voip/service-status/',
        '/api/v3/voip/getting-started/',
        '/api/v3/voip/{id}/users/locked/',
      ]),
    );
  });
});

describe('the shell demo accounts', () => {
  it('are named for what they show', async () => {
    const names = (await t.db.select({ name: accounts.name }).from(accounts)).map((a) => a.name);
    expect(names).toEqual(
      expect.arrayContaining(['Harbour Freight Ltd', 'Nova Dental', 'Pier Bakery', 'Lumen Design']),
    );
  });
});
