import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  NotificationPage,
  NUMBER_RESERVATIONS_PER_HOUR,
  numberCeiling,
  numberMessages,
  NumberSearchResult,
  SiteNumbers,
  UNUSED_NUMBER_HOLD_DAYS,
} from '@portal/contract';

import { makeDemoCustomer } from '../../db/demo-factory.ts';
import { demoLogins, type DemoLogin } from '../../db/demo-logins.ts';
import { numberInventory, voipUsers } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, productsOfUser, tokenOf, useTestApp, type Csrf } from '../../test/helper.ts';

const t = useTestApp();
let csrf: Csrf;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
});

const get = (url: string, key?: string) => t.app.inject({ method: 'GET', url, headers: key ? authHeaders(key) : {} });
const search = async () => NumberSearchResult.parse((await get('/api/v1/voip/numbers/')).json()).results;
const reserve = (key: string, product: number, numberId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/voip/${product}/numbers/reserve/`,
    headers: authHeaders(key, csrf),
    payload: { number_id: numberId },
  });
const siteNumbers = async (key: string, product: number) =>
  SiteNumbers.parse((await get(`/api/v1/voip/sites/${product}/numbers/`, key)).json()).results.map((n) => n.number);

async function phoneOf(login: DemoLogin) {
  const key = await tokenOf(t, login);
  const product = (await productsOfUser(t.db, login.email)).find((p) => p.kind === 'voip')!;
  const seats = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, product.id));
  return { key, product: product.id, seats };
}

describe('a phone holds only the numbers its users can use', () => {
  it('stops reserving at 3 numbers a user plus 2, and leaves the rest of the inventory to everyone else', async () => {
    const { key, product, seats } = await phoneOf(demoLogins.trial);
    const ceiling = numberCeiling(seats.length);
    const held = (await siteNumbers(key, product)).length;
    const offered = await search();
    const answers = [];
    // One customer trying to take every number offered: bounded by the offer.
    for (const number of offered.slice(0, ceiling + 3)) answers.push(await reserve(key, product, number.id));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(ceiling - held);
    const refused = answers.find((answer) => answer.statusCode === 400);
    expect(refused?.json()).toEqual({ detail: numberMessages.phoneFull(ceiling) });
    expect(await siteNumbers(key, product)).toHaveLength(ceiling);
    expect((await search()).length).toBe(offered.length - (ceiling - held));
  });

  it('holds the ceiling when one phone asks for many numbers at the same moment', async () => {
    const customer = await makeDemoCustomer(t.db, t.audio, 'getting-started', t.clock.now());
    const key = await login(t.app, customer);
    const product = (await productsOfUser(t.db, customer.email)).find((p) => p.kind === 'voip')!.id;
    const seats = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, product));
    const ceiling = numberCeiling(seats.length);
    const held = (await siteNumbers(key, product)).length;
    const offered = await search();
    const answers = await Promise.all(offered.slice(0, ceiling + 6).map((number) => reserve(key, product, number.id)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(ceiling - held);
    expect(answers.every((answer) => answer.statusCode === 201 || answer.statusCode === 400)).toBe(true);
    expect(await siteNumbers(key, product)).toHaveLength(ceiling);
  });

  it(`answers 429 past ${NUMBER_RESERVATIONS_PER_HOUR} reservations a phone an hour, refused ones too`, async () => {
    const { key, product } = await phoneOf(demoLogins.gettingStarted);
    const [taken] = await t.db
      .select()
      .from(numberInventory)
      .where(eq(numberInventory.number, (await search())[0]!.number));
    // Someone else has it: each try is a 409, and each is counted.
    await t.db
      .update(numberInventory)
      .set({ reservedProductId: product, reservedAt: t.clock.now() })
      .where(eq(numberInventory.id, taken!.id));
    const statuses = [];
    for (let i = 0; i < NUMBER_RESERVATIONS_PER_HOUR + 2; i++)
      statuses.push((await reserve(key, product, taken!.id)).statusCode);
    expect(statuses.slice(0, NUMBER_RESERVATIONS_PER_HOUR).every((status) => status === 409)).toBe(true);
    const refused = await reserve(key, product, taken!.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: numberMessages.tooManyReservations });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`gives back a number no user has had for ${UNUSED_NUMBER_HOLD_DAYS} days, keeping the main number and numbers in use`, async () => {
    const { key, product, seats } = await phoneOf(demoLogins.buyNowProvisioned);
    const before = await siteNumbers(key, product);
    const [unused, used] = (await search()).slice(0, 2);
    expect((await reserve(key, product, unused!.id)).statusCode).toBe(201);
    expect((await reserve(key, product, used!.id)).statusCode).toBe(201);
    const given = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/voip/seats/${seats[0]!.id}/`,
      headers: authHeaders(key, csrf),
      payload: { numbers: [used!.number] },
    });
    expect(given.statusCode, given.body).toBe(200);

    t.clock.advance((UNUSED_NUMBER_HOLD_DAYS - 1) * 24 * 60 * 60 * 1000);
    expect((await search()).map((n) => n.number)).not.toContain(unused!.number);
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    expect((await search()).map((n) => n.number)).toContain(unused!.number);
    // A month on, a new session.
    const later = await tokenOf(t, demoLogins.buyNowProvisioned);
    expect(await siteNumbers(later, product)).toEqual([...before, used!.number]);
    const notices = NotificationPage.parse((await get('/api/v3/notifications/?page_size=100', later)).json()).results;
    const changes = notices.flatMap((notice) => (notice.kind === 'NUMBER_CHANGE' ? [notice.number_change] : []));
    expect(changes.filter((change) => change.type === 'REMOVED').map((change) => change.number)).toEqual([
      unused!.number,
    ]);
  });
});
