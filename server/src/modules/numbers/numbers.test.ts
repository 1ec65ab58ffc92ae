import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  NotificationPage,
  numberMessages,
  NumberSearchResult,
  OrderPage,
  ReservedNumber,
  SeatNumbers,
  SiteNumbers,
  TransferResult,
} from '@portal/contract';

import { demoLogins, type DemoLogin } from '../../db/demo-logins.ts';
import { numberInventory, products, users, voipUsers } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, tokenOf, useTestApp, type Csrf } from '../../test/helper.ts';

const t = useTestApp();

let csrf: Csrf;
let customer: string;
let trial: string;
let acmePhone: number;
let trialPhone: number;
let seats: { alex: number; priya: number; tom: number };

async function voipProductOf(login: DemoLogin) {
  const [user] = await t.db.select().from(users).where(eq(users.email, login.email));
  const rows = await t.db.select().from(products).where(eq(products.accountId, user!.accountId!)).orderBy(products.id);
  return rows.find((p) => p.kind === 'voip')!.id;
}

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [customer, trial] = await Promise.all([tokenOf(t, demoLogins.customer), tokenOf(t, demoLogins.trial)]);
  [acmePhone, trialPhone] = await Promise.all([voipProductOf(demoLogins.customer), voipProductOf(demoLogins.trial)]);
  const rows = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, acmePhone)).orderBy(voipUsers.id);
  seats = { alex: rows[0]!.id, priya: rows[1]!.id, tom: rows[2]!.id };
});

const get = (url: string, key?: string) => t.app.inject({ method: 'GET', url, headers: key ? authHeaders(key) : {} });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: authHeaders(key, csrf),
    ...(payload !== undefined && { payload: payload as object }),
  });
const search = async (query = '') => NumberSearchResult.parse((await get(`/api/v1/voip/numbers/${query}`)).json());
const reserve = (key: string, product: number | string, numberId: unknown) =>
  send('POST', `/api/v1/voip/${product}/numbers/reserve/`, key, { number_id: numberId });
const siteNumbers = async (key: string, product: number) =>
  SiteNumbers.parse((await get(`/api/v1/voip/sites/${product}/numbers/`, key)).json()).results;
const patchSeat = (key: string, seat: number | string, numbers: unknown) =>
  send('PATCH', `/api/v1/voip/seats/${seat}/`, key, { numbers });
const transfer = (key: string, product: number, payload: object) =>
  send('POST', `/api/v3/voip/${product}/numbers/transfer/`, key, payload);
const notifications = async (key: string) =>
  NotificationPage.parse((await get('/api/v3/notifications/?page_size=100', key)).json()).results;

describe('GET /api/v1/voip/numbers/ (the inventory)', () => {
  it('answers available numbers of several area codes and all three ratings, with their prices, to anyone', async () => {
    const all = await search();
    expect(all.area_codes.map((a) => a.area_code)).toEqual(['0113', '0117', '0118', '0121', '0141', '0161']);
    expect(new Set(all.results.map((n) => n.rating))).toEqual(new Set(['GOLD', 'SILVER', 'FREE']));
    const prices = Object.fromEntries(all.results.map((n) => [n.rating, n.price]));
    expect(prices).toEqual({ GOLD: '20.00', SILVER: '3.00', FREE: '0.00' });
    expect(all.results.every((n) => n.available)).toBe(true);
  });

  it('filters by area code and rating; an empty answer is a list, and junk is 400 with the message', async () => {
    const gold = await search('?area_code=0161&rating=GOLD');
    expect(gold.results.length).toBe(12);
    expect(gold.results.every((n) => n.area_code === '0161' && n.rating === 'GOLD' && n.area === 'Manchester')).toBe(
      true,
    );
    expect((await search('?area_code=0999')).results).toEqual([]);
    expect((await search('?area_code=0118&rating=SILVER')).results).toEqual([]);
    const bad = await get('/api/v1/voip/numbers/?area_code=leeds');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(numberMessages.areaCode);
    expect((await get('/api/v1/voip/numbers/?rating=PLATINUM')).statusCode).toBe(400);
  });
});

describe('POST /api/v1/voip/{product_id}/numbers/reserve/', () => {
  it('puts the number on the site, takes it out of the inventory and leaves a NUMBER_CHANGE notification', async () => {
    const [number] = (await search('?area_code=0113&rating=GOLD')).results;
    const response = await reserve(customer, acmePhone, number!.id);
    expect(response.statusCode).toBe(201);
    expect(ReservedNumber.parse(response.json())).toMatchObject({
      number: number!.number,
      rating: 'GOLD',
      price: '20.00',
    });
    const site = await siteNumbers(customer, acmePhone);
    expect(site.at(-1)).toMatchObject({ number: number!.number, extension: 'Not Assigned', user: null });
    expect((await search('?area_code=0113&rating=GOLD')).results.map((n) => n.id)).not.toContain(number!.id);
    const added = (await notifications(customer)).find(
      (n) => n.kind === 'NUMBER_CHANGE' && n.number_change.number === number!.number,
    );
    expect(added).toMatchObject({ number_change: { type: 'ADDED' } });
  });

  it("refuses a number someone has (409), an unknown one (404), another customer's product (404) and junk (400)", async () => {
    const [first, second] = (await search('?area_code=0117&rating=SILVER')).results;
    expect((await reserve(customer, acmePhone, first!.id)).statusCode).toBe(201);
    const again = await reserve(trial, trialPhone, first!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: numberMessages.alreadyTaken });
    expect((await reserve(customer, acmePhone, 999_999)).json()).toEqual({ detail: numberMessages.unknownNumber });
    expect((await reserve(trial, acmePhone, second!.id)).statusCode).toBe(404);
    for (const junk of ['12', -1, 1.5, null])
      expect((await reserve(customer, acmePhone, junk)).statusCode, String(junk)).toBe(400);
    expect((await reserve(customer, 'abc', second!.id)).statusCode).toBe(400);
  });

  it('gives a number two people reserve at once to exactly one of them; the other is told clearly', async () => {
    const [number] = (await search('?area_code=0141&rating=GOLD')).results;
    const answers = await Promise.all([
      reserve(customer, acmePhone, number!.id),
      reserve(trial, trialPhone, number!.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ detail: numberMessages.alreadyTaken });
    const [row] = await t.db.select().from(numberInventory).where(eq(numberInventory.id, number!.id));
    const winner = answers[0]!.statusCode === 201 ? acmePhone : trialPhone;
    expect(row!.reservedProductId).toBe(winner);
    const onSites = [...(await siteNumbers(customer, acmePhone)), ...(await siteNumbers(trial, trialPhone))].filter(
      (n) => n.number === number!.number,
    );
    expect(onSites).toHaveLength(1);
  });
});

describe('DELETE /api/v1/voip/{product_id}/numbers/{number_id}/', () => {
  it('gives a number back to the inventory with a NUMBER_CHANGE notification; the main number stays', async () => {
    const [number] = (await search('?area_code=0121&rating=FREE')).results;
    const reserved = ReservedNumber.parse((await reserve(customer, acmePhone, number!.id)).json());
    const removed = await send('DELETE', `/api/v1/voip/${acmePhone}/numbers/${reserved.id}/`, customer);
    expect(removed.statusCode).toBe(200);
    expect((await siteNumbers(customer, acmePhone)).map((n) => n.number)).not.toContain(number!.number);
    expect((await search('?area_code=0121&rating=FREE')).results.map((n) => n.id)).toContain(number!.id);
    expect(
      (await notifications(customer)).some(
        (n) =>
          n.kind === 'NUMBER_CHANGE' && n.number_change.type === 'REMOVED' && n.number_change.number === number!.number,
      ),
    ).toBe(true);
    const pilot = (await siteNumbers(customer, acmePhone))[0]!;
    expect((await send('DELETE', `/api/v1/voip/${acmePhone}/numbers/${pilot.id}/`, customer)).json()).toEqual({
      detail: numberMessages.pilotNumber,
    });
    expect((await send('DELETE', `/api/v1/voip/${acmePhone}/numbers/${pilot.id}/`, trial)).statusCode).toBe(404);
  });
});

describe('PATCH /api/v1/voip/seats/{seatId}/', () => {
  it('assigns a number that rings no one; the site list shows the user and extension', async () => {
    const response = await patchSeat(customer, seats.priya, ['01632960102', '02079460102']);
    expect(response.statusCode).toBe(200);
    expect(SeatNumbers.parse(response.json())).toMatchObject({
      id: seats.priya,
      extension: '201',
      numbers: ['01632960102', '02079460102'],
    });
    const row = (await siteNumbers(customer, acmePhone)).find((n) => n.number === '02079460102');
    expect(row).toMatchObject({ extension: '201', user: { id: seats.priya, name: 'Priya Shah' } });
  });

  it('never gives a number to two seats: the old seat must let go first, then the new seat takes it', async () => {
    const refused = await patchSeat(customer, seats.tom, ['01632960103', '02079460102']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: numberMessages.assignedElsewhere });
    expect((await siteNumbers(customer, acmePhone)).find((n) => n.number === '02079460102')?.user?.id).toBe(
      seats.priya,
    );
    expect((await patchSeat(customer, seats.priya, ['01632960102'])).statusCode).toBe(200);
    expect((await patchSeat(customer, seats.tom, ['01632960103', '02079460102'])).statusCode).toBe(200);
    expect((await siteNumbers(customer, acmePhone)).find((n) => n.number === '02079460102')?.user?.id).toBe(seats.tom);
  });

  it('gives a number two seats ask for at once to one of them', async () => {
    const answers = await Promise.all([
      patchSeat(customer, seats.alex, ['02079460101', '02079460103']),
      patchSeat(customer, seats.priya, ['01632960102', '02079460103']),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const holders = (await siteNumbers(customer, acmePhone))
      .filter((n) => n.number === '02079460103')
      .map((n) => n.user?.id);
    expect(holders).toHaveLength(1);
    expect([seats.alex, seats.priya]).toContain(holders[0]);
  });

  it("refuses a fourth number, the main number, another site's number, another account's seat and junk", async () => {
    const four = await patchSeat(customer, seats.alex, ['02079460101', '01632960102', '01632960103', '02079460102']);
    expect(four.statusCode).toBe(400);
    expect(JSON.stringify(four.json())).toContain(numberMessages.tooManyNumbers);
    expect((await patchSeat(customer, seats.alex, ['01632960101'])).json()).toEqual({
      detail: numberMessages.pilotNumber,
    });
    expect((await patchSeat(customer, seats.alex, ['01632960201'])).json()).toEqual({
      detail: numberMessages.notThisSite,
    });
    expect((await patchSeat(trial, seats.alex, [])).statusCode).toBe(404);
    expect((await patchSeat(customer, 'x', [])).statusCode).toBe(400);
    expect((await patchSeat(customer, 2_147_483_648, [])).statusCode).toBe(404);
    expect((await patchSeat(customer, seats.alex, 'all')).statusCode).toBe(400);
  });
});

describe('POST /api/v3/voip/{product_id}/numbers/transfer/', () => {
  const inDays = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

  it('starts a transfer of one number: an order in progress and an unsigned letter of authority', async () => {
    const response = await transfer(customer, acmePhone, { range_start: '020 7946 0555', transfer_date: inDays(10) });
    expect(response.statusCode).toBe(201);
    const { results } = TransferResult.parse(response.json());
    expect(results).toMatchObject({
      kind: 'NUMBER_TRANSFER',
      status: 'PENDING',
      number_transfer: {
        range_start: '02079460555',
        range_end: null,
        isRange: false,
        cloa_status: 'UNSIGNED',
        confirmed_transfer_date: inDays(10),
      },
    });
    const orders = OrderPage.parse((await get('/api/v3/orders/?page_size=100', customer)).json()).results;
    expect(orders.some((o) => o.id === results.id)).toBe(true);
    const cloa = (await notifications(customer)).find((n) => n.kind === 'CLOA' && n.cloa.order.id === results.id);
    expect(cloa).toMatchObject({ cloa: { kind: 'UNSIGNED' } });
  });

  it("takes a range by its last digits (the spec's range rule) and refuses one under way", async () => {
    const response = await transfer(customer, acmePhone, {
      range_start: '01632960700',
      range_end: '09',
      transfer_date: inDays(30),
    });
    expect(response.statusCode).toBe(201);
    expect(TransferResult.parse(response.json()).results.number_transfer).toMatchObject({
      range_start: '01632960700',
      range_end: '01632960709',
      isRange: true,
    });
    // An end contained in the start is one number, not a range.
    const single = await transfer(customer, acmePhone, {
      range_start: '01632960705',
      range_end: '05',
      transfer_date: inDays(30),
    });
    expect(single.json()).toEqual({
      detail: numberMessages.transferUnderWay,
      message: numberMessages.transferUnderWay,
    });
  });

  it('answers every refusal with the message field the dialog shows', async () => {
    const cases: Array<[object, string]> = [
      [{ range_start: '12345', transfer_date: inDays(10) }, numberMessages.transferStart],
      [
        { range_start: '01632960890', range_end: '01632960950', transfer_date: inDays(10) },
        numberMessages.transferRangeBlock,
      ],
      [{ range_start: '01632960850', range_end: '40', transfer_date: inDays(10) }, numberMessages.transferRangeOrder],
      [{ range_start: '01632960850', transfer_date: inDays(2) }, numberMessages.transferTooSoon],
      [{ range_start: '01632960850', transfer_date: inDays(200) }, numberMessages.transferTooLate],
      [{ range_start: '01632960850', transfer_date: '2025-02-30' }, numberMessages.transferDate],
      [{ range_start: '01632960102', transfer_date: inDays(10) }, numberMessages.transferAlreadyHere],
    ];
    for (const [payload, message] of cases) {
      const response = await transfer(customer, acmePhone, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual({ detail: message, message });
    }
    expect((await transfer(customer, acmePhone, { transfer_date: inDays(10) })).statusCode).toBe(400);
    expect(
      (await transfer(trial, acmePhone, { range_start: '01632960850', transfer_date: inDays(10) })).statusCode,
    ).toBe(404);
  });
});
