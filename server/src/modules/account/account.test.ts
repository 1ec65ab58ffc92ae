import { desc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import {
  accountMessages,
  errorMessages,
  MAGIC_LINK_TTL_MINUTES,
  Me,
  nameMessages,
  passwordMessages,
  RESET_LINK_TTL_MINUTES,
  VERIFY_LINK_TTL_MINUTES,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { accounts, authTokens, emailVerificationKeys, oneTimeKeys, outbox, users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, postLogin, useTestApp } from '../../test/helper.ts';
import { hashKey, issueToken, publicUrl, verifyPassword } from '../identity/index.ts';
import { ACCOUNT_LIMITS, THROTTLE_WINDOW_MS, uidOf } from './index.ts';

const t = useTestApp();

const MINUTE_MS = 60 * 1000;

/** Every call comes from its own client address unless a test says otherwise, so per-IP limits stay out of the way. */
let nextClient = 0;
const freshIp = () => `10.9.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 1}`;

async function post(url: string, payload: InjectOptions['payload'], remoteAddress = freshIp()) {
  const csrf = await getCsrf(t.app);
  return t.app.inject({ method: 'POST', url, headers: csrf.headers, payload, remoteAddress });
}

/** Any JSON value as the body (a bare string or number too), for the bad-payload tests. */
async function postJson(url: string, value: unknown) {
  const csrf = await getCsrf(t.app);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...csrf.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(value),
    remoteAddress: freshIp(),
  });
}

/** Status, body and headers but the date: two of these are equal when a caller cannot tell the answers apart. */
function comparable(response: LightMyRequestResponse) {
  const { date: _date, ...headers } = response.headers;
  return { status: response.statusCode, body: response.body, headers };
}

const mailsTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));

async function latestMail(to: string) {
  const [mail] = await mailsTo(to);
  if (!mail) throw new Error(`no e-mail to ${to}`);
  return mail;
}

const keyIn = (body: string, before: string) => new RegExp(`${before}([A-Za-z0-9_-]{43})$`, 'm').exec(body)?.[1];

const userBy = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

let people = 0;
/** A registration of a new person with a unique address. */
function newPerson(overrides: Record<string, unknown> = {}) {
  people += 1;
  return {
    first_name: 'Robin',
    last_name: `Tester${people}`,
    email: `robin.${people}@new-customer.example`,
    password1: 'mauve kettle orbit 42',
    password2: 'mauve kettle orbit 42',
    ...overrides,
  };
}

const register = (payload: InjectOptions['payload'], ip?: string) => post('/registration/', payload, ip);
const verify = (key: string) => post('/registration/verify-email/', { key });
const requestMagicLink = (email: string, ip?: string) => post('/auth/magic-link/', { email }, ip);
const magicLogin = (key: string) => post('/auth/magic-link/login/', { key });
const requestReset = (email: string, ip?: string) => post('/auth/password/reset/', { email }, ip);
const confirmReset = (uid: string, token: string, password: string, confirm = password) =>
  post('/auth/password/reset/confirm/', { uid, token, new_password1: password, new_password2: confirm });

/** Registers and answers the verification key from the e-mail. */
async function registerAndGetKey(person: ReturnType<typeof newPerson>) {
  expect((await register(person)).statusCode).toBe(201);
  const key = keyIn((await latestMail(person.email)).body, '/auth/register/verify/');
  expect(key).toBeDefined();
  return key!;
}

async function magicLinkKey(email: string) {
  expect((await requestMagicLink(email)).statusCode).toBe(200);
  const key = keyIn((await latestMail(email)).body, '/auth/login/signin#key=');
  expect(key).toBeDefined();
  return key!;
}

async function resetLink(email: string) {
  expect((await requestReset(email)).statusCode).toBe(200);
  const match = /\/auth\/password_reset\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]{43})$/m.exec((await latestMail(email)).body);
  expect(match).not.toBeNull();
  return { uid: match![1]!, token: match![2]! };
}

/** Signs in with a password and answers the token key; fails the test if refused. */
async function signIn(email: string, password: string) {
  const response = await postLogin(t.app, { email, password }, { remoteAddress: freshIp() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ key: string }>().key;
}

const getAs = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(key) });

describe('POST /registration/', () => {
  it('creates an unverified user with an account named after them, and e-mails a verification link', async () => {
    const person = newPerson({ email: ' Robin.New@New-Customer.example ' });
    const response = await register(person);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ detail: accountMessages.registered });

    const user = await userBy('robin.new@new-customer.example');
    expect(user).toMatchObject({
      firstName: 'Robin',
      lastName: person.last_name,
      emailVerified: false,
      isStaff: false,
    });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, user!.accountId!));
    expect(account!.name).toBe(`Robin ${person.last_name}`);

    const mail = await latestMail('robin.new@new-customer.example');
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.body).toContain(`${publicUrl()}/auth/register/verify/`);
    expect(mail.body).toContain(`for ${VERIFY_LINK_TTL_MINUTES} minutes`);
    expect(mail.body).not.toContain(person.password1);
  });

  it('journey: sign-in is refused until the link is opened, then the new customer has a sensible home', async () => {
    const person = newPerson();
    const key = await registerAndGetKey(person);

    const early = await postLogin(
      t.app,
      { email: person.email, password: person.password1 },
      { remoteAddress: freshIp() },
    );
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ detail: accountMessages.emailNotVerified });

    const verified = await verify(key);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ detail: accountMessages.verified });
    expect((await userBy(person.email))!.emailVerified).toBe(true);

    const token = await signIn(person.email, person.password1);
    const me = Me.parse((await getAs(token, '/api/v3/me/')).json());
    expect(me).toMatchObject({
      name: `Robin ${person.last_name}`,
      initials: 'RT',
      is_staff: false,
      logged_in_as: null,
    });
    const navigation = await getAs(token, '/api/v3/navigation/');
    expect(navigation.statusCode).toBe(200);
    expect(navigation.json()).toMatchObject({ account: { name: `Robin ${person.last_name}` }, products: [] });
    for (const url of [
      '/api/v3/voip/getting-started/',
      '/api/v3/voip/service-status/',
      '/api/v1/trial/status/',
      '/api/v3/notifications/?page_size=10',
    ]) {
      expect((await getAs(token, url)).statusCode, url).toBe(200);
    }
  });

  it('answers a taken address exactly as a new one, and e-mails its owner instead of changing anything', async () => {
    const fresh = await register(newPerson(), '10.8.0.1');
    const taken = await register(newPerson({ email: demoLogins.customer.email, first_name: 'Mallory' }), '10.8.0.1');
    expect(comparable(taken)).toEqual(comparable(fresh));

    const mail = await latestMail(demoLogins.customer.email);
    expect(mail.subject).toBe('You already have an account');
    expect(mail.body).toContain(`${publicUrl()}/auth/password_reset`);
    const alex = await userBy(demoLogins.customer.email);
    expect(alex).toMatchObject({ firstName: 'Alex', emailVerified: true });
    await login(t.app, demoLogins.customer); // the old password still works
  });

  it('answers the same when the mailer fails', async () => {
    const send = vi.spyOn(t.app.mailer, 'send').mockRejectedValue(new Error('mail relay down'));
    try {
      const response = await register(newPerson());
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ detail: accountMessages.registered });
      const again = await register(newPerson({ email: demoLogins.trial.email }));
      expect(again.statusCode).toBe(201);
    } finally {
      send.mockRestore();
    }
  });

  it('refuses short, common and address-like passwords on password1, creating nobody', async () => {
    const cases: Array<[string, string]> = [
      ['short', passwordMessages.tooShort],
      ['password123', passwordMessages.common],
      ['Password1234', passwordMessages.common],
      ['my Kestrelhawk password', passwordMessages.likeEmail],
    ];
    for (const [password, message] of cases) {
      const person = newPerson({ email: 'kestrelhawk@new-customer.example', password1: password, password2: password });
      const response = await register(person);
      expect(response.statusCode, password).toBe(400);
      expect(response.json(), password).toEqual({ password1: [message] });
      expect(await userBy(person.email)).toBeUndefined();
    }
    const mismatch = await register(newPerson({ password2: 'something else entirely' }));
    expect(mismatch.json()).toEqual({ password2: [passwordMessages.mismatch] });
  });

  it('answers every bad payload with 400 and readable messages, never 500', async () => {
    const required = await register({});
    expect(required.statusCode).toBe(400);
    expect(required.json()).toMatchObject({
      first_name: [nameMessages.firstRequired],
      last_name: [nameMessages.lastRequired],
      email: ['Enter your email address'],
      password1: [passwordMessages.required],
    });
    const bad: unknown[] = [
      [],
      'text',
      { ...newPerson(), email: 'not an address' },
      { ...newPerson(), first_name: '   ' },
      { ...newPerson(), first_name: 'x'.repeat(101) },
      { ...newPerson(), email: 42 },
      { ...newPerson(), password1: 'x'.repeat(129), password2: 'x'.repeat(129) },
      { ...newPerson(), last_name: 'Nul\u0000Byte' },
    ];
    for (const payload of bad) {
      const response = await postJson('/registration/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json()).length).toBeGreaterThan(0);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/registration/',
      headers: { ...(await getCsrf(t.app)).headers, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(raw.statusCode).toBe(400);
  });

  it('past the limit for an address answers the same but sends nothing more; past the limit for a client, 429', async () => {
    t.clock.advance(THROTTLE_WINDOW_MS + 1000);
    for (const email of ['busy@new-customer.example', demoLogins.buyNow.email]) {
      const first = await register(newPerson({ email }));
      expect(first.statusCode).toBe(201);
      for (let i = 1; i < ACCOUNT_LIMITS.register.address; i += 1)
        expect((await register(newPerson({ email }))).statusCode).toBe(201);
      const sent = (await mailsTo(email)).length;
      const quiet = await register(newPerson({ email }));
      expect(comparable(quiet)).toEqual(comparable(first));
      expect(await mailsTo(email)).toHaveLength(sent);
    }
    // A refused password does not use up the address's tries.
    for (let i = 0; i <= ACCOUNT_LIMITS.register.address; i += 1) {
      expect(
        (
          await register(
            newPerson({ email: 'careful@new-customer.example', password1: 'password123', password2: 'password123' }),
          )
        ).statusCode,
      ).toBe(400);
    }
    expect((await register(newPerson({ email: 'careful@new-customer.example' }))).statusCode).toBe(201);
    expect(await mailsTo('careful@new-customer.example')).toHaveLength(1);

    for (let i = 0; i < ACCOUNT_LIMITS.register.ip; i += 1) await register(newPerson(), '10.7.0.1');
    const limited = await register(newPerson(), '10.7.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: accountMessages.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(newPerson(), '10.7.0.2')).statusCode).toBe(201);
  });

  it('needs the CSRF header', async () => {
    const forged = await t.app.inject({ method: 'POST', url: '/registration/', payload: newPerson() });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ detail: errorMessages.csrfFailed });
  });
});

describe('POST /registration/verify-email/', () => {
  it('works once: a second use says the link was used', async () => {
    const key = await registerAndGetKey(newPerson());
    expect((await verify(key)).statusCode).toBe(200);
    const again = await verify(key);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: accountMessages.linkUsed });
  });

  it(`expires after ${VERIFY_LINK_TTL_MINUTES} minutes`, async () => {
    const person = newPerson();
    const key = await registerAndGetKey(person);
    t.clock.advance(VERIFY_LINK_TTL_MINUTES * MINUTE_MS);
    const late = await verify(key);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ detail: accountMessages.linkExpired });
    expect((await userBy(person.email))!.emailVerified).toBe(false);
  });

  it('refuses unknown and malformed keys as not valid, and an old link once a new one is sent', async () => {
    for (const key of ['A'.repeat(43), 'abc', '../../etc/passwd', 'é'.repeat(43)]) {
      const response = await verify(key);
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toEqual({ detail: accountMessages.linkInvalid });
    }
    expect((await verify('')).json()).toEqual({ key: [accountMessages.linkInvalid] });
    expect((await verify('x'.repeat(201))).json()).toEqual({ key: [accountMessages.linkInvalid] });
    expect((await post('/registration/verify-email/', { key: 42 })).statusCode).toBe(400);

    // Registering again with a taken address mints no key: the first link still works.
    const person = newPerson();
    const first = await registerAndGetKey(person);
    expect((await register(person)).statusCode).toBe(201);
    expect((await latestMail(person.email)).subject).toBe('You already have an account');
    expect((await verify(first)).statusCode).toBe(200);
  });

  it('confirms nothing once the address has changed since the link was sent', async () => {
    const person = newPerson();
    const key = await registerAndGetKey(person);
    await t.db
      .update(users)
      .set({ email: `changed.${person.email}` })
      .where(eq(users.email, person.email));
    const response = await verify(key);
    expect(response.json()).toEqual({ detail: accountMessages.linkInvalid });
    expect((await userBy(`changed.${person.email}`))!.emailVerified).toBe(false);
    // And the key was not spent by the refusal.
    const [row] = await t.db
      .select()
      .from(emailVerificationKeys)
      .where(eq(emailVerificationKeys.userId, (await userBy(`changed.${person.email}`))!.id));
    expect(row!.usedAt).toBeNull();
  });
});

describe('magic link', () => {
  it('answers known and unknown addresses identically, and e-mails only the known one', async () => {
    const known = await requestMagicLink(demoLogins.gettingStarted.email, '10.6.0.1');
    const unknown = await requestMagicLink('nobody@new-customer.example', '10.6.0.1');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ detail: accountMessages.magicLinkSent });
    expect(comparable(unknown)).toEqual(comparable(known));
    expect(await mailsTo('nobody@new-customer.example')).toEqual([]);
    const mail = await latestMail(demoLogins.gettingStarted.email);
    expect(mail.subject).toBe('Your sign-in link');
    expect(mail.body).toContain(`${publicUrl()}/auth/login/signin#key=`);
    expect(mail.body).toContain(`for ${MAGIC_LINK_TTL_MINUTES} minutes`);
  });

  it('signs in once with the key, as the user it was sent to', async () => {
    const key2 = await magicLinkKey(demoLogins.trial.email);
    const response = await magicLogin(key2);
    expect(response.statusCode).toBe(200);
    const token = response.json<{ key: string }>().key;
    expect(Me.parse((await getAs(token, '/api/v3/me/')).json()).user_profile.email).toBe(demoLogins.trial.email);

    const again = await magicLogin(key2);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: accountMessages.linkUsed });
    // Only the hash is stored.
    const rows = await t.db.select().from(oneTimeKeys);
    expect(rows.some((row) => row.keyHash === key2)).toBe(false);
  });

  it(`expires after ${MAGIC_LINK_TTL_MINUTES} minutes`, async () => {
    const key = await magicLinkKey(demoLogins.buyNowProvisioned.email);
    t.clock.advance(MAGIC_LINK_TTL_MINUTES * MINUTE_MS - 1000);
    const stillFresh = await magicLinkKey(demoLogins.buyNowProvisioned.email);
    t.clock.advance(2000);
    const late = await magicLogin(key);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ detail: accountMessages.linkExpired });
    expect((await magicLogin(stillFresh)).statusCode).toBe(200);
  });

  it("confirms an unverified address and ends the password and sessions set before: someone may have registered another person's address", async () => {
    const before = (await userBy(demoLogins.unverified.email))!;
    const earlier = await issueToken(t.db, before.id, t.clock.now());
    const key = await magicLinkKey(demoLogins.unverified.email);
    expect((await magicLogin(key)).statusCode).toBe(200);
    const after = (await userBy(demoLogins.unverified.email))!;
    expect(after.emailVerified).toBe(true);
    expect(await verifyPassword(demoLogins.unverified.password, after.passwordHash)).toBe(false);
    const [old] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashKey(earlier)));
    expect(old!.revokedAt).not.toBeNull();
    await t.db
      .update(users)
      .set({ emailVerified: false, passwordHash: before.passwordHash })
      .where(eq(users.id, before.id));
  });

  it('leaves the password of an account already confirmed alone', async () => {
    const key = await magicLinkKey(demoLogins.customer.email);
    expect((await magicLogin(key)).statusCode).toBe(200);
    await login(t.app, demoLogins.customer);
  });

  it('refuses a reset key, an unknown key and junk, never 500', async () => {
    const { token } = await resetLink(demoLogins.trialExpired.email);
    const wrongPurpose = await magicLogin(token);
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json()).toEqual({ detail: accountMessages.linkInvalid });
    for (const payload of [{ key: 'B'.repeat(43) }, { key: '' }, {}, { key: null }, 'key']) {
      const response = await postJson('/auth/magic-link/login/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const bad = await post('/auth/magic-link/', { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: ['Enter an email address in the correct format, like name@example.com'] });
  });

  it('past the limit for an address answers the same but sends nothing more; past the limit for a client, 429', async () => {
    t.clock.advance(THROTTLE_WINDOW_MS + 1000);
    const email = demoLogins.notifications.email;
    let first;
    for (let i = 0; i < ACCOUNT_LIMITS.magicLink.address; i += 1) first = await requestMagicLink(email);
    const sent = (await mailsTo(email)).length;
    expect(comparable((await requestMagicLink(email))!)).toEqual(comparable(first!));
    expect(await mailsTo(email)).toHaveLength(sent);
    for (let i = 0; i < ACCOUNT_LIMITS.magicLink.ip; i += 1)
      await requestMagicLink(`ip-${i}@new-customer.example`, '10.5.0.1');
    expect((await requestMagicLink('one-more@new-customer.example', '10.5.0.1')).statusCode).toBe(429);
  });
});

describe('password reset', () => {
  const newPassword = 'plum harbour lantern 7';

  it('answers known and unknown addresses identically, and e-mails only the known one', async () => {
    const known = await requestReset(demoLogins.multiProduct.email, '10.4.0.1');
    const unknown = await requestReset('nobody-at-all@new-customer.example', '10.4.0.1');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ detail: accountMessages.resetSent });
    expect(comparable(unknown)).toEqual(comparable(known));
    expect(await mailsTo('nobody-at-all@new-customer.example')).toEqual([]);
    const mail = await latestMail(demoLogins.multiProduct.email);
    expect(mail.subject).toBe('Reset your password');
    const user = await userBy(demoLogins.multiProduct.email);
    expect(mail.body).toContain(`${publicUrl()}/auth/password_reset/${uidOf(user!.id)}/`);
    expect(mail.body).toContain(`for ${RESET_LINK_TTL_MINUTES} minutes`);
  });

  it('sets the new password once, ends every session and spends other links', async () => {
    const person = newPerson();
    await verify(await registerAndGetKey(person));
    const credentials = { email: person.email, password: person.password1 };
    const session = await signIn(person.email, person.password1);
    const pendingMagic = await magicLinkKey(person.email);
    const { uid, token } = await resetLink(person.email);

    // A refused password leaves the link usable.
    const common = await confirmReset(uid, token, 'qwertyuiop');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ new_password1: [passwordMessages.common] });
    const short = await confirmReset(uid, token, 'short');
    expect(short.json()).toEqual({ new_password1: [passwordMessages.tooShort] });
    const mismatch = await confirmReset(uid, token, newPassword, 'not the same at all');
    expect(mismatch.json()).toEqual({ new_password2: [passwordMessages.mismatch] });
    expect((await getAs(session, '/api/v3/me/')).statusCode).toBe(200);

    const done = await confirmReset(uid, token, newPassword);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: accountMessages.passwordReset });

    expect((await getAs(session, '/api/v3/me/')).statusCode).toBe(401);
    expect((await postLogin(t.app, credentials, { remoteAddress: freshIp() })).json()).toEqual({
      detail: errorMessages.badCredentials,
    });
    await signIn(person.email, newPassword);
    expect((await magicLogin(pendingMagic)).json()).toEqual({ detail: accountMessages.linkUsed });
    expect((await latestMail(person.email)).subject).toBe('Your password has been changed');

    const again = await confirmReset(uid, token, 'another fine password 9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: accountMessages.linkUsed });
  });

  it(`expires after ${RESET_LINK_TTL_MINUTES} minutes`, async () => {
    const { uid, token } = await resetLink(demoLogins.staffViewed.email);
    t.clock.advance(RESET_LINK_TTL_MINUTES * MINUTE_MS);
    const late = await confirmReset(uid, token, newPassword);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ detail: accountMessages.linkExpired });
    await login(t.app, demoLogins.staffViewed);
  });

  it("is bound to its user: another user's uid, a garbled uid or a magic-link key does nothing", async () => {
    const { uid, token } = await resetLink(demoLogins.staff.email);
    const other = await userBy(demoLogins.customer.email);
    for (const wrongUid of [uidOf(other!.id), 'garbage!', '', 'MA', uidOf(0)]) {
      const response = await confirmReset(wrongUid, token, newPassword);
      expect(response.statusCode, wrongUid).toBe(400);
    }
    expect((await confirmReset(uidOf(other!.id), token, newPassword)).json()).toEqual({
      detail: accountMessages.linkInvalid,
    });
    const magic = await magicLinkKey(demoLogins.staff.email);
    expect((await confirmReset(uid, magic, newPassword)).json()).toEqual({ detail: accountMessages.linkInvalid });
    // Nothing changed: the staff password still works, and the right pair still does.
    await login(t.app, demoLogins.staff);
    const [row] = await t.db
      .select()
      .from(oneTimeKeys)
      .where(eq(oneTimeKeys.purpose, 'password_reset'))
      .orderBy(desc(oneTimeKeys.id));
    expect(row!.usedAt).toBeNull();
  });

  it('confirms the address of an unverified user, whose sign-in then works', async () => {
    const person = newPerson();
    await registerAndGetKey(person);
    const { uid, token } = await resetLink(person.email);
    expect((await confirmReset(uid, token, newPassword)).statusCode).toBe(200);
    await signIn(person.email, newPassword);
  });

  it('answers bad payloads with 400, never 500', async () => {
    for (const payload of [
      {},
      { uid: 'MQ', token: 'x' },
      { uid: 1, token: 2, new_password1: 3, new_password2: 4 },
      [],
    ]) {
      const response = await postJson('/auth/password/reset/confirm/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('past the limit for an address answers the same but sends nothing more; past the limit for a client, 429', async () => {
    t.clock.advance(THROTTLE_WINDOW_MS + 1000);
    const email = demoLogins.trial.email;
    for (let i = 0; i < ACCOUNT_LIMITS.passwordReset.address; i += 1)
      expect((await requestReset(email)).statusCode).toBe(200);
    const sent = (await mailsTo(email)).length;
    const quiet = await requestReset(email);
    expect(quiet.statusCode).toBe(200);
    expect(quiet.json()).toEqual({ detail: accountMessages.resetSent });
    expect(await mailsTo(email)).toHaveLength(sent);
    for (let i = 0; i < ACCOUNT_LIMITS.passwordReset.ip; i += 1)
      await requestReset(`ip-${i}@new-customer.example`, '10.3.0.1');
    expect((await requestReset('one-more@new-customer.example', '10.3.0.1')).statusCode).toBe(429);
  });
});

describe('POST /auth/login/ before verification', () => {
  it('says "confirm your email" only after the password matched', async () => {
    const wrong = await postLogin(
      t.app,
      { email: demoLogins.unverified.email, password: 'not-the-password' },
      { remoteAddress: freshIp() },
    );
    const unknown = await postLogin(
      t.app,
      { email: 'nobody@willow-accountancy.example', password: 'not-the-password' },
      { remoteAddress: freshIp() },
    );
    expect(wrong.json()).toEqual({ detail: errorMessages.badCredentials });
    expect(comparable(wrong)).toEqual(comparable(unknown));
    const right = await postLogin(t.app, demoLogins.unverified, { remoteAddress: freshIp() });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ detail: accountMessages.emailNotVerified });
  });
});
