import { beforeAll, describe, expect, it } from 'vitest';

import { GettingStarted, GettingStartedDetails, gettingStartedMessages, pinMessages } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import {
  authHeaders,
  getCsrf,
  productsOfUser,
  seatsOf,
  seededProductIds,
  tokenOf,
  useTestApp,
  type Csrf,
} from '../../test/helper.ts';
import { verifyPassword } from '../identity/index.ts';

const t = useTestApp();

const base = (productId: number | string) => `/api/v1/voip/${productId}/getting-started/`;

let csrf: Csrf;
let nova: string;
let customer: string;
let cafeOwner: string;
let staff: string;
let staffAsNova: string;
let novaPhone: number;
let acmePhone: number;
let acmeBroadband: number;
let cafePhone: number;
let novaUsers: number[];
let acmeUser: number;

const productsOf = (email: string) => productsOfUser(t.db, email);
const usersOf = (productId: number) => seatsOf(t.db, productId);

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [nova, customer, cafeOwner, staff, staffAsNova] = await Promise.all([
    tokenOf(t, demoLogins.gettingStarted),
    tokenOf(t, demoLogins.customer),
    tokenOf(t, demoLogins.buyNow),
    tokenOf(t, demoLogins.staff),
    tokenOf(t, demoLogins.gettingStarted, demoLogins.staff),
  ]);
  novaPhone = (await productsOf(demoLogins.gettingStarted.email))[0]!.id;
  ({ acme: acmePhone, acmeBroadband, cafe: cafePhone } = await seededProductIds(t.db));
  novaUsers = (await usersOf(novaPhone)).map((user) => user.id);
  acmeUser = (await usersOf(acmePhone))[0]!.id;
});

const get = (key: string, productId: number | string) =>
  t.app.inject({ method: 'GET', url: base(productId), headers: authHeaders(key) });
const details = async (key: string, productId: number) =>
  GettingStartedDetails.parse((await get(key, productId)).json());
const putUsers = (key: string, productId: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `${base(productId)}users/`,
    headers: authHeaders(key, csrf),
    payload: payload as object,
  });
const postPin = (key: string, productId: number | string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${base(productId)}pin/`,
    headers: authHeaders(key, csrf),
    payload: payload as object,
  });
const complete = (key: string, productId: number | string, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${base(productId)}complete/`,
    headers: authHeaders(key, csrf),
    payload: payload as object,
  });
const gettingStartedList = async (key: string) =>
  GettingStarted.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v3/voip/getting-started/', headers: authHeaders(key) })).json(),
  ).getting_started_product_ids;
const pin = (value: string, confirmation = value) => ({ pin: value, pin_confirmation: confirmation });

describe('GET /api/v1/voip/{product_id}/getting-started/', () => {
  it("answers the phone's users, main user first, and nothing done yet", async () => {
    const response = await get(nova, novaPhone);
    expect(response.statusCode).toBe(200);
    const body = GettingStartedDetails.parse(response.json());
    expect(body).toMatchObject({
      product_id: novaPhone,
      product_detail: 'Cloud phone - 3 users',
      is_show_welcome: true,
      user_ids: [],
      pin_set: false,
    });
    expect(body.users.map((user) => [user.first_name, user.last_name, user.extension])).toEqual([
      ['Riley', 'Shaw', '200'],
      ['Priya', 'Nair', '201'],
      ['Tom', 'Hughes', '202'],
    ]);
    expect(body.users[0]!.email).toBe(demoLogins.gettingStarted.email);
    expect(body.installation_address).toMatchObject({ post_code: 'BN1 1YE', city: 'Brighton' });
    expect(JSON.stringify(body)).not.toMatch(/pin_hash|pinHash|scrypt/);
  });

  it("answers 404 for another customer's product, a broadband product, an unknown id and staff without a customer; 400 for a bad id; 401 without a token", async () => {
    expect((await get(customer, novaPhone)).statusCode).toBe(404);
    expect((await get(nova, acmePhone)).statusCode).toBe(404);
    expect((await get(customer, acmeBroadband)).statusCode).toBe(404);
    expect((await get(nova, 2_147_483_648)).statusCode).toBe(404);
    expect((await get(staff, novaPhone)).statusCode).toBe(404);
    expect((await get(nova, 'abc')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: base(novaPhone) })).statusCode).toBe(401);
  });

  it('answers staff acting as the customer (Show getting started)', async () => {
    expect((await details(staffAsNova, novaPhone)).product_id).toBe(novaPhone);
  });
});

describe('completing before the steps are done', () => {
  it('is refused with the first step missing named, and the product stays on the list', async () => {
    const response = await complete(nova, novaPhone);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: gettingStartedMessages.usersFirst });
    expect(await gettingStartedList(nova)).toEqual([novaPhone]);
  });

  it('a PIN before any user is chosen is refused', async () => {
    const response = await postPin(nova, novaPhone, pin('271828'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: gettingStartedMessages.usersFirst });
  });
});

describe('PUT /api/v1/voip/{product_id}/getting-started/users/', () => {
  it('refuses bad bodies with 400 and a readable message, changing nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, gettingStartedMessages.chooseUsers],
      [{ user_ids: [] }, gettingStartedMessages.chooseUsers],
      [{ user_ids: 'all' }, gettingStartedMessages.chooseUsers],
      [{ user_ids: ['1'] }, gettingStartedMessages.unknownUser],
      [{ user_ids: [1.5] }, gettingStartedMessages.unknownUser],
      [{ user_ids: [-3] }, gettingStartedMessages.unknownUser],
      [{ user_ids: [acmeUser] }, gettingStartedMessages.unknownUser],
      [{ user_ids: [novaUsers[0], acmeUser] }, gettingStartedMessages.unknownUser],
      [{ user_ids: [2_147_483_648] }, gettingStartedMessages.unknownUser],
      [{ user_ids: Array.from({ length: 101 }, (_, i) => i + 1) }, gettingStartedMessages.tooManyUsers],
    ];
    for (const [payload, message] of cases) {
      const response = await putUsers(nova, novaPhone, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(payload).slice(0, 80)).toContain(message);
    }
    expect((await putUsers(nova, novaPhone, [novaUsers[0]])).statusCode).toBe(400);
    expect((await details(nova, novaPhone)).user_ids).toEqual([]);
  });

  it("answers 404 for another customer's phone, 401 without a token and 403 without the CSRF header", async () => {
    expect((await putUsers(customer, novaPhone, { user_ids: [novaUsers[0]] })).statusCode).toBe(404);
    const payload = { user_ids: [novaUsers[0]] };
    expect(
      (await t.app.inject({ method: 'PUT', url: `${base(novaPhone)}users/`, headers: csrf.headers, payload }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${base(novaPhone)}users/`, headers: authHeaders(nova), payload }))
        .statusCode,
    ).toBe(403);
    expect((await details(nova, novaPhone)).user_ids).toEqual([]);
  });

  it('keeps the users chosen, once each', async () => {
    const [riley, priya] = novaUsers;
    const response = await putUsers(nova, novaPhone, { user_ids: [riley, priya, riley] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user_ids: [riley, priya] });
    expect((await details(nova, novaPhone)).user_ids).toEqual([riley, priya]);
  });
});

describe('POST /api/v1/voip/{product_id}/getting-started/pin/', () => {
  it('refuses a PIN that breaks a rule with its message, setting nothing', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{}, 'pin', pinMessages.required],
      [pin(''), 'pin', pinMessages.required],
      [pin('12ab56'), 'pin', pinMessages.digitsOnly],
      [pin('2718'), 'pin', pinMessages.length],
      [pin('123456'), 'pin', pinMessages.sequential],
      [pin('987654'), 'pin', pinMessages.sequential],
      [pin('555555'), 'pin', pinMessages.repetitive],
      [pin('271828', ''), 'pin_confirmation', pinMessages.confirmRequired],
      [pin('271828', '271829'), 'pin_confirmation', pinMessages.mismatch],
    ];
    for (const [payload, field, message] of cases) {
      const response = await postPin(nova, novaPhone, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()[field], JSON.stringify(payload)).toEqual([message]);
    }
    expect((await details(nova, novaPhone)).pin_set).toBe(false);
    expect((await usersOf(novaPhone)).every((user) => user.pinHash === null)).toBe(true);
  });

  it('gives the chosen users the PIN, hashed, and no one else', async () => {
    const response = await postPin(nova, novaPhone, pin('271828'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ pin_set: true, user_ids: novaUsers.slice(0, 2) });
    const [riley, priya, tom] = await usersOf(novaPhone);
    expect(riley!.pinHash).not.toContain('271828');
    expect(await verifyPassword('271828', riley!.pinHash!)).toBe(true);
    expect(await verifyPassword('271828', priya!.pinHash!)).toBe(true);
    expect(tom!.pinHash).toBeNull();
    expect((await details(nova, novaPhone)).pin_set).toBe(true);
  });

  it('a different choice of users asks for the PIN again; the same choice keeps it', async () => {
    await putUsers(nova, novaPhone, { user_ids: novaUsers.slice(0, 2) });
    expect((await details(nova, novaPhone)).pin_set).toBe(true);
    await putUsers(nova, novaPhone, { user_ids: novaUsers });
    expect(await details(nova, novaPhone)).toMatchObject({ user_ids: novaUsers, pin_set: false });
    expect((await complete(nova, novaPhone)).json()).toEqual({ detail: gettingStartedMessages.pinFirst });
    expect((await postPin(nova, novaPhone, pin('314159'))).statusCode).toBe(200);
    expect((await details(nova, novaPhone)).pin_set).toBe(true);
  });
});

describe('POST /api/v1/voip/{product_id}/getting-started/complete/', () => {
  it('refuses a body that is not an empty object', async () => {
    expect((await complete(nova, novaPhone, [])).statusCode).toBe(400);
    expect(await gettingStartedList(nova)).toEqual([novaPhone]);
  });

  it('takes the product off the getting-started list; the page can still be shown after', async () => {
    const response = await complete(nova, novaPhone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ product_id: novaPhone, is_show_welcome: false });
    expect(await gettingStartedList(nova)).toEqual([]);
    expect(await details(staffAsNova, novaPhone)).toMatchObject({ is_show_welcome: false, pin_set: true });
    // Again (staff showing it once more) changes nothing.
    expect((await complete(nova, novaPhone)).statusCode).toBe(200);
  });

  it('needs an installation address, confirmed through PATCH .../emergency-contact-details/', async () => {
    const [chris] = await usersOf(cafePhone);
    expect((await putUsers(cafeOwner, cafePhone, { user_ids: [chris!.id] })).statusCode).toBe(200);
    expect((await postPin(cafeOwner, cafePhone, pin('246813'))).statusCode).toBe(200);
    expect((await complete(cafeOwner, cafePhone)).json()).toEqual({ detail: gettingStartedMessages.addressFirst });

    const address = {
      post_code: 'ls11 5pz',
      line_one: 'Unit 4, Canal Wharf',
      line_two: '',
      city: 'Leeds',
      county: 'West Yorkshire',
    };
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/voip/${cafePhone}/emergency-contact-details/`,
      headers: authHeaders(cafeOwner, csrf),
      payload: { installation_address: address },
    });
    expect(patched.statusCode).toBe(200);
    expect((await details(cafeOwner, cafePhone)).installation_address).toMatchObject({
      post_code: 'LS11 5PZ',
      city: 'Leeds',
    });
    expect((await complete(cafeOwner, cafePhone)).statusCode).toBe(200);
  });
});
