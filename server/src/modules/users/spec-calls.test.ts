import { desc, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  ADD_ONS,
  AddOnCatalogue,
  errorMessages,
  LeadDetails,
  ProductV1,
  SeatsAddOns,
  selfSignupMessages,
  SignupRegistration,
  Site,
  Tariffs,
  usersMessages,
  VerifyPinResponse,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { outbox, voipUsers } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, seededProductIds, tokenOf, useTestApp, type Csrf } from '../../test/helper.ts';
import { verifyPassword } from '../identity/index.ts';

// The calls of spec 001 section 7 a client written against the spec makes: site by id, the site's PATCH, the v1
// product, the tariffs, the seats' add-ons, create-pin, the add-on catalogue's filters and the sign-up's POST /registration/.

const t = useTestApp();
let csrf: Csrf;
let customer: string;
let harbour: string;
let acme: number;
let acmeBroadband: number;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [customer, harbour] = await Promise.all([tokenOf(t, demoLogins.customer), tokenOf(t, demoLogins.multiProduct)]);
  ({ acme, acmeBroadband } = await seededProductIds(t.db));
});

let ip = 0;
const call = (
  key: string | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(key ? authHeaders(key, method === 'GET' ? undefined : csrf) : method === 'GET' ? {} : csrf.headers),
      ...headers,
    },
    remoteAddress: `10.2.0.${(ip++ % 250) + 1}`,
    ...(payload !== undefined && { payload: payload as object }),
  });
const notFound = { detail: errorMessages.notFound };

/** A new customer of its own, through the self sign-up: its lead token, session key and cloud phone. */
async function signedUp(email: string, chosenNumber: string) {
  const created = await call(null, 'POST', '/api/v5/signup/create-lead/', {
    email_address: email,
    first_name: 'Robin',
    last_name: 'Hale',
    business_name: 'Hale Joinery',
    mobile_number: '07700 900123',
    features_to_use: ['Lower costs'],
    chosen_number: chosenNumber,
    supplier: 2,
  });
  expect(created.statusCode, created.body).toBe(201);
  const lead = LeadDetails.parse(created.json());
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
  const pin = /PIN to confirm your email address is (\d{6})/.exec(mail?.body ?? '')?.[1];
  const verified = await call(null, 'POST', '/api/v5/signup/verify-pin/', {
    ssu_details_token: lead.ssu_details_token,
    pin,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const answer = VerifyPinResponse.parse(verified.json());
  return { token: lead.ssu_details_token, key: answer.key, productId: answer.product_id, accountId: answer.account_id };
}

describe('GET /api/v1/voip/sites/{id}/ (address and site)', () => {
  it('answers the site data with its seats, the same as /api/v1/voip/{id}/; 404 for another customer or a broadband product', async () => {
    const response = await call(customer, 'GET', `/api/v1/voip/sites/${acme}/`);
    expect(response.statusCode, response.body).toBe(200);
    const site = Site.parse(response.json());
    expect(site.installation_address?.post_code).toBe('LS11 5PZ');
    expect(site.seats.map((seat) => [seat.name, seat.extension, seat.product_id])).toEqual([
      ['Alex Morgan', '200', acme],
      ['Priya Shah', '201', acme],
      ['Tom Walsh', '202', acme],
    ]);
    expect(site.seats.map((seat) => seat.id)).toEqual(Object.values(site.users).map((user) => user.id));
    expect(JSON.stringify(response.json())).not.toMatch(/pin_hash|pinHash|password/);
    expect(Site.parse((await call(customer, 'GET', `/api/v1/voip/${acme}/`)).json())).toEqual(site);
    for (const [key, id] of [
      [harbour, acme],
      [customer, acmeBroadband],
      [customer, 2_000_000],
    ] as const) {
      const refused = await call(key, 'GET', `/api/v1/voip/sites/${id}/`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(notFound);
    }
    expect((await call(null, 'GET', `/api/v1/voip/sites/${acme}/`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/v1/voip/{id}/ (what of the site a customer may change)', () => {
  it("changes the installation address and answers the site; refuses an empty body and another customer's phone", async () => {
    const own = await signedUp('site-patch@hale.example', '01414960028');
    const address = {
      line_one: '4 Canal Wharf',
      line_two: '',
      city: 'Leeds',
      county: 'West Yorkshire',
      post_code: 'ls11 5pz',
    };
    const response = await call(own.key, 'PATCH', `/api/v1/voip/${own.productId}/`, { installation_address: address });
    expect(response.statusCode, response.body).toBe(200);
    const site = Site.parse(response.json());
    expect(site.product_id).toBe(own.productId);
    expect(site.installation_address).toMatchObject({ line_one: '4 Canal Wharf', post_code: 'LS11 5PZ' });
    expect(site.installation_address?.summary_line).toContain('4 Canal Wharf');
    expect(
      Site.parse((await call(own.key, 'GET', `/api/v1/voip/sites/${own.productId}/`)).json()).installation_address,
    ).toEqual(site.installation_address);

    const empty = await call(own.key, 'PATCH', `/api/v1/voip/${own.productId}/`, {});
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('installation_address');
    const bad = await call(own.key, 'PATCH', `/api/v1/voip/${own.productId}/`, {
      installation_address: { ...address, post_code: 'nowhere' },
    });
    expect(bad.statusCode).toBe(400);
    const other = await call(customer, 'PATCH', `/api/v1/voip/${own.productId}/`, { installation_address: address });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(notFound);
  });
});

describe('GET /api/v1/products/{id}/ (the v1 shape)', () => {
  it("answers a cloud phone's users (seats) and add-ons; 404 for another customer's phone or a broadband product", async () => {
    const response = await call(customer, 'GET', `/api/v1/products/${acme}/`);
    expect(response.statusCode, response.body).toBe(200);
    const product = ProductV1.parse(response.json());
    expect(product).toMatchObject({ id: acme, product_kind: 'voip2', supplier: 3 });
    expect(product.users.map((user) => [user.name, user.add_ons])).toEqual([
      ['Alex Morgan', ['Call recording 3yr storage', 'Pro video 1-14']],
      ['Priya Shah', ['UC Express']],
      ['Tom Walsh', []],
    ]);
    expect(product.seats[0]!.addons).toEqual([{ addon_id: 102 }, { addon_id: 302 }]);
    expect(product.addons.map((addOn) => addOn.addon_id).sort()).toEqual([501, 502, 512]);
    // The v3 product details stay beside it.
    expect((await call(customer, 'GET', `/api/v3/products/${acme}/`)).statusCode).toBe(200);
    expect((await call(harbour, 'GET', `/api/v1/products/${acme}/`)).statusCode).toBe(404);
    expect((await call(customer, 'GET', `/api/v1/products/${acmeBroadband}/`)).statusCode).toBe(404);
    expect((await call(customer, 'GET', '/api/v1/products/abc/')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/voip/pricing/tariffs/?version=tariff_v3', () => {
  it('answers the Tariff entity: its id and the add-ons sold on it', async () => {
    const response = await call(customer, 'GET', '/api/v1/voip/pricing/tariffs/?version=tariff_v3');
    expect(response.statusCode, response.body).toBe(200);
    const { results } = Tariffs.parse(response.json());
    expect(results.map((tariff) => [tariff.id, tariff.name])).toEqual([[3, 'TARIFF_V3']]);
    expect(results[0]!.addons.map((addOn) => addOn.id)).toEqual(ADD_ONS.map((addOn) => addOn.id));
    expect((await call(customer, 'GET', '/api/v1/voip/pricing/tariffs/?version=tariff_v2')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/v1/voip/pricing/tariffs/?version=tariff_v3')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/voip/pricing/add-ons/ with the spec filters', () => {
  const ids = async (query: string) => {
    const response = await call(customer, 'GET', `/api/v1/voip/pricing/add-ons/?${query}`);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    return AddOnCatalogue.parse(response.json()).results.map((addOn) => addOn.id);
  };

  it('accepts tariff_version TARIFF_V3 with product_kind VOIP, available true and supplier VOIP3, and filters by them', async () => {
    const all = ADD_ONS.map((addOn) => addOn.id);
    expect(await ids('product_kind=VOIP&available=true&tariff_version=TARIFF_V3&supplier=VOIP3')).toEqual(all);
    expect(await ids('tariff_version=3')).toEqual(all);
    // The recording add-ons carry backtrack (spec 001 section 3): on-demand reaches back to the call's start.
    const catalogue = AddOnCatalogue.parse(
      (await call(customer, 'GET', '/api/v1/voip/pricing/add-ons/')).json(),
    ).results;
    expect(
      catalogue
        .filter((addOn) => addOn.display_group === 'call_recording')
        .map((addOn) => [addOn.display_name, addOn.backtrack]),
    ).toEqual([
      ['Call recording (on-demand)', true],
      ['Call recording 3yr storage', false],
      ['Call recording 5yr storage', false],
    ]);
    expect(await ids('product_kind=VOIPSEAT')).toEqual(all);
    expect(await ids('available=false')).toEqual([]);
    expect(await ids('product_kind=FIBRE')).toEqual([]);
    expect(await ids('supplier=VOIP2&tariff_version=TARIFF_V3')).toEqual([]);
    for (const query of ['tariff_version=TARIFF_V2', 'available=maybe']) {
      expect((await call(customer, 'GET', `/api/v1/voip/pricing/add-ons/?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/v1/voip/{productId}/users/tariff/add-ons/ (filtered to the seat)', () => {
  it("answers each user's add-ons, or one user's; 404 for a user of another phone and for another customer", async () => {
    const response = await call(customer, 'GET', `/api/v1/voip/${acme}/users/tariff/add-ons/`);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = SeatsAddOns.parse(response.json());
    expect(results.map((seat) => seat.addons.map((addOn) => addOn.addon_id))).toEqual([[102, 302], [201], []]);
    const priya = results[1]!.id;
    const one = SeatsAddOns.parse(
      (await call(customer, 'GET', `/api/v1/voip/${acme}/users/tariff/add-ons/?user_id=${priya}`)).json(),
    );
    expect(one.results).toEqual([{ id: priya, addons: [{ addon_id: 201 }] }]);

    const [stranger] = await t.db
      .select({ id: voipUsers.id })
      .from(voipUsers)
      .where(ne(voipUsers.productId, acme))
      .limit(1);
    const strangerId = stranger!.id;
    expect(
      (await call(customer, 'GET', `/api/v1/voip/${acme}/users/tariff/add-ons/?user_id=${strangerId}`)).statusCode,
    ).toBe(404);
    expect((await call(harbour, 'GET', `/api/v1/voip/${acme}/users/tariff/add-ons/`)).statusCode).toBe(404);
    expect((await call(customer, 'GET', `/api/v1/voip/${acme}/users/tariff/add-ons/?user_id=x`)).statusCode).toBe(400);
  });
});

describe('POST /api/v1/voip/{productId}/users/{userId}/actions/create-pin/', () => {
  it('sets the first PIN of a user who has none (token header), and refuses a second; 404 for another customer', async () => {
    const own = await signedUp('create-pin@hale.example', '01414960039');
    const [main] = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, own.productId));
    expect(main?.pinHash).toBeNull();
    const url = `/api/v1/voip/${own.productId}/users/${main!.id}/actions/create-pin/`;

    expect((await call(customer, 'POST', url, { pin: '258036', pin_confirmation: '258036' })).statusCode).toBe(404);
    expect((await call(null, 'POST', url, { pin: '258036', pin_confirmation: '258036' })).statusCode).toBe(401);
    expect((await call(own.key, 'POST', url, { pin: '123456', pin_confirmation: '123456' })).statusCode).toBe(400);

    const created = await call(own.key, 'POST', url, { pin: '258036', pin_confirmation: '258036' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ detail: usersMessages.pinCreated });
    const [after] = await t.db.select().from(voipUsers).where(eq(voipUsers.id, main!.id));
    expect(await verifyPassword('258036', after!.pinHash!)).toBe(true);

    const again = await call(own.key, 'POST', url, { pin: '369147', pin_confirmation: '369147' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: usersMessages.pinAlreadySet });
  });
});

describe("POST /registration/ in the sign-up's shape (email, token; signup-token header)", () => {
  it("answers the sign-up's key and customer when the three belong together; else 401", async () => {
    const own = await signedUp('registration-post@hale.example', '01414960041');
    const body = { email: 'registration-post@hale.example', token: own.token };
    const response = await call(null, 'POST', '/registration/', body, { 'signup-token': own.key });
    expect(response.statusCode, response.body).toBe(201);
    expect(SignupRegistration.parse(response.json())).toEqual({
      key: own.key,
      product_id: own.productId,
      account_id: own.accountId,
      user_verified: true,
    });

    const demo = await tokenOf(t, demoLogins.customer);
    for (const [payload, header] of [
      [body, undefined],
      [body, demo],
      [{ ...body, email: 'someone-else@hale.example' }, own.key],
      [{ ...body, token: 'not-the-token' }, own.key],
    ] as const) {
      const refused = await call(null, 'POST', '/registration/', payload, header ? { 'signup-token': header } : {});
      expect(refused.statusCode, JSON.stringify(payload)).toBe(401);
      expect(refused.json()).toEqual({ detail: selfSignupMessages.keyInvalid });
    }
  });

  it("keeps today's form shape, and its field errors for a body of neither shape", async () => {
    const form = await call(null, 'POST', '/registration/', {
      first_name: 'Sam',
      last_name: 'Reid',
      email: 'form-shape@reid.example',
      password1: 'Kettle-Harbour-42',
      password2: 'Kettle-Harbour-42',
    });
    expect(form.statusCode, form.body).toBe(201);
    expect(form.json()).toHaveProperty('detail');
    const empty = await call(null, 'POST', '/registration/', {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json())).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'email', 'password1']),
    );
  });
});
