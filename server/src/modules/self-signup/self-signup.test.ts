import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  LeadDetails,
  NumberSearchResult,
  passwordMessages,
  pinMessages,
  ProvisioningStatus,
  Referrals,
  selfSignupMessages,
  VerifyPinResponse,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import {
  accounts,
  notifications,
  numberInventory,
  outbox,
  phoneNumbers,
  products,
  selfSignupLeads,
  users,
  voipUsers,
} from '../../db/schema/index.ts';
import { authHeaders, getCsrf, tokenOf, useTestApp, type Csrf } from '../../test/helper.ts';
import { DEFAULT_PROVISIONING_DELAY_MS } from '../provisioning/index.ts';

const t = useTestApp();
let csrf: Csrf;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
});

let ip = 0;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...csrf.headers, ...headers },
    payload: payload as object,
    remoteAddress: `10.1.0.${(ip++ % 250) + 1}`,
  });
const patch = (url: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url, headers: csrf.headers, payload: payload as object });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

const lead = (email: string, extra: Record<string, unknown> = {}) => ({
  email_address: email,
  first_name: 'Robin',
  last_name: 'Hale',
  business_name: 'Hale Joinery',
  mobile_number: '07700 900123',
  features_to_use: ['Lower costs', 'Work remotely'],
  chosen_number: '01134960017',
  supplier: 2,
  ...extra,
});

async function pinFor(email: string): Promise<string> {
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
  const pin = /PIN to confirm your email address is (\d{6})/.exec(mail?.body ?? '')?.[1];
  if (!pin) throw new Error(`no PIN e-mailed to ${email}`);
  return pin;
}

async function createLead(email: string, extra: Record<string, unknown> = {}, version = 'v5') {
  const response = await post(`/api/${version}/signup/create-lead/`, lead(email, extra));
  expect(response.statusCode, response.body).toBe(201);
  return LeadDetails.parse(response.json());
}

async function verified(email: string, extra: Record<string, unknown> = {}) {
  const created = await createLead(email, extra);
  const response = await post('/api/v5/signup/verify-pin/', {
    ssu_details_token: created.ssu_details_token,
    pin: await pinFor(email),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { token: created.ssu_details_token, answer: VerifyPinResponse.parse(response.json()) };
}

describe('create-lead, lead-details and features-to-use', () => {
  it('creates a lead (v4 and v5), e-mails a PIN and answers the details by token', async () => {
    for (const version of ['v4', 'v5']) {
      const email = `lead-${version}@hale.example`;
      const created = await createLead(email, {}, version);
      expect(created).toMatchObject({
        user_verified: false,
        product_id: null,
        account_id: null,
        customer_details_completed: true,
        chosen_number: '01134960017',
        user_data: { email_address: email, mobile_number: '07700900123', pilot_number: null },
      });
      expect(await pinFor(email)).toMatch(/^\d{6}$/);
      const read = LeadDetails.parse(
        (await get(`/api/v4/signup/lead-details/?ssu_details_token=${created.ssu_details_token}`)).json(),
      );
      expect(read.user_data.business_name).toBe('Hale Joinery');
    }
  });

  it('refuses a voip3 lead while the "VoIP3 sign-up" flag is off, and takes a supplier-2 one', async () => {
    t.app.signupSettings.voip3Signup = false;
    try {
      const refused = await post('/api/v5/signup/create-lead/', lead('flag-off@hale.example', { supplier: 3 }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ supplier: [selfSignupMessages.voip3Closed] });
      expect(
        (await post('/api/v5/signup/create-lead/', lead('flag-off@hale.example', { supplier: 2 }))).statusCode,
      ).toBe(201);
    } finally {
      t.app.signupSettings.voip3Signup = true;
    }
  });

  it('refuses bad fields with readable messages, never 500', async () => {
    const bad = await post(
      '/api/v5/signup/create-lead/',
      lead('not-an-email', { first_name: '', mobile_number: '0123', features_to_use: [], supplier: 4 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(selfSignupMessages.firstName);
    expect(bad.body).toContain('UK mobile');
    expect(bad.body).toContain(selfSignupMessages.featuresRequired);
    const junk = await post('/api/v5/signup/create-lead/', { features_to_use: 'all', supplier: '2' });
    expect(junk.statusCode).toBe(400);
    const unlisted = await post(
      '/api/v5/signup/create-lead/',
      lead('unlisted@hale.example', { chosen_number: '01999999999' }),
    );
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json()).toEqual({ chosen_number: [selfSignupMessages.numberUnavailable] });
  });

  it('keeps one open lead per address: a second create replaces the first', async () => {
    const first = await createLead('twice@hale.example');
    const second = await createLead('twice@hale.example', { business_name: 'Hale Joinery Ltd' });
    expect((await get(`/api/v4/signup/lead-details/?ssu_details_token=${first.ssu_details_token}`)).statusCode).toBe(
      404,
    );
    expect(
      LeadDetails.parse(
        (await get(`/api/v4/signup/lead-details/?ssu_details_token=${second.ssu_details_token}`)).json(),
      ).user_data.business_name,
    ).toBe('Hale Joinery Ltd');
  });

  it('updates by token (v5 create-lead, PATCH lead-details, features-to-use); a new address gets a new PIN', async () => {
    const created = await createLead('update@hale.example');
    const oldPin = await pinFor('update@hale.example');
    const updated = await post(
      '/api/v5/signup/create-lead/',
      lead('update2@hale.example', { ssu_details_token: created.ssu_details_token }),
    );
    expect(updated.statusCode).toBe(201);
    expect(LeadDetails.parse(updated.json()).user_data.email_address).toBe('update2@hale.example');
    expect(await pinFor('update2@hale.example')).toMatch(/^\d{6}$/);
    expect(oldPin).toMatch(/^\d{6}$/);
    const patched = await patch(`/api/v4/signup/lead-details/?ssu_details_token=${created.ssu_details_token}`, {
      business_name: 'Hale & Sons',
      chosen_number: '01614960052',
    });
    expect(LeadDetails.parse(patched.json())).toMatchObject({
      chosen_number: '01614960052',
      user_data: { business_name: 'Hale & Sons' },
    });
    const features = await patch('/api/v4/signup/features-to-use/', {
      ssu_details_token: created.ssu_details_token,
      features_to_use: ['Replace mobile'],
    });
    expect(LeadDetails.parse(features.json()).features_to_use).toEqual(['Replace mobile']);
    expect(
      (
        await patch('/api/v4/signup/features-to-use/', {
          ssu_details_token: created.ssu_details_token,
          features_to_use: ['Free lunch'],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('answers 404 for a token that names no lead, 400 without one', async () => {
    const unknown = await get('/api/v4/signup/lead-details/?ssu_details_token=nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: selfSignupMessages.leadNotFound });
    expect((await get('/api/v4/signup/lead-details/')).statusCode).toBe(400);
    expect((await patch('/api/v4/signup/lead-details/?ssu_details_token=nope', { first_name: 'A' })).statusCode).toBe(
      404,
    );
  });
});

describe("the chosen number: the numbers area's inventory and its one reservation rule", () => {
  it('takes only an inventory number no one has; of two leads with one number, the first verified gets it and the other makes nothing', async () => {
    // Not in the inventory (the old sign-up list's ranges, or any number): 400 on chosen_number, on create and on PATCH.
    for (const number of ['02079460001', '01999999999']) {
      const refused = await post(
        '/api/v5/signup/create-lead/',
        lead('outside@hale.example', { chosen_number: number }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ chosen_number: [selfSignupMessages.numberUnavailable] });
    }
    const first = await createLead('race-1@hale.example', { chosen_number: '01214960028', business_name: 'Race One' });
    const second = await createLead('race-2@hale.example', { chosen_number: '01214960028', business_name: 'Race Two' });
    expect(
      (
        await patch(`/api/v4/signup/lead-details/?ssu_details_token=${second.ssu_details_token}`, {
          chosen_number: '07700900123',
        })
      ).statusCode,
    ).toBe(400);

    const won = await post('/api/v5/signup/verify-pin/', {
      ssu_details_token: first.ssu_details_token,
      pin: await pinFor('race-1@hale.example'),
    });
    expect(won.statusCode, won.body).toBe(200);
    const lost = await post('/api/v5/signup/verify-pin/', {
      ssu_details_token: second.ssu_details_token,
      pin: await pinFor('race-2@hale.example'),
    });
    expect(lost.statusCode).toBe(400);
    expect(lost.json()).toEqual({ chosen_number: [selfSignupMessages.numberUnavailable] });
    // Nothing of the second customer was made, and its lead is still open: another number, then the PIN again.
    expect(await t.db.select().from(users).where(eq(users.email, 'race-2@hale.example'))).toEqual([]);
    const [open] = await t.db.select().from(selfSignupLeads).where(eq(selfSignupLeads.email, 'race-2@hale.example'));
    expect(open?.convertedAt).toBeNull();
    // Taken now: a new lead may not choose it either.
    expect(
      (await post('/api/v5/signup/create-lead/', lead('race-3@hale.example', { chosen_number: '01214960028' })))
        .statusCode,
    ).toBe(400);
    const moved = await patch(`/api/v4/signup/lead-details/?ssu_details_token=${second.ssu_details_token}`, {
      chosen_number: '01214960039',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const verified = await post('/api/v5/signup/verify-pin/', {
      ssu_details_token: second.ssu_details_token,
      pin: await pinFor('race-2@hale.example'),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const [pilot] = await t.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.productId, VerifyPinResponse.parse(verified.json()).product_id));
    expect(pilot?.number).toBe('01214960039');
  });
});

describe('POST /api/v5/signup/verify-pin/', () => {
  it('creates the customer once, starts provisioning and answers a session key', async () => {
    const { token, answer } = await verified('new@hale.example');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'new@hale.example'));
    expect(user).toMatchObject({ emailVerified: true, accountId: answer.account_id, firstName: 'Robin' });
    const [product] = await t.db.select().from(products).where(eq(products.id, answer.product_id));
    expect(product).toMatchObject({ accountId: answer.account_id, kind: 'voip', supplier: 2, channel: 'Self Sign Up' });
    // The number is the new phone's main number, reserved by the numbers area's rule: out of its inventory, with a NUMBER_CHANGE notice.
    const numbers = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.productId, answer.product_id));
    expect(numbers.map((n) => n.number)).toEqual(['01134960017']);
    const [held] = await t.db.select().from(numberInventory).where(eq(numberInventory.number, '01134960017'));
    expect(held?.reservedProductId).toBe(answer.product_id);
    expect(
      NumberSearchResult.parse((await get('/api/v1/voip/numbers/?area_code=0113&rating=FREE')).json()).results.map(
        (n) => n.number,
      ),
    ).not.toContain('01134960017');
    const notices = await t.db.select().from(notifications).where(eq(notifications.accountId, answer.account_id));
    expect(notices.map((n) => [n.kind, n.title])).toContainEqual(['NUMBER_CHANGE', 'Number added']);
    // The key signs in as the new user.
    expect((await get('/api/v3/me/', authHeaders(answer.key))).statusCode).toBe(200);
    const details = LeadDetails.parse((await get(`/api/v4/signup/lead-details/?ssu_details_token=${token}`)).json());
    expect(details).toMatchObject({
      user_verified: true,
      product_id: answer.product_id,
      account_id: answer.account_id,
      user_data: { pilot_number: '01134960017' },
    });

    // Submitted again: the same customer, nothing made twice.
    const again = VerifyPinResponse.parse(
      (
        await post('/api/v5/signup/verify-pin/', { ssu_details_token: token, pin: await pinFor('new@hale.example') })
      ).json(),
    );
    expect(again).toMatchObject({ product_id: answer.product_id, account_id: answer.account_id });
    expect(await t.db.select().from(users).where(eq(users.email, 'new@hale.example'))).toHaveLength(1);
    expect(await t.db.select().from(accounts).where(eq(accounts.name, 'Hale Joinery'))).toHaveLength(1);

    // A finished lead cannot be changed.
    expect(
      (await patch(`/api/v4/signup/lead-details/?ssu_details_token=${token}`, { first_name: 'Sam' })).statusCode,
    ).toBe(409);
  });

  it('never makes a second account for an address that has one (409, the existing-user dialog)', async () => {
    const email = demoLogins.customer.email;
    const created = await createLead(email, { chosen_number: '01134960039' });
    const response = await post('/api/v5/signup/verify-pin/', {
      ssu_details_token: created.ssu_details_token,
      pin: await pinFor(email),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: selfSignupMessages.existingUser });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.number, '01134960039'))).toHaveLength(0);
    const [still] = await t.db.select().from(numberInventory).where(eq(numberInventory.number, '01134960039'));
    expect(still?.reservedProductId).toBeNull();
  });

  it('refuses a wrong PIN, then every PIN after 5 wrong ones; an expired PIN', async () => {
    const created = await createLead('wrong@hale.example', { chosen_number: '01614960017' });
    const pin = await pinFor('wrong@hale.example');
    const wrong = pin === '000000' ? '111111' : '000000';
    const first = await post('/api/v5/signup/verify-pin/', {
      ssu_details_token: created.ssu_details_token,
      pin: wrong,
    });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ pin: [selfSignupMessages.pinIncorrect] });
    for (let i = 0; i < 4; i++)
      await post('/api/v5/signup/verify-pin/', { ssu_details_token: created.ssu_details_token, pin: wrong });
    const blocked = await post('/api/v5/signup/verify-pin/', { ssu_details_token: created.ssu_details_token, pin });
    expect(blocked.json()).toEqual({ detail: selfSignupMessages.pinTooManyTries });

    const late = await createLead('late@hale.example', { chosen_number: '01614960017' });
    t.clock.advance(31 * 60 * 1000);
    const expired = await post('/api/v5/signup/verify-pin/', {
      ssu_details_token: late.ssu_details_token,
      pin: await pinFor('late@hale.example'),
    });
    expect(expired.json()).toEqual({ detail: selfSignupMessages.pinExpired });
    expect(
      (await post('/api/v5/signup/verify-pin/', { ssu_details_token: late.ssu_details_token, pin: '12' })).statusCode,
    ).toBe(400);
  });
});

describe('the PIN and the address under attack', () => {
  const from = (remoteAddress: string) => (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: csrf.headers, payload: payload as object, remoteAddress });
  const free = { chosen_number: '01614960017' };
  const pinMails = async (email: string) => (await t.db.select().from(outbox).where(eq(outbox.to, email))).length;

  it('compares at most 5 of 40 wrong PINs sent at once, then refuses the right one', async () => {
    const created = await createLead('race@hale.example', free);
    const pin = await pinFor('race@hale.example');
    const wrong = pin === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        post('/api/v5/signup/verify-pin/', { ssu_details_token: created.ssu_details_token, pin: wrong }),
      ),
    );
    const compared = answers.filter((answer) => answer.body.includes(selfSignupMessages.pinIncorrect));
    const refused = answers.filter((answer) => answer.body.includes(selfSignupMessages.pinTooManyTries));
    expect(compared).toHaveLength(5);
    expect(refused).toHaveLength(35);
    const right = await post('/api/v5/signup/verify-pin/', { ssu_details_token: created.ssu_details_token, pin });
    expect(right.json()).toEqual({ detail: selfSignupMessages.pinTooManyTries });
  });

  it("counts a changed address against the address's hourly limit: at most 5 PINs to one inbox", async () => {
    const post = from('10.2.0.1');
    const created = await createLead('hop@hale.example', free);
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const email = i % 2 === 0 ? 'victim@hale.example' : 'hop@hale.example';
      answers.push(
        await post(
          '/api/v5/signup/create-lead/',
          lead(email, { ...free, ssu_details_token: created.ssu_details_token }),
        ),
      );
    }
    expect(await pinMails('victim@hale.example')).toBe(5);
    const limited = answers.find((answer) => answer.statusCode === 429);
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
  });

  it("counts a changed address against the source's hourly limit", async () => {
    const post = from('10.2.0.2');
    const first = await post('/api/v5/signup/create-lead/', lead('source-0@hale.example', free));
    const token = LeadDetails.parse(first.json()).ssu_details_token;
    const statuses = [];
    for (let i = 1; i <= 35; i++)
      statuses.push(
        (
          await post(
            '/api/v5/signup/create-lead/',
            lead(`source-${i}@hale.example`, { ...free, ssu_details_token: token }),
          )
        ).statusCode,
      );
    // 30 sign-ups an hour from one source, the first lead among them.
    expect(statuses.filter((status) => status === 201)).toHaveLength(29);
    expect(statuses.slice(29).every((status) => status === 429)).toBe(true);
    expect(await pinMails('source-35@hale.example')).toBe(0);
    // Thirty PINs hashed one after another (scrypt, slow by design) on a shared machine.
  }, 120_000);

  it('counts only wrong PINs: after 4, the right one twice (its number gone the first time) still signs up', async () => {
    const created = await createLead('retry@hale.example', { chosen_number: '01174960063' });
    const pin = await pinFor('retry@hale.example');
    const wrong = pin === '000000' ? '111111' : '000000';
    const verify = (code: string) =>
      post('/api/v5/signup/verify-pin/', { ssu_details_token: created.ssu_details_token, pin: code });
    for (let i = 0; i < 4; i++)
      expect((await verify(wrong)).json()).toEqual({ pin: [selfSignupMessages.pinIncorrect] });
    // Someone else takes the number before the right PIN arrives.
    const [someone] = await t.db.select().from(products).limit(1);
    await t.db
      .update(numberInventory)
      .set({ reservedProductId: someone!.id, reservedAt: t.clock.now() })
      .where(eq(numberInventory.number, '01174960063'));
    expect((await verify(pin)).json()).toEqual({ chosen_number: [selfSignupMessages.numberUnavailable] });
    const moved = await patch(`/api/v4/signup/lead-details/?ssu_details_token=${created.ssu_details_token}`, {
      chosen_number: '01174960074',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const signedUp = await verify(pin);
    expect(signedUp.statusCode, signedUp.body).toBe(200);
  });

  it('keeps the PIN tries when the address changes, and refuses an address another open sign-up has', async () => {
    const created = await createLead('tries@hale.example', free);
    const pin = await pinFor('tries@hale.example');
    const wrong = pin === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await post('/api/v5/signup/verify-pin/', { ssu_details_token: created.ssu_details_token, pin: wrong });
    const moved = await post(
      '/api/v5/signup/create-lead/',
      lead('tries-2@hale.example', { ...free, ssu_details_token: created.ssu_details_token }),
    );
    expect(moved.statusCode).toBe(201);
    const again = await post('/api/v5/signup/verify-pin/', {
      ssu_details_token: created.ssu_details_token,
      pin: await pinFor('tries-2@hale.example'),
    });
    expect(again.json()).toEqual({ detail: selfSignupMessages.pinTooManyTries });

    await createLead('held@hale.example', free);
    const taken = await post(
      '/api/v5/signup/create-lead/',
      lead('held@hale.example', { ...free, ssu_details_token: created.ssu_details_token }),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email_address: [selfSignupMessages.addressInSignup] });
  });
});

describe('create-pin, provisioning-status and the mobile link', () => {
  it('sets the main user PIN with the token header; reports provisioning until it is done', async () => {
    const { token, answer } = await verified('pin@hale.example', { chosen_number: '01214960017', supplier: 3 });
    expect((await post('/api/v5/signup/create-pin/', { pin: '246810', pin_confirmation: '246810' })).statusCode).toBe(
      401,
    );
    const simple = await post(
      '/api/v5/signup/create-pin/',
      { pin: '123456', pin_confirmation: '123456' },
      authHeaders(answer.key),
    );
    expect(simple.statusCode).toBe(400);
    expect(simple.body).toContain(pinMessages.sequential);
    const made = await post(
      '/api/v5/signup/create-pin/',
      { pin: '246810', pin_confirmation: '246810' },
      authHeaders(answer.key),
    );
    expect(made.json()).toEqual({ product_id: answer.product_id, pin_set: true });
    const [main] = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, answer.product_id));
    expect(main?.pinHash).toMatch(/^scrypt\$/);
    // Someone who did not sign up this way has nothing to set.
    const acme = await tokenOf(t, demoLogins.customer);
    expect(
      (await post('/api/v5/signup/create-pin/', { pin: '246810', pin_confirmation: '246810' }, authHeaders(acme)))
        .statusCode,
    ).toBe(404);

    const status = () => get(`/api/v4/signup/provisioning-status/?ssu_details_token=${token}`);
    expect(ProvisioningStatus.parse((await status()).json())).toMatchObject({
      product_id: answer.product_id,
      kind: 'signup',
      provisioned: false,
    });
    t.clock.advance(DEFAULT_PROVISIONING_DELAY_MS + 1000);
    expect(ProvisioningStatus.parse((await status()).json())).toMatchObject({
      status: 'provisioned',
      provisioned: true,
      progress: 100,
    });
    const [product] = await t.db.select().from(products).where(eq(products.id, answer.product_id));
    expect(product?.status).toBe('live');

    const open = await createLead('open@hale.example', { chosen_number: '01614960028', supplier: 3 });
    expect(
      (await get(`/api/v4/signup/provisioning-status/?ssu_details_token=${open.ssu_details_token}`)).json(),
    ).toEqual({ detail: selfSignupMessages.notVerified });
    expect((await get('/api/v4/signup/provisioning-status/?ssu_details_token=nope')).statusCode).toBe(404);
  });

  it('sets the portal password to sign in with next time, with the sign-up session, within a day of the sign-up', async () => {
    const email = 'password@hale.example';
    const { answer } = await verified(email, { chosen_number: '01414960107', supplier: 3 });
    const set = (key: string | null, body: object) =>
      post('/api/v5/signup/create-password/', body, key ? authHeaders(key) : {});
    expect(
      (await set(null, { new_password1: 'a long walk by the river', new_password2: 'a long walk by the river' }))
        .statusCode,
    ).toBe(401);
    expect((await set(answer.key, { new_password1: 'short', new_password2: 'short' })).json()).toEqual({
      new_password1: [passwordMessages.tooShort],
    });
    expect(
      (await set(answer.key, { new_password1: 'a long walk by the river', new_password2: 'another walk' })).json(),
    ).toEqual({ new_password2: [passwordMessages.mismatch] });
    // Before: the customer cannot sign in with a password at all.
    const signIn = () => post('/auth/login/', { email, password: 'a long walk by the river' });
    expect((await signIn()).statusCode).toBe(400);
    const made = await set(answer.key, {
      new_password1: 'a long walk by the river',
      new_password2: 'a long walk by the river',
    });
    expect(made.json()).toEqual({ detail: selfSignupMessages.passwordSet, email });
    expect((await signIn()).statusCode).toBe(200);
    // The sign-up's session goes on.
    expect((await get('/api/v3/me/', authHeaders(answer.key))).statusCode).toBe(200);

    // A day later the old password is needed (the profile page), or a reset link.
    t.clock.advance(25 * 60 * 60 * 1000);
    const later = (await signIn()).json<{ key: string }>().key;
    const late = await set(later, {
      new_password1: 'a different long phrase',
      new_password2: 'a different long phrase',
    });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ detail: selfSignupMessages.passwordWindowOver });
    // Someone who did not sign up this way has nothing to set.
    const acme = await tokenOf(t, demoLogins.customer);
    expect(
      (await set(acme, { new_password1: 'a long walk by the river', new_password2: 'a long walk by the river' }))
        .statusCode,
    ).toBe(404);
  });

  it('texts the mobile a link once verified; opening it confirms the number', async () => {
    const { token } = await verified('mobile@hale.example', {
      chosen_number: '01174960017',
      mobile_number: '07700900456',
    });
    const [text] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, '+447700900456'))
      .orderBy(desc(outbox.id))
      .limit(1);
    const link = /verify-mobile-number\?token=([A-Za-z0-9_-]{43})/.exec(text?.body ?? '')?.[1];
    expect(link).toBeDefined();
    const confirmed = await post(`/verify-mobile-number/${link}/`, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ mobile_number: '07700 ••• 456', verified: true });
    expect(
      LeadDetails.parse((await get(`/api/v4/signup/lead-details/?ssu_details_token=${token}`)).json()).mobile_verified,
    ).toBe(true);
    const unknown = await post(`/verify-mobile-number/${'x'.repeat(43)}/`, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: selfSignupMessages.verifyLinkInvalid });
    expect((await post('/verify-mobile-number/short/', {})).statusCode).toBe(400);
  });
});

describe('GET /api/v1/referrals/', () => {
  it("answers the customer's link and terms, and counts sign-ups started from it", async () => {
    expect((await get('/api/v1/referrals/')).statusCode).toBe(401);
    const key = await tokenOf(t, demoLogins.customer);
    const first = Referrals.parse((await get('/api/v1/referrals/', authHeaders(key))).json());
    expect(first.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(first.link).toMatch(new RegExp(`/signup\\?ref=${first.code}$`));
    expect(first.terms.length).toBeGreaterThan(2);
    expect(first.referrals).toEqual([]);
    await createLead('referred@hale.example', {
      referral_code: first.code,
      business_name: 'Referred Bakery',
      chosen_number: '01134960028',
    });
    const second = Referrals.parse((await get('/api/v1/referrals/', authHeaders(key))).json());
    expect(second.code).toBe(first.code);
    expect(second.referrals).toEqual([
      expect.objectContaining({ business_name: 'Referred Bakery', status: 'started' }),
    ]);
  });
});

describe('GET /registration/?key= (the online sign-up verifies its stored key)', () => {
  it("answers a sign-up customer's live key with its customer; a signed-out, unknown or other customer's key is a 401", async () => {
    const { answer } = await verified('registration-key@hale.example', { chosen_number: '01414960017' });
    const checked = await get(`/registration/?key=${answer.key}`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(VerifyPinResponse.parse(checked.json())).toEqual({
      key: answer.key,
      product_id: answer.product_id,
      account_id: answer.account_id,
      user_verified: true,
    });
    expect(checked.headers['cache-control']).toBe('no-store');

    // A demo customer's session is a session, but not of a sign-up.
    const demo = await tokenOf(t, demoLogins.customer);
    for (const key of [demo, 'x'.repeat(43), 'not a key']) {
      const refused = await get(`/registration/?key=${encodeURIComponent(key)}`);
      expect(refused.statusCode, key).toBe(401);
      expect(refused.json()).toEqual({ detail: selfSignupMessages.keyInvalid });
    }
    // Signed out: the key no longer works.
    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: authHeaders(answer.key, csrf) });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    expect((await get(`/registration/?key=${answer.key}`)).statusCode).toBe(401);
    expect((await get('/registration/')).statusCode).toBe(400);
  });
});
