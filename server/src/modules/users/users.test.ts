import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  AddOnCatalogue,
  MAX_SEATS,
  pinMessages,
  Seat,
  Seats,
  UserAddOnsResult,
  usersMessages,
  UserTariff,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { outbox, voipUsers } from '../../db/schema/index.ts';
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

let csrf: Csrf;
let customer: string;
let harbour: string;
let staff: string;
let acmePhone: number;
let acmeBroadband: number;
let harbourPhone: number;
let acmeUsers: number[];
let dana: number;

const productsOf = (email: string) => productsOfUser(t.db, email);
const usersOf = (productId: number) => seatsOf(t.db, productId);

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [customer, harbour, staff] = await Promise.all([
    tokenOf(t, demoLogins.customer),
    tokenOf(t, demoLogins.multiProduct),
    tokenOf(t, demoLogins.staff),
  ]);
  ({ acme: acmePhone, acmeBroadband } = await seededProductIds(t.db));
  acmeUsers = (await usersOf(acmePhone)).map((user) => user.id);
  const harbourProducts = await productsOf(demoLogins.multiProduct.email);
  for (const product of harbourProducts) {
    const found = (await usersOf(product.id)).find((user) => user.lockedAt !== null);
    if (found) {
      harbourPhone = product.id;
      dana = found.id;
    }
  }
});

const inject = (key: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: authHeaders(key, method === 'GET' ? undefined : csrf),
    ...(payload !== undefined && { payload: payload as object }),
  });
const seats = async (key: string, productId: number) =>
  Seats.parse((await inject(key, 'GET', `/api/v1/voip/${productId}/users/`)).json()).results;
const pin = (value: string, confirmation = value) => ({ pin: value, pin_confirmation: confirmation });
const resetPin = (key: string, productId: number, userId: number, body: unknown) =>
  inject(key, 'POST', `/api/v1/voip/${productId}/users/${userId}/actions/reset-pin/`, body);
const postAddOns = (key: string, userId: number, body: unknown) =>
  inject(key, 'POST', `/api/v1/voip/users/${userId}/tariff/add-ons/`, body);

describe('GET /api/v1/voip/{productId}/users/', () => {
  it("answers Acme's three seats with extension, service plan and add-ons, never the PIN", async () => {
    const response = await inject(customer, 'GET', `/api/v1/voip/${acmePhone}/users/`);
    expect(response.statusCode).toBe(200);
    const results = Seats.parse(response.json()).results;
    expect(results.map((seat) => [seat.name, seat.extension, seat.service_plan, seat.add_ons])).toEqual([
      ['Alex Morgan', '200', 'Cloud phone user', ['Call recording 3yr storage', 'Pro video 1-14']],
      ['Priya Shah', '201', 'Cloud phone user', ['UC Express']],
      ['Tom Walsh', '202', 'Cloud phone user', []],
    ]);
    expect(results[1]!.numbers).toHaveLength(1);
    expect(JSON.stringify(response.json())).not.toMatch(/pin_hash|pinHash|scrypt/);
  });

  it("answers 404 for another customer's phone, a broadband product, an unknown id and staff without a customer; 400 for a bad id; 401 without a token", async () => {
    expect((await inject(harbour, 'GET', `/api/v1/voip/${acmePhone}/users/`)).statusCode).toBe(404);
    expect((await inject(customer, 'GET', `/api/v1/voip/${acmeBroadband}/users/`)).statusCode).toBe(404);
    expect((await inject(customer, 'GET', '/api/v1/voip/2147483647/users/')).statusCode).toBe(404);
    expect((await inject(staff, 'GET', `/api/v1/voip/${acmePhone}/users/`)).statusCode).toBe(404);
    expect((await inject(customer, 'GET', '/api/v1/voip/abc/users/')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/voip/${acmePhone}/users/` })).statusCode).toBe(401);
  });

  it("answers one seat, and 404 for a user of another customer's phone under one's own", async () => {
    const response = await inject(customer, 'GET', `/api/v1/voip/${acmePhone}/users/${acmeUsers[0]}/`);
    expect(Seat.parse(response.json())).toMatchObject({ id: acmeUsers[0], first_name: 'Alex', locked: false });
    expect((await inject(customer, 'GET', `/api/v1/voip/${acmePhone}/users/${dana}/`)).statusCode).toBe(404);
    expect((await inject(harbour, 'GET', `/api/v1/voip/${harbourPhone}/users/${acmeUsers[0]}/`)).statusCode).toBe(404);
  });
});

describe('POST /api/v1/products/{id}/users/ (add a user)', () => {
  it('adds a user on the next free extension, who then shows in the site data a transfer step picks from', async () => {
    const response = await inject(customer, 'POST', `/api/v1/products/${acmePhone}/users/`, {
      first_name: ' Jo ',
      last_name: 'Banks',
      email: 'Jo@Acme-Plumbing.example',
    });
    expect(response.statusCode).toBe(201);
    const added = Seat.parse(response.json());
    expect(added).toMatchObject({
      name: 'Jo Banks',
      extension: '203',
      email: 'jo@acme-plumbing.example',
      add_ons: [],
      pin_set: false,
    });
    const site = (await inject(customer, 'GET', `/api/v1/voip/${acmePhone}/`)).json() as {
      users: Record<string, { first_name: string }>;
    };
    expect(site.users[String(added.id)]?.first_name).toBe('Jo');
  });

  it('refuses missing names, a bad e-mail and an e-mail another user of the phone has, field by field', async () => {
    const missing = await inject(customer, 'POST', `/api/v1/products/${acmePhone}/users/`, {
      first_name: ' ',
      email: 'x',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      first_name: [usersMessages.firstNameRequired],
      last_name: [usersMessages.lastNameRequired],
      email: [usersMessages.emailInvalid],
    });
    const taken = await inject(customer, 'POST', `/api/v1/products/${acmePhone}/users/`, {
      first_name: 'A',
      last_name: 'B',
      email: 'PRIYA@acme-plumbing.example',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: [usersMessages.emailTaken] });
    expect(
      (
        await inject(harbour, 'POST', `/api/v1/products/${acmePhone}/users/`, {
          first_name: 'A',
          last_name: 'B',
          email: 'a@b.example',
        })
      ).statusCode,
    ).toBe(404);
    expect((await inject(customer, 'POST', `/api/v1/products/${acmePhone}/users/`, [1, 2])).statusCode).toBe(400);
  });

  it('gives two users added at once two different extensions', async () => {
    const [a, b] = await Promise.all([
      inject(customer, 'POST', `/api/v1/products/${acmePhone}/users/`, {
        first_name: 'Para',
        last_name: 'One',
        email: 'para1@acme-plumbing.example',
      }),
      inject(customer, 'POST', `/api/v1/products/${acmePhone}/users/`, {
        first_name: 'Para',
        last_name: 'Two',
        email: 'para2@acme-plumbing.example',
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(Seat.parse(a.json()).extension).not.toBe(Seat.parse(b.json()).extension);
  });

  it(`refuses a user past ${MAX_SEATS}`, async () => {
    const have = (await seats(customer, acmePhone)).length;
    for (let i = have; i < MAX_SEATS; i++) {
      await t.db.insert(voipUsers).values({
        productId: acmePhone,
        firstName: 'Filler',
        lastName: String(i),
        email: `filler${i}@acme.example`,
        extension: String(400 + i),
      });
    }
    const full = await inject(customer, 'POST', `/api/v1/products/${acmePhone}/users/`, {
      first_name: 'One',
      last_name: 'Too many',
      email: 'toomany@acme-plumbing.example',
    });
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({ detail: usersMessages.tooManySeats });
    await t.db.delete(voipUsers).where(eq(voipUsers.firstName, 'Filler'));
  });
});

describe('PATCH /api/v1/voip/{productId}/users/{userId}/', () => {
  it("changes a user's name and e-mail, and refuses an e-mail another user has", async () => {
    const tom = acmeUsers[2]!;
    const response = await inject(customer, 'PATCH', `/api/v1/voip/${acmePhone}/users/${tom}/`, {
      first_name: 'Thomas',
      email: 'thomas@acme-plumbing.example',
    });
    expect(response.statusCode).toBe(200);
    expect(Seat.parse(response.json())).toMatchObject({ name: 'Thomas Walsh', email: 'thomas@acme-plumbing.example' });
    const taken = await inject(customer, 'PATCH', `/api/v1/voip/${acmePhone}/users/${tom}/`, {
      email: 'priya@acme-plumbing.example',
    });
    expect(taken.json()).toEqual({ email: [usersMessages.emailTaken] });
    const blank = await inject(customer, 'PATCH', `/api/v1/voip/${acmePhone}/users/${tom}/`, { last_name: '' });
    expect(blank.json()).toEqual({ last_name: [usersMessages.lastNameRequired] });
    expect(
      (await inject(harbour, 'PATCH', `/api/v1/voip/${acmePhone}/users/${tom}/`, { first_name: 'X' })).statusCode,
    ).toBe(404);
  });
});

describe('POST .../actions/reset-pin/', () => {
  it.each([
    ['123456', pinMessages.sequential],
    ['987654', pinMessages.sequential],
    ['555555', pinMessages.repetitive],
    ['121212', pinMessages.repetitive],
    ['12345', pinMessages.length],
    ['12a456', pinMessages.digitsOnly],
  ])('refuses %s with "%s"', async (value, message) => {
    const response = await resetPin(customer, acmePhone, acmeUsers[0]!, pin(value));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ pin: [message] });
  });

  it('refuses a confirmation that differs', async () => {
    const response = await resetPin(customer, acmePhone, acmeUsers[0]!, pin('480913', '480914'));
    expect(response.json()).toEqual({ pin_confirmation: [pinMessages.mismatch] });
  });

  it("resets a locked user's PIN, which unlocks them: they leave the locked users", async () => {
    const locked = async () =>
      (
        (await inject(harbour, 'GET', `/api/v3/voip/${harbourPhone}/users/locked/`)).json() as {
          results: Array<{ user_id: number }>;
        }
      ).results;
    expect((await locked()).map((user) => user.user_id)).toEqual([dana]);
    expect((await resetPin(customer, harbourPhone, dana, pin('480913'))).statusCode).toBe(404);
    const response = await resetPin(harbour, harbourPhone, dana, pin('480913'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: usersMessages.pinReset });
    expect(await locked()).toEqual([]);
    const [row] = await t.db.select().from(voipUsers).where(eq(voipUsers.id, dana));
    expect(await verifyPassword('480913', row!.pinHash!)).toBe(true);
  });
});

describe('POST .../actions/send-invite-email/', () => {
  it('sends the invite to the user, through the mail adapter (the outbox)', async () => {
    const priya = acmeUsers[1]!;
    const response = await inject(
      customer,
      'POST',
      `/api/v1/voip/${acmePhone}/users/${priya}/actions/send-invite-email/`,
      {},
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: usersMessages.inviteSent('priya@acme-plumbing.example') });
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'priya@acme-plumbing.example'))
      .orderBy(desc(outbox.id));
    expect(mail?.subject).toBe('You have been invited to your cloud phone');
    expect(mail?.body).toContain('extension 201');
    expect(
      (await inject(harbour, 'POST', `/api/v1/voip/${acmePhone}/users/${priya}/actions/send-invite-email/`, {}))
        .statusCode,
    ).toBe(404);
  });
});

describe('add-ons', () => {
  it('answers the tariff-version-3 catalogue in its three groups', async () => {
    const { results } = AddOnCatalogue.parse(
      (await inject(customer, 'GET', '/api/v1/voip/pricing/add-ons/?tariff_version=3')).json(),
    );
    expect(new Set(results.map((addOn) => addOn.display_group))).toEqual(
      new Set(['call_recording', 'ucc', 'video_calling']),
    );
    expect((await inject(customer, 'GET', '/api/v1/voip/pricing/add-ons/?tariff_version=2')).statusCode).toBe(400);
  });

  it("answers a user's add-ons, and changes them upward, answering children[0].addons", async () => {
    const alex = acmeUsers[0]!;
    expect(
      UserTariff.parse((await inject(customer, 'GET', `/api/v1/voip/${acmePhone}/users/${alex}/tariff/addons/`)).json())
        .addons,
    ).toEqual([{ addon_id: 102 }, { addon_id: 302 }]);
    const response = await postAddOns(customer, alex, { product_id: acmePhone, addons: [103, 302] });
    expect(response.statusCode).toBe(200);
    expect(UserAddOnsResult.parse(response.json()).children[0]!.addons.map((a) => a.addon_id)).toEqual([103, 302]);
    expect((await seats(customer, acmePhone))[0]!.add_ons).toEqual(['Call recording 5yr storage', 'Pro video 1-14']);
  });

  it("refuses a downgrade, dropping a group's add-on, a 'Call us to upgrade' add-on, two of a group and unknown ids", async () => {
    const alex = acmeUsers[0]!;
    const refused = async (addons: number[], message: string) => {
      const response = await postAddOns(customer, alex, { product_id: acmePhone, addons });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ addons: [message] });
    };
    await refused([102, 302], usersMessages.noDowngrade);
    await refused([103], usersMessages.noDowngrade);
    await refused([103, 302, 101], usersMessages.oneAddOnPerGroup);
    await refused([103, 302, 999], usersMessages.unknownAddOn);
    const tom = acmeUsers[2]!;
    const callUs = await postAddOns(customer, tom, { product_id: acmePhone, addons: [301] });
    expect(callUs.json()).toEqual({ addons: [usersMessages.callToUpgrade] });
  });

  it("answers 404 for another customer's user, and a product id that is not the user's", async () => {
    expect((await postAddOns(harbour, acmeUsers[2]!, { product_id: acmePhone, addons: [201] })).statusCode).toBe(404);
    expect((await postAddOns(harbour, acmeUsers[2]!, { product_id: harbourPhone, addons: [201] })).statusCode).toBe(
      404,
    );
    expect((await postAddOns(customer, acmeUsers[2]!, { product_id: 'x', addons: [201] })).statusCode).toBe(400);
  });

  it('lets one of two changes made at once from the same add-ons win, and refuses the other', async () => {
    const priya = acmeUsers[1]!;
    const [a, b] = await Promise.all([
      postAddOns(customer, priya, { product_id: acmePhone, addons: [202] }),
      postAddOns(customer, priya, { product_id: acmePhone, addons: [202, 303] }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    // Both read UC Express; the second to write finds the first's change and is refused (or, if they ran one after the other, both succeed).
    expect(codes[0]).toBe(200);
    expect([200, 409]).toContain(codes[1]);
    const after = UserTariff.parse(
      (await inject(customer, 'GET', `/api/v1/voip/${acmePhone}/users/${priya}/tariff/addons/`)).json(),
    ).addons.map((x) => x.addon_id);
    expect(after).toContain(202);
  });
});
