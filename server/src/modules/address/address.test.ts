import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { AddressLookup, EmergencyContactDetails, Navigation } from '@portal/contract';

import { createAddressLookup } from '../../address/create-address-lookup.ts';
import { readConfig } from '../../config.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { products, users } from '../../db/schema/index.ts';
import { SANDBOX_EMPTY_POSTCODE, sandboxAddresses, SandboxAddressLookup } from '../../sandbox/address-lookup.ts';
import { authHeaders, getCsrf, login, useTestApp, type Csrf } from '../../test/helper.ts';

const t = useTestApp();

let csrf: Csrf;
let cafe: string;
let deli: string;
let customer: string;
let staff: string;
let cafePhone: number;
let deliPhone: number;

/** The first product of a demo login's account, by kind. */
async function productOf(email: string, kind: 'voip' | 'telco' = 'voip') {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  const rows = await t.db.select().from(products).where(eq(products.accountId, user!.accountId!)).orderBy(products.id);
  return rows.find((row) => row.kind === kind)!;
}

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [cafe, deli, customer, staff] = await Promise.all([
    login(t.app, demoLogins.buyNow),
    login(t.app, demoLogins.buyNowManualAddress),
    login(t.app, demoLogins.customer),
    login(t.app, demoLogins.staff),
  ]);
  cafePhone = (await productOf(demoLogins.buyNow.email)).id;
  deliPhone = (await productOf(demoLogins.buyNowManualAddress.email)).id;
});

const lookup = (postcode: string | null, key?: string) =>
  t.app.inject({
    method: 'GET',
    url: postcode === null ? '/api/v1/address/' : `/api/v1/address/?postcode=${encodeURIComponent(postcode)}`,
    headers: key ? authHeaders(key) : {},
  });

const patchUrl = (productId: number | string) => `/api/v1/voip/${productId}/emergency-contact-details/`;
const patch = (productId: number | string, key: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: patchUrl(productId),
    headers: key ? authHeaders(key, csrf) : csrf.headers,
    payload: payload as object,
  });

const manual = {
  post_code: 'cf10 1ep',
  line_one: '  Unit 2, Tidewater Street ',
  line_two: '',
  city: 'Cardiff',
  county: 'South Glamorgan',
};

/** has_installation_address of a product, as the navigation answers it. */
async function hasAddress(key: string, productId: number) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v3/navigation/', headers: authHeaders(key) });
  return Navigation.parse(response.json()).products.find((product) => product.product_id === productId)
    ?.has_installation_address;
}

describe('GET /api/v1/address/?postcode=', () => {
  it('answers the addresses at a postcode, in any case and spacing, with country United Kingdom', async () => {
    for (const postcode of ['CF10 1EP', 'cf101ep', '  Cf10 1eP ']) {
      const response = await lookup(postcode, cafe);
      expect(response.statusCode, postcode).toBe(200);
      const { results } = AddressLookup.parse(response.json());
      expect(results.length).toBeGreaterThanOrEqual(3);
      expect(results[0]).toEqual({
        id: 'sandbox-CF101EP-1',
        summary_line: 'Corner Cafe, 1 Tidewater Street, Cardiff, CF10 1EP',
        line_one: 'Corner Cafe, 1 Tidewater Street',
        line_two: '',
        city: 'Cardiff',
        county: 'South Glamorgan',
        post_code: 'CF10 1EP',
        country: 'United Kingdom',
      });
      expect(new Set(results.map((result) => result.id)).size).toBe(results.length);
    }
  });

  it('knows every postcode of the demo data', async () => {
    for (const postcode of ['LS11 5PZ', 'BS1 3DH', 'NR2 4PL', 'SO14 3JF', 'BN1 1YE', 'YO1 7HH']) {
      const { results } = AddressLookup.parse((await lookup(postcode, customer)).json());
      expect(results.length, postcode).toBeGreaterThan(1);
      expect(results.every((result) => result.post_code === postcode)).toBe(true);
    }
    // The demo customers' own premises are among them.
    const leeds = AddressLookup.parse((await lookup('LS11 5PZ', customer)).json()).results;
    expect(leeds.map((result) => result.summary_line)).toContain('Unit 4, Canal Wharf, Water Lane, Leeds, LS11 5PZ');
  });

  it('answers an empty list for a valid postcode it knows nothing at', async () => {
    for (const postcode of [SANDBOX_EMPTY_POSTCODE, 'AB1 2CD']) {
      const response = await lookup(postcode, cafe);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ results: [] });
    }
  });

  it('answers 400 with the spec message for a missing or invalid postcode', async () => {
    for (const [postcode, message] of [
      [null, 'Postcode is a required field'],
      ['', 'Postcode is a required field'],
      ['   ', 'Postcode is a required field'],
      ['LS11', 'Postcode must be valid'],
      ['LS11  5PZ', 'Postcode must be valid'],
      ['12345', 'Postcode must be valid'],
      ["' OR 1=1 --", 'Postcode must be valid'],
      ['x'.repeat(5000), 'Postcode must be valid'],
    ] as const) {
      const response = await lookup(postcode, cafe);
      expect(response.statusCode, String(postcode)).toBe(400);
      expect(response.json(), String(postcode)).toEqual({ postcode: [message] });
    }
  });

  it('answers 400, not 500, for a postcode given twice', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/address/?postcode=CF10+1EP&postcode=LS11+5PZ',
      headers: authHeaders(cafe),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('postcode');
  });

  it('answers 401 without a token', async () => {
    const response = await lookup('CF10 1EP');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('the sandbox address lookup', () => {
  it('holds several addresses at each postcode, a few dozen in all', async () => {
    const sandbox = new SandboxAddressLookup();
    let total = 0;
    for (const postcode of Object.keys(sandboxAddresses)) {
      const found = await sandbox.find(postcode);
      expect(found.length, postcode).toBeGreaterThanOrEqual(3);
      total += found.length;
    }
    expect(total).toBeGreaterThanOrEqual(50);
    expect(await sandbox.find(SANDBOX_EMPTY_POSTCODE)).toEqual([]);
  });

  it('is what ADDRESS_LOOKUP names, the sandbox by default; another name is refused at start', () => {
    const lookupOf = (env: Record<string, string>) => createAddressLookup(readConfig(env).addressLookup);
    expect(lookupOf({})).toBeInstanceOf(SandboxAddressLookup);
    expect(lookupOf({ ADDRESS_LOOKUP: 'sandbox' })).toBeInstanceOf(SandboxAddressLookup);
    expect(() => lookupOf({ ADDRESS_LOOKUP: 'royal-mail' })).toThrow(
      'ADDRESS_LOOKUP must be one of sandbox, not "royal-mail"',
    );
  });
});

describe('PATCH /api/v1/voip/{product_id}/emergency-contact-details/', () => {
  it("stores the buy-now phone's address with its summary line; the navigation then says it has one", async () => {
    expect(await hasAddress(deli, deliPhone)).toBe(false);
    const response = await patch(deliPhone, deli, { installation_address: manual });
    expect(response.statusCode).toBe(200);
    const saved = {
      summary_line: 'Unit 2, Tidewater Street, Cardiff, CF10 1EP',
      line_one: 'Unit 2, Tidewater Street',
      line_two: '',
      city: 'Cardiff',
      county: 'South Glamorgan',
      post_code: 'CF10 1EP',
    };
    expect(EmergencyContactDetails.parse(response.json())).toEqual({ installation_address: saved });
    const [row] = await t.db.select().from(products).where(eq(products.id, deliPhone));
    expect(row!.installationAddress).toEqual(saved);
    expect(await hasAddress(deli, deliPhone)).toBe(true);
  });

  it('stores a chosen lookup result, ignoring the fields the server builds itself', async () => {
    const [found] = AddressLookup.parse((await lookup('CF10 1EP', cafe)).json()).results;
    const response = await patch(cafePhone, cafe, {
      installation_address: { ...found, summary_line: 'Somewhere else entirely' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.id, cafePhone));
    expect(row!.installationAddress).toEqual({
      summary_line: 'Corner Cafe, 1 Tidewater Street, Cardiff, CF10 1EP',
      line_one: 'Corner Cafe, 1 Tidewater Street',
      line_two: '',
      city: 'Cardiff',
      county: 'South Glamorgan',
      post_code: 'CF10 1EP',
    });
  });

  it('keeps line_two when given and sends it as an empty string when left out', async () => {
    const { line_two: _, ...withoutLineTwo } = manual;
    const without = await patch(deliPhone, deli, { installation_address: withoutLineTwo });
    expect(without.json()).toMatchObject({ installation_address: { line_two: '' } });
    const withLine = await patch(deliPhone, deli, { installation_address: { ...manual, line_two: ' Butetown ' } });
    expect(withLine.json()).toMatchObject({
      installation_address: {
        line_two: 'Butetown',
        summary_line: 'Unit 2, Tidewater Street, Butetown, Cardiff, CF10 1EP',
      },
    });
  });

  it('answers 400 with each required-field message, and stores nothing', async () => {
    const [before] = await t.db.select().from(products).where(eq(products.id, deliPhone));
    const response = await patch(deliPhone, deli, {
      installation_address: { post_code: '', line_one: '', line_two: '', city: ' ', county: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'installation_address.post_code': ['Postcode is a required field'],
      'installation_address.line_one': ['Address line 1 is a required field'],
      'installation_address.city': ['Town/ City is a required field'],
      'installation_address.county': ['County is a required field'],
    });
    const invalid = await patch(deliPhone, deli, { installation_address: { ...manual, post_code: 'CF10' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ 'installation_address.post_code': ['Postcode must be valid'] });
    const [after] = await t.db.select().from(products).where(eq(products.id, deliPhone));
    expect(after!.installationAddress).toEqual(before!.installationAddress);
  });

  it('answers 400 with a readable message for junk payloads', async () => {
    for (const payload of [
      {},
      { installation_address: null },
      { installation_address: 'CF10 1EP' },
      { installation_address: [] },
      { installation_address: { ...manual, line_one: 42 } },
      { installation_address: { ...manual, city: ['Cardiff'] } },
      { installation_address: { ...manual, county: { $ne: '' } } },
      { installation_address: { ...manual, line_two: null } },
      { installation_address: { ...manual, line_one: 'x'.repeat(101) } },
      { installation_address: { ...manual, line_one: 'Unit\u0000 2' } },
      [],
      'text',
    ]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: patchUrl(deliPhone),
        headers: { ...authHeaders(deli, csrf), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<Record<string, unknown>>();
      const first = Object.values(body)[0];
      expect(typeof (Array.isArray(first) ? first[0] : first), JSON.stringify(payload)).toBe('string');
    }
  });

  it("answers 404 for another customer's phone, a product that is no phone, an unknown id, and for staff", async () => {
    const acmeBroadband = await productOf(demoLogins.customer.email, 'telco');
    for (const [productId, key] of [
      [deliPhone, cafe],
      [cafePhone, customer],
      [acmeBroadband.id, customer],
      [2147483647, cafe],
      ['99999999999', cafe],
      [cafePhone, staff],
    ] as const) {
      const response = await patch(productId, key, { installation_address: manual });
      expect(response.statusCode, `${productId}`).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers 400 for an id that is not a number, 401 without a token, 403 without the CSRF header', async () => {
    expect((await patch('abc', cafe, { installation_address: manual })).statusCode).toBe(400);
    const anonymous = await patch(cafePhone, undefined, { installation_address: manual });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'PATCH',
      url: patchUrl(cafePhone),
      headers: authHeaders(cafe),
      payload: { installation_address: manual },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
