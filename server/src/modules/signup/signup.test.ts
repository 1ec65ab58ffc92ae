import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import {
  accountMessages,
  addressMessages,
  BUY_NOW_PROVISIONED,
  EMAIL_PIN_MAX_TRIES,
  EMAIL_PIN_TTL_MINUTES,
  INTERNATIONAL_TARIFF_ORDER,
  mobileMessages,
  numberMessages,
  NumberSearchResult,
  NumberSelection,
  passwordMessages,
  phoneSetupMessages,
  pinMessages,
  signupMessages,
  SiteNumbers,
  TrialStatus,
  type Lead,
} from '@portal/contract';

import { readConfig } from '../../config.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import {
  accounts,
  numberInventory,
  outbox,
  phoneNumbers,
  products,
  signupLeads,
  trials,
  users,
  voipUsers,
} from '../../db/schema/index.ts';
import { authHeaders, getCsrf, tokenOf, useTestApp } from '../../test/helper.ts';
import { ACCOUNT_LIMITS, THROTTLE_WINDOW_MS } from '../account/index.ts';
import { issueToken, MAX_SMS_CODE_TRIES } from '../identity/index.ts';

const t = useTestApp();

const MINUTE_MS = 60 * 1000;
let nextClient = 0;
const freshIp = () => `10.14.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 1}`;

async function post(url: string, payload: InjectOptions['payload'], extra: { ip?: string; key?: string } = {}) {
  const csrf = await getCsrf(t.app);
  const headers = extra.key ? authHeaders(extra.key, csrf) : csrf.headers;
  return t.app.inject({ method: 'POST', url, headers, payload, remoteAddress: extra.ip ?? freshIp() });
}

let nextPerson = 0;
const person = (domain = 'new-business.example') => {
  nextPerson += 1;
  return {
    email: `owner${nextPerson}@${domain}`,
    first_name: 'Robin',
    last_name: `Hale${nextPerson}`,
    business_name: `Hale Joinery ${nextPerson}`,
  };
};

async function lastMail(to: string) {
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return mail!;
}
const pinIn = (body: string) => /\b(\d{6})\b/.exec(body)?.[1] ?? '';
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function createLead(overrides: Record<string, unknown> = {}) {
  const who = { ...person(), channel: 'Self Sign Up', ...overrides };
  const response = await post('/api/v3/signup/create-lead/', who);
  expect(response.statusCode, response.body).toBe(201);
  return { who: who as typeof who & { email: string }, lead: response.json<Lead>() };
}

/** A lead whose e-mail PIN has been entered. */
async function verifiedLead(overrides: Record<string, unknown> = {}) {
  const { who, lead } = await createLead(overrides);
  const pin = pinIn((await lastMail(who.email)).body);
  const verified = await post('/auth/email/verify/', { token: lead.token, pin });
  expect(verified.statusCode, verified.body).toBe(200);
  return { who, lead };
}

const details = (token: string, extra: Record<string, unknown> = {}) => ({
  token,
  password1: 'a long walk by the river',
  password2: 'a long walk by the river',
  pin: '482916',
  mobile_number: '07700 900555',
  ...extra,
});

describe('GET /api/v1/signup/settings/ and the flags', () => {
  it('answers the flags, maintenance off by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/signup/settings/' });
    expect(response.json()).toEqual({ maintenance_mode: false, signup_redirect_to_trial: false, voip3_signup: true });
  });

  it('reads the environment, and refuses a bad value', () => {
    const readSignupSettings = (env: Record<string, string>) => readConfig(env).signup;
    expect(
      readSignupSettings({
        PORTAL_MAINTENANCE_MODE: 'on',
        PORTAL_SIGNUP_REDIRECT_TO_TRIAL: 'true',
        PORTAL_VOIP3_SIGNUP: 'off',
        PORTAL_SMS_HOURLY_LIMIT: '7',
      }),
    ).toEqual({
      maintenanceMode: true,
      signupRedirectToTrial: true,
      voip3Signup: false,
      smsHourlyLimit: 7,
    });
    expect(readSignupSettings({}).maintenanceMode).toBe(false);
    expect(() => readSignupSettings({ PORTAL_MAINTENANCE_MODE: 'maybe' })).toThrow(
      /PORTAL_MAINTENANCE_MODE must be on or off/,
    );
    expect(() => readSignupSettings({ PORTAL_SMS_HOURLY_LIMIT: '-1' })).toThrow(/PORTAL_SMS_HOURLY_LIMIT/);
  });
});

describe('POST /api/v3/signup/create-lead/', () => {
  it('e-mails a 6-digit PIN and answers a journey token, the trial version and the free-e-mail flag', async () => {
    const { who, lead } = await createLead({ trial_version: 'z' });
    expect(lead).toMatchObject({
      email: who.email,
      channel: 'Self Sign Up',
      trial_version: 'a',
      is_free_email: false,
      promo_code: null,
    });
    expect(lead.token.length).toBeGreaterThanOrEqual(40);
    const mail = await lastMail(who.email);
    expect(mail.subject).toBe('Your sign-up PIN');
    expect(pinIn(mail.body)).toMatch(/^\d{6}$/);
    const [row] = await t.db.select().from(signupLeads).where(eq(signupLeads.email, who.email));
    expect(row!.tokenHash).not.toContain(lead.token);
    expect(row!.pinHash).not.toContain(pinIn(mail.body));
  });

  it('flags free e-mail domains and forces trial version a for Buy Now', async () => {
    const { lead } = await createLead({ ...person('yahoo.co.uk'), channel: 'Buy Now', trial_version: 'b' });
    expect(lead).toMatchObject({ is_free_email: true, channel: 'Buy Now', trial_version: 'a' });
  });

  it('restarts the open journey of an address instead of adding a second (the old token stops working)', async () => {
    const who = { ...person(), channel: 'Self Sign Up' };
    const first = (await post('/api/v3/signup/create-lead/', who)).json<Lead>();
    const second = (await post('/api/v3/signup/create-lead/', who)).json<Lead>();
    expect(second.token).not.toBe(first.token);
    expect(await t.db.select().from(signupLeads).where(eq(signupLeads.email, who.email))).toHaveLength(1);
    const old = await post('/auth/email/verify/', { token: first.token, pin: '123456' });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ detail: signupMessages.journeyExpired });
  });

  it('keeps a known promo code upper-cased and refuses an unknown one', async () => {
    const { lead } = await createLead({ promo_code: ' trial30 ' });
    expect(lead.promo_code).toBe('TRIAL30');
    const refused = await post('/api/v3/signup/create-lead/', {
      ...person(),
      channel: 'Self Sign Up',
      promo_code: 'NOPE',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ promo_code: [signupMessages.promoInvalid] });
  });

  it('answers readable 400s for missing or bad fields', async () => {
    const response = await post('/api/v3/signup/create-lead/', { email: 'not-an-address', channel: 'Fax' });
    expect(response.statusCode).toBe(400);
    const body = response.json<Record<string, string[]>>();
    expect(body.email).toEqual(['Enter an email address in the correct format, like name@example.com']);
    expect(body.business_name).toEqual([signupMessages.businessNameRequired]);
    expect(body.channel).toEqual(['Choose a channel: Buy Now or Self Sign Up']);
  });

  it('tells an address with an account to sign in, with the same answer, and never lets it through', async () => {
    const response = await post('/api/v3/signup/create-lead/', {
      ...person(),
      email: demoLogins.customer.email,
      channel: 'Self Sign Up',
    });
    expect(response.statusCode).toBe(201);
    const lead = response.json<Lead>();
    const mail = await lastMail(demoLogins.customer.email);
    expect(mail.subject).toBe('You already have an account');
    expect(mail.body).not.toMatch(/\b\d{6}\b/);
    const guess = await post('/auth/email/verify/', { token: lead.token, pin: '123456' });
    expect(guess.json()).toEqual({ pin: [signupMessages.pinWrong] });
    const last = await post('/api/v1/signup/create-password/', details(lead.token));
    expect(last.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, demoLogins.customer.email))).toHaveLength(1);
  });
});

describe('POST /auth/email/verify/', () => {
  it('accepts the right PIN once, after wrong ones', async () => {
    const { who, lead } = await createLead();
    const pin = pinIn((await lastMail(who.email)).body);
    const bad = await post('/auth/email/verify/', { token: lead.token, pin: wrong(pin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ pin: [signupMessages.pinWrong] });
    const ok = await post('/auth/email/verify/', { token: lead.token, pin });
    expect(ok.json()).toEqual({ detail: signupMessages.emailVerified, email_verified: true });
  });

  it(`allows ${EMAIL_PIN_MAX_TRIES} tries`, async () => {
    const { who, lead } = await createLead();
    const pin = pinIn((await lastMail(who.email)).body);
    for (let i = 0; i < EMAIL_PIN_MAX_TRIES; i += 1)
      await post('/auth/email/verify/', { token: lead.token, pin: wrong(pin) });
    expect((await post('/auth/email/verify/', { token: lead.token, pin })).json()).toEqual({
      pin: [signupMessages.pinTooManyTries],
    });
  });

  it(`compares at most ${EMAIL_PIN_MAX_TRIES} of 40 wrong PINs sent at once, then refuses the right one`, async () => {
    const { who, lead } = await createLead();
    const pin = pinIn((await lastMail(who.email)).body);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => post('/auth/email/verify/', { token: lead.token, pin: wrong(pin) })),
    );
    const bodies = answers.map((answer) => answer.json<Record<string, string[]>>().pin?.[0]);
    expect(bodies.filter((body) => body === signupMessages.pinWrong)).toHaveLength(EMAIL_PIN_MAX_TRIES);
    expect(bodies.filter((body) => body === signupMessages.pinTooManyTries)).toHaveLength(40 - EMAIL_PIN_MAX_TRIES);
    expect((await post('/auth/email/verify/', { token: lead.token, pin })).json()).toEqual({
      pin: [signupMessages.pinTooManyTries],
    });
  });

  it(`expires after ${EMAIL_PIN_TTL_MINUTES} minutes`, async () => {
    const { who, lead } = await createLead();
    const pin = pinIn((await lastMail(who.email)).body);
    t.clock.advance(EMAIL_PIN_TTL_MINUTES * MINUTE_MS);
    expect((await post('/auth/email/verify/', { token: lead.token, pin })).json()).toEqual({
      pin: [signupMessages.pinExpired],
    });
  });

  it('refuses a PIN that is not 6 digits and an unknown token', async () => {
    const { lead } = await createLead();
    expect((await post('/auth/email/verify/', { token: lead.token, pin: '12ab' })).json()).toEqual({
      pin: ['Enter the 6-digit PIN from the email'],
    });
    expect((await post('/auth/email/verify/', { token: 'x'.repeat(43), pin: '123456' })).json()).toEqual({
      detail: signupMessages.journeyExpired,
    });
  });
});

describe('GET /api/v1/signup/tools/phone-number/validate/ and GET api/v1/signup/promo/', () => {
  it('says whether a number is a UK mobile, in the shape the page reads', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/v1/signup/tools/phone-number/validate/?mobile_number=%2B44%207700%20900123',
    });
    expect(ok.json()).toEqual({ valid: true, mobile_number: '07700900123', message: { mobile_number: [] } });
    const landline = await t.app.inject({
      method: 'GET',
      url: '/api/v1/signup/tools/phone-number/validate/?mobile_number=01632960001',
    });
    expect(landline.json()).toEqual({
      valid: false,
      mobile_number: null,
      message: { mobile_number: [mobileMessages.invalid] },
    });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/signup/tools/phone-number/validate/' });
    expect(missing.statusCode).toBe(400);
  });

  it('answers a known promo code and 404s an unknown one', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/signup/promo/?code=welcome' });
    expect(ok.json()).toEqual({
      code: 'WELCOME',
      valid: true,
      description: 'A 21-day free trial instead of 14 days',
      trial_days: 21,
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/signup/promo/?code=NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: signupMessages.promoInvalid });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/signup/promo/?code=' })).json()).toEqual({
      code: ['Enter a promo code'],
    });
  });
});

describe('POST /auth/sms/send/ and /auth/sms/verify/', () => {
  const lastCode = async (e164: string) => pinIn((await lastMail(e164)).body);

  it('need the journey token of a confirmed e-mail', async () => {
    const noToken = await post('/auth/sms/send/', { mobile_number: '07700900301' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toEqual({ token: [signupMessages.journeyExpired] });
    const { lead } = await createLead();
    const unconfirmed = await post('/auth/sms/send/', { mobile_number: '07700900301', token: lead.token });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toEqual({ detail: signupMessages.emailNotVerified });
  });

  it('texts a code that verifies once: SUCCESS, else FAILED with "Incorrect verification code"', async () => {
    const { lead } = await verifiedLead();
    const sent = await post('/auth/sms/send/', { mobile_number: '07700 900302', token: lead.token });
    expect(sent.json()).toEqual({ detail: accountMessages.smsSent });
    const code = await lastCode('+447700900302');
    expect(
      (
        await post('/auth/sms/verify/', { mobile_number: '07700900302', sms_code: wrong(code), token: lead.token })
      ).json(),
    ).toEqual({ status: 'FAILED', detail: accountMessages.smsCodeWrong });
    expect(
      (await post('/auth/sms/verify/', { mobile_number: '07700900302', sms_code: code, token: lead.token })).json(),
    ).toEqual({ status: 'SUCCESS', detail: accountMessages.smsVerified });
    const [row] = await t.db.select().from(signupLeads).where(eq(signupLeads.email, lead.email));
    expect(row!.mobileVerified).toBe('07700900302');
    expect(
      (await post('/auth/sms/verify/', { mobile_number: '07700900302', sms_code: code, token: lead.token })).json(),
    ).toEqual({ status: 'FAILED', detail: accountMessages.smsCodeExpired });
  });

  it(`allows ${MAX_SMS_CODE_TRIES} tries per code`, async () => {
    const { lead } = await verifiedLead();
    await post('/auth/sms/send/', { mobile_number: '07700900303', token: lead.token });
    const code = await lastCode('+447700900303');
    for (let i = 0; i < MAX_SMS_CODE_TRIES; i += 1)
      await post('/auth/sms/verify/', { mobile_number: '07700900303', sms_code: wrong(code), token: lead.token });
    expect(
      (await post('/auth/sms/verify/', { mobile_number: '07700900303', sms_code: code, token: lead.token })).json(),
    ).toEqual({ status: 'FAILED', detail: accountMessages.smsTooManyTries });
  });

  it(`compares at most ${MAX_SMS_CODE_TRIES} of 40 wrong codes sent at once, then refuses the right one`, async () => {
    const { lead } = await verifiedLead();
    await post('/auth/sms/send/', { mobile_number: '07700900305', token: lead.token });
    const code = await lastCode('+447700900305');
    const verify = (smsCode: string) =>
      post('/auth/sms/verify/', { mobile_number: '07700900305', sms_code: smsCode, token: lead.token });
    const answers = await Promise.all(Array.from({ length: 40 }, () => verify(wrong(code))));
    const details = answers.map((answer) => answer.json<{ detail?: string }>().detail);
    expect(details.filter((detail) => detail === accountMessages.smsCodeWrong)).toHaveLength(MAX_SMS_CODE_TRIES);
    // Every other one is refused unread: too many tries for the code, or too many requests (429) altogether.
    const refused = answers.filter(
      (answer) =>
        answer.statusCode === 429 || answer.json<{ detail?: string }>().detail === accountMessages.smsTooManyTries,
    );
    expect(refused).toHaveLength(40 - MAX_SMS_CODE_TRIES);
    // The right code comes too late: the number stays unconfirmed.
    expect((await verify(code)).json()).not.toMatchObject({ status: 'SUCCESS' });
    const [row] = await t.db.select().from(signupLeads).where(eq(signupLeads.email, lead.email));
    expect(row!.mobileVerified).toBeNull();
  });

  it('refuses numbers that are not UK mobiles and codes that are not 6 digits', async () => {
    const { lead } = await verifiedLead();
    expect((await post('/auth/sms/send/', { mobile_number: '01632 960001', token: lead.token })).json()).toEqual({
      mobile_number: [mobileMessages.invalid],
    });
    expect(
      (await post('/auth/sms/verify/', { mobile_number: '07700900304', sms_code: '123', token: lead.token })).json(),
    ).toEqual({ sms_code: ['Enter the 6-digit code'] });
  });

  it('answers 503 when the gateway refuses the message', async () => {
    const { lead } = await verifiedLead();
    const failing = vi.spyOn(t.app.sms, 'send').mockRejectedValueOnce(new Error('gateway down'));
    try {
      const response = await post('/auth/sms/send/', { mobile_number: '07700900305', token: lead.token });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: accountMessages.smsNotSent });
    } finally {
      failing.mockRestore();
    }
  });

  it('caps texts per number, and for every number together', async () => {
    t.clock.advance(THROTTLE_WINDOW_MS + 1000);
    const { lead } = await verifiedLead();
    for (let i = 0; i < ACCOUNT_LIMITS.smsSend.address; i += 1)
      expect((await post('/auth/sms/send/', { mobile_number: '07700900306', token: lead.token })).statusCode).toBe(200);
    const perNumber = await post('/auth/sms/send/', { mobile_number: '07700900306', token: lead.token });
    expect(perNumber.statusCode).toBe(429);
    expect(perNumber.json()).toEqual({ detail: accountMessages.tooManyRequests });

    const before = t.app.signupSettings.smsHourlyLimit;
    t.clock.advance(THROTTLE_WINDOW_MS + 1000);
    t.app.signupSettings.smsHourlyLimit = 3;
    try {
      const fresh = await verifiedLead();
      for (let i = 0; i < 3; i += 1)
        expect(
          (await post('/auth/sms/send/', { mobile_number: `0770090040${i}`, token: fresh.lead.token })).statusCode,
        ).toBe(200);
      const global = await post('/auth/sms/send/', { mobile_number: '07700900409', token: fresh.lead.token });
      expect(global.statusCode).toBe(429);
      expect(global.json()).toEqual({ detail: signupMessages.smsGlobalCap });
      expect(Number(global.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      t.app.signupSettings.smsHourlyLimit = before;
      t.clock.advance(THROTTLE_WINDOW_MS + 1000);
    }
  });
});

describe('POST /api/v1/signup/create-password/', () => {
  it('creates the customer once: account, user, cloud phone with its user and PIN, trial; the key signs in', async () => {
    const { who, lead } = await verifiedLead();
    const response = await post('/api/v1/signup/create-password/', details(lead.token));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{
      key: string;
      account_id: number;
      product_id: number;
      provisioning: { kind: string; provisioned: boolean };
    }>();
    expect(created.provisioning).toMatchObject({ product_id: created.product_id, provisioned: false });

    const me = await t.app.inject({ method: 'GET', url: '/api/v3/me/', headers: authHeaders(created.key) });
    expect(me.json()).toMatchObject({ user_profile: { email: who.email, first_name: 'Robin', phone: '07700900555' } });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, created.account_id));
    expect(account!.name).toBe(who.business_name);
    const [product] = await t.db.select().from(products).where(eq(products.id, created.product_id));
    expect(product).toMatchObject({
      kind: 'voip',
      supplier: 3,
      status: 'provisioning',
      channel: 'Self Sign Up',
      accountId: created.account_id,
    });
    const phoneUsers = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, created.product_id));
    expect(phoneUsers).toHaveLength(1);
    expect(phoneUsers[0]!.pinHash).toBeTruthy();
    const [trial] = await t.db.select().from(trials).where(eq(trials.productId, created.product_id));
    expect(trial!.kind).toBe('OPT_IN');

    // Provisioning, polled with the new key, then the trial banner's status.
    const polled = await t.app.inject({
      method: 'GET',
      url: `/api/v1/signup/${created.product_id}/provisioning-status/`,
      headers: authHeaders(created.key),
    });
    expect(polled.json()).toMatchObject({ product_id: created.product_id, kind: 'signup', provisioned: false });
    t.clock.advance(t.app.provisioningDelayMs + 1000);
    const done = await t.app.inject({
      method: 'GET',
      url: `/api/v1/signup/${created.product_id}/provisioning-status/`,
      headers: authHeaders(created.key),
    });
    expect(done.json()).toMatchObject({ provisioned: true, progress: 100 });
    const [live] = await t.db.select().from(products).where(eq(products.id, created.product_id));
    expect(live!.status).toBe('live');
    const status = TrialStatus.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/trial/status/', headers: authHeaders(created.key) })).json(),
    );
    expect(status).toMatchObject({
      isInTrial: true,
      trialKind: 'OPT_IN',
      productId: created.product_id,
      remainDays: 14,
    });

    // A second submit creates nothing.
    const again = await post('/api/v1/signup/create-password/', details(lead.token));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: signupMessages.alreadyDone });
    expect(await t.db.select().from(users).where(eq(users.email, who.email))).toHaveLength(1);
  });

  it('makes one customer of two submits at once', async () => {
    const { who, lead } = await verifiedLead();
    const answers = await Promise.all([
      post('/api/v1/signup/create-password/', details(lead.token)),
      post('/api/v1/signup/create-password/', details(lead.token)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const [user] = await t.db.select().from(users).where(eq(users.email, who.email));
    expect(
      await t.db
        .select()
        .from(products)
        .innerJoin(accounts, eq(accounts.id, products.accountId))
        .where(eq(accounts.id, user!.accountId!)),
    ).toHaveLength(1);
  });

  it('makes a Buy Now phone that ends at its complete page, and a promo code lengthens a trial', async () => {
    const { lead } = await verifiedLead({ channel: 'Buy Now' });
    const created = (await post('/api/v1/signup/create-password/', details(lead.token))).json<{
      key: string;
      product_id: number;
    }>();
    expect(await t.db.select().from(trials).where(eq(trials.productId, created.product_id))).toHaveLength(0);
    // Started, then due: the status read finishes it.
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/signup/${created.product_id}/provisioning-status/`,
      headers: authHeaders(created.key),
    });
    t.clock.advance(t.app.provisioningDelayMs + 1000);
    const done = await t.app.inject({
      method: 'GET',
      url: `/api/v1/signup/${created.product_id}/provisioning-status/`,
      headers: authHeaders(created.key),
    });
    expect(done.json()).toMatchObject({ provisioned: true });
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/v1/voip/${created.product_id}/buy-now/summary/`,
      headers: authHeaders(created.key),
    });
    expect(summary.json()).toMatchObject({
      status: BUY_NOW_PROVISIONED,
      is_show_welcome: true,
      users: [{ extension: '200' }],
    });
    // No trial, but a quick start (the five steps of a purchase: spec 000 section 4).
    const status = TrialStatus.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/trial/status/', headers: authHeaders(created.key) })).json(),
    );
    expect(status).toMatchObject({ isInTrial: false, productId: created.product_id, show_quickstart_popup: true });

    const promo = await verifiedLead({ promo_code: 'TRIAL30' });
    const trial = (await post('/api/v1/signup/create-password/', details(promo.lead.token))).json<{
      product_id: number;
    }>();
    const [row] = await t.db.select().from(trials).where(eq(trials.productId, trial.product_id));
    expect(Math.round((row!.endsAt.getTime() - row!.startedAt.getTime()) / 86_400_000)).toBe(30);
  });

  it('asks a free e-mail address for the whole business address: line 1, town/city, county and postcode (spec 000 section 5)', async () => {
    const { lead } = await verifiedLead(person('gmail.com'));
    expect((await post('/api/v1/signup/create-password/', details(lead.token))).json()).toEqual({
      business_postcode: [addressMessages.postcodeRequired],
      business_address: [addressMessages.lineOneRequired],
      business_city: [addressMessages.cityRequired],
      business_county: [addressMessages.countyRequired],
    });
    expect(
      (
        await post(
          '/api/v1/signup/create-password/',
          details(lead.token, { business_postcode: 'nope', business_address: '1 High St' }),
        )
      ).json(),
    ).toEqual({ business_postcode: [signupMessages.postcodeInvalid] });
    // Postcode and street alone are not an address the 999 service can use.
    expect(
      (
        await post(
          '/api/v1/signup/create-password/',
          details(lead.token, { business_postcode: 'ls11 5pz', business_address: '1 Bakery Row' }),
        )
      ).json(),
    ).toEqual({
      business_city: [addressMessages.cityRequired],
      business_county: [addressMessages.countyRequired],
    });
    const ok = await post(
      '/api/v1/signup/create-password/',
      details(lead.token, {
        business_postcode: 'ls11 5pz',
        business_address: '1 Bakery Row',
        business_city: 'Leeds',
        business_county: 'West Yorkshire',
      }),
    );
    expect(ok.statusCode).toBe(201);
    const [product] = await t.db
      .select()
      .from(products)
      .where(eq(products.id, ok.json<{ product_id: number }>().product_id));
    expect(product!.installationAddress).toEqual({
      summary_line: '1 Bakery Row, Leeds, LS11 5PZ',
      line_one: '1 Bakery Row',
      line_two: '',
      city: 'Leeds',
      county: 'West Yorkshire',
      post_code: 'LS11 5PZ',
    });
  });

  it('applies the password and PIN rules with their messages, before anything is made', async () => {
    const { who, lead } = await verifiedLead();
    const short = await post(
      '/api/v1/signup/create-password/',
      details(lead.token, { password1: 'short', password2: 'short' }),
    );
    expect(short.json()).toEqual({ password1: [passwordMessages.tooShort] });
    expect(
      (
        await post('/api/v1/signup/create-password/', details(lead.token, { password2: 'something else entirely' }))
      ).json(),
    ).toEqual({ password2: [passwordMessages.mismatch] });
    expect(
      (
        await post(
          '/api/v1/signup/create-password/',
          details(lead.token, { password1: 'password1234', password2: 'password1234' }),
        )
      ).json(),
    ).toEqual({ password1: [passwordMessages.common] });
    expect((await post('/api/v1/signup/create-password/', details(lead.token, { pin: '123456' }))).json()).toEqual({
      pin: [pinMessages.sequential],
    });
    expect((await post('/api/v1/signup/create-password/', details(lead.token, { pin: '555555' }))).json()).toEqual({
      pin: [pinMessages.repetitive],
    });
    expect(
      (await post('/api/v1/signup/create-password/', details(lead.token, { mobile_number: '01632960001' }))).json(),
    ).toEqual({ mobile_number: [mobileMessages.invalid] });
    expect(await t.db.select().from(users).where(eq(users.email, who.email))).toHaveLength(0);
  });

  it('refuses a journey whose e-mail is not confirmed, and an expired one', async () => {
    const { lead } = await createLead();
    const unconfirmed = await post('/api/v1/signup/create-password/', details(lead.token));
    expect(unconfirmed.statusCode).toBe(403);
    const old = await verifiedLead();
    t.clock.advance(25 * 60 * MINUTE_MS);
    const expired = await post('/api/v1/signup/create-password/', details(old.lead.token));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: signupMessages.journeyExpired });
  });

  it("gives a trial its number: an Included one of the inventory, the phone's pilot number on every page that reads it", async () => {
    const { lead } = await verifiedLead();
    const created = (await post('/api/v1/signup/create-password/', details(lead.token))).json<{
      key: string;
      product_id: number;
    }>();
    const site = SiteNumbers.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/voip/sites/${created.product_id}/numbers/`,
          headers: authHeaders(created.key),
        })
      ).json(),
    ).results;
    expect(site).toHaveLength(1);
    const pilot = site[0]!.number;
    const [inventory] = await t.db.select().from(numberInventory).where(eq(numberInventory.number, pilot));
    expect(inventory).toMatchObject({ rating: 'FREE', reservedProductId: created.product_id });
    const voip = await t.app.inject({
      method: 'GET',
      url: `/api/v1/voip/${created.product_id}/`,
      headers: authHeaders(created.key),
    });
    expect(voip.json()).toMatchObject({ pilot_number: { number: pilot } });
    const detailsPage = await t.app.inject({
      method: 'GET',
      url: `/api/v3/products/${created.product_id}/`,
      headers: authHeaders(created.key),
    });
    expect(detailsPage.json()).toMatchObject({ site: { pilot_number: pilot, numbers: 1 } });
    // No longer offered to anyone else.
    const offered = NumberSearchResult.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/voip/numbers/?rating=FREE' })).json(),
    ).results;
    expect(offered.map((n) => n.number)).not.toContain(pilot);

    // A purchase chooses its own (number selection, below): it is given none.
    const bought = await verifiedLead({ channel: 'Buy Now' });
    const boughtPhone = (await post('/api/v1/signup/create-password/', details(bought.lead.token))).json<{
      product_id: number;
    }>();
    expect(await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.productId, boughtPhone.product_id))).toEqual(
      [],
    );
  });

  it('gives a number even when every Included number of the inventory is taken: the inventory gets one more', async () => {
    const free = await t.db
      .select()
      .from(numberInventory)
      .where(and(eq(numberInventory.rating, 'FREE'), isNull(numberInventory.reservedProductId)));
    const [someone] = await t.db.select().from(products).limit(1);
    await t.db
      .update(numberInventory)
      .set({ reservedProductId: someone!.id })
      .where(
        inArray(
          numberInventory.id,
          free.map((row) => row.id),
        ),
      );
    try {
      const { lead } = await verifiedLead();
      const created = await post('/api/v1/signup/create-password/', details(lead.token));
      expect(created.statusCode, created.body).toBe(201);
      const [pilot] = await t.db
        .select()
        .from(phoneNumbers)
        .where(eq(phoneNumbers.productId, created.json<{ product_id: number }>().product_id));
      const [added] = await t.db.select().from(numberInventory).where(eq(numberInventory.number, pilot!.number));
      expect(added).toMatchObject({ rating: 'FREE', areaCode: '0113' });
      expect(free.map((row) => row.number)).not.toContain(pilot!.number);
    } finally {
      await t.db
        .update(numberInventory)
        .set({ reservedProductId: null })
        .where(
          inArray(
            numberInventory.id,
            free.map((row) => row.id),
          ),
        );
    }
  });

  it('offers the account add-ons catalogue of international tariffs, with VAT, and puts the choice on the new phone', async () => {
    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/v3/signup/intl-calls/' })).json<{
      results: Array<{ id: number; name: string; standard_price: string; price_with_vat: string }>;
    }>().results;
    expect(catalogue.map((tariff) => tariff.name)).toEqual([...INTERNATIONAL_TARIFF_ORDER]);
    expect(catalogue.map((tariff) => [tariff.standard_price, tariff.price_with_vat])).toEqual([
      ['15.00', '18.00'],
      ['5.00', '6.00'],
      ['8.00', '9.60'],
    ]);

    const { lead } = await verifiedLead();
    // Before the details are sent there is no phone to put it on.
    expect(
      (await post('/api/v3/signup/intl-calls/', { token: lead.token, tariff_id: catalogue[1]!.id })).json(),
    ).toEqual({ detail: signupMessages.finishDetailsFirst });
    const created = (await post('/api/v1/signup/create-password/', details(lead.token))).json<{
      key: string;
      product_id: number;
    }>();
    const chosen = await post('/api/v3/signup/intl-calls/', { token: lead.token, tariff_id: catalogue[1]!.id });
    expect(chosen.json()).toEqual({ detail: 'INTL Saver 500m is on your phone.', tariff: catalogue[1] });
    const [row] = await t.db.select().from(signupLeads).where(eq(signupLeads.email, lead.email));
    expect(row!.intlCallsTariff).toBe('INTL Saver 500m');
    // The account add-ons page reads the same tariff, from the same catalogue.
    const addOnsPage = (url: string) =>
      t.app
        .inject({
          method: 'GET',
          url: `/api/v1/voip/${created.product_id}/tariff/international-calling/${url}`,
          headers: authHeaders(created.key),
        })
        .then((r) => r.json());
    expect(await addOnsPage('')).toEqual({ tariff: catalogue[1], kyc_passed: true });
    expect((await addOnsPage('available/')).results).toEqual(catalogue);

    // None takes it off again; a tariff that is not international is refused.
    expect((await post('/api/v3/signup/intl-calls/', { token: lead.token, tariff_id: null })).json()).toEqual({
      detail: 'No international calling plan.',
      tariff: null,
    });
    expect((await addOnsPage('')).tariff).toBeNull();
    expect((await post('/api/v3/signup/intl-calls/', { token: lead.token, tariff_id: 501 })).json()).toEqual({
      tariff_id: [phoneSetupMessages.tariffUnknown],
    });
    expect((await post('/api/v3/signup/intl-calls/', { token: lead.token, tariff_id: 'everything' })).json()).toEqual({
      tariff_id: [signupMessages.tariffRequired],
    });
  });
});

describe('number selection (scope customer-number-selection)', () => {
  const selectionOf = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/signup/number-selection/${encodeURIComponent(token)}/` });
  const reserve = (token: string, numberId: number) =>
    post(`/api/v1/signup/number-selection/${encodeURIComponent(token)}/reserve/`, { number_id: numberId });
  const offered = async (rating: string) =>
    NumberSearchResult.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v1/voip/numbers/?rating=${rating}` })).json(),
    ).results;

  it('a buy-now gets a token, in its answer and e-mailed as a /number-select link; a trial gets none', async () => {
    const { who, lead } = await verifiedLead({ channel: 'Buy Now' });
    const created = (await post('/api/v1/signup/create-password/', details(lead.token))).json<{
      product_id: number;
      number_selection_token: string;
    }>();
    expect(created.number_selection_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const mail = await lastMail(who.email);
    expect(mail.subject).toBe('Choose your business phone number');
    expect(mail.body).toContain(`/number-select?token=${created.number_selection_token}`);
    expect(NumberSelection.parse((await selectionOf(created.number_selection_token)).json())).toEqual({
      scope: 'customer-number-selection',
      product_id: created.product_id,
      business_name: who.business_name,
      first_name: 'Robin',
      chosen: false,
    });

    const trial = await verifiedLead();
    const trialCreated = (await post('/api/v1/signup/create-password/', details(trial.lead.token))).json<{
      number_selection_token: string | null;
    }>();
    expect(trialCreated.number_selection_token).toBeNull();
  });

  it('chooses one number once, through the reservation rule: on the phone, gone from the inventory, the token then spent', async () => {
    const { lead } = await verifiedLead({ channel: 'Buy Now' });
    const created = (await post('/api/v1/signup/create-password/', details(lead.token))).json<{
      product_id: number;
      number_selection_token: string;
    }>();
    const token = created.number_selection_token;
    const [gold, other] = await offered('GOLD');
    const reserved = await reserve(token, gold!.id);
    expect(reserved.statusCode, reserved.body).toBe(201);
    expect(reserved.json()).toMatchObject({ number: gold!.number, rating: 'GOLD', price: '20.00' });
    const onSite = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.productId, created.product_id));
    expect(onSite.map((row) => row.number)).toContain(gold!.number);
    expect((await offered('GOLD')).map((n) => n.id)).not.toContain(gold!.id);

    expect(NumberSelection.parse((await selectionOf(token)).json()).chosen).toBe(true);
    const again = await reserve(token, other!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: numberMessages.selectionDone });
  });

  it('a number someone has taken is refused and the token still works; two choices at once take one number', async () => {
    const first = await verifiedLead({ channel: 'Buy Now' });
    const second = await verifiedLead({ channel: 'Buy Now' });
    const a = (await post('/api/v1/signup/create-password/', details(first.lead.token))).json<{
      number_selection_token: string;
    }>().number_selection_token;
    const b = (await post('/api/v1/signup/create-password/', details(second.lead.token))).json<{
      number_selection_token: string;
    }>().number_selection_token;
    const [one, two, three] = await offered('SILVER');
    expect((await reserve(a, one!.id)).statusCode).toBe(201);
    const taken = await reserve(b, one!.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: numberMessages.alreadyTaken });
    expect(NumberSelection.parse((await selectionOf(b)).json()).chosen).toBe(false);
    const both = await Promise.all([reserve(b, two!.id), reserve(b, three!.id)]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers 404 for a malformed token, a well-formed one never issued, and one past its 14 days', async () => {
    expect((await selectionOf('not-a-token')).statusCode).toBe(404);
    expect((await selectionOf('not-a-token')).json()).toEqual({ detail: numberMessages.selectionLinkInvalid });
    const [n] = await offered('FREE');
    expect((await reserve('x'.repeat(43), n!.id)).statusCode).toBe(404);
    const { lead } = await verifiedLead({ channel: 'Buy Now' });
    const token = (await post('/api/v1/signup/create-password/', details(lead.token))).json<{
      number_selection_token: string;
    }>().number_selection_token;
    t.clock.advance(15 * 24 * 60 * MINUTE_MS);
    expect((await selectionOf(token)).statusCode).toBe(404);
    expect((await reserve(token, n!.id)).statusCode).toBe(404);
  });
});

describe('POST /api/v3/accounts/{accountId}/start-voip-trial/', () => {
  it("starts an opt-in trial on the customer's own account once; the trial status then shows it", async () => {
    const key = await tokenOf(t, demoLogins.notifications);
    const [user] = await t.db.select().from(users).where(eq(users.email, demoLogins.notifications.email));
    const accountId = user!.accountId!;
    const before = TrialStatus.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/trial/status/', headers: authHeaders(key) })).json(),
    );
    expect(before.isInTrial).toBe(false);

    const started = await post(`/api/v3/accounts/${accountId}/start-voip-trial/`, {}, { key });
    expect(started.statusCode, started.body).toBe(201);
    const body = started.json<{ product_id: number; ends_at: string }>();
    const after = TrialStatus.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/trial/status/', headers: authHeaders(key) })).json(),
    );
    expect(after).toMatchObject({ isInTrial: true, trialKind: 'OPT_IN', productId: body.product_id, remainDays: 14 });
    // The new phone has its number, as its pilot number.
    const voip = await t.app.inject({
      method: 'GET',
      url: `/api/v1/voip/${body.product_id}/`,
      headers: authHeaders(key),
    });
    expect(voip.json<{ pilot_number: { number: string } | null }>().pilot_number?.number).toMatch(/^0\d{10}$/);

    const again = await post(`/api/v3/accounts/${accountId}/start-voip-trial/`, {}, { key });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: signupMessages.trialAlready });
  });

  it('answers 404 for another account, 409 for an account with a cloud phone, 401 signed out', async () => {
    const key = await tokenOf(t, demoLogins.customer);
    const [user] = await t.db.select().from(users).where(eq(users.email, demoLogins.customer.email));
    expect((await post(`/api/v3/accounts/${user!.accountId! + 1}/start-voip-trial/`, {}, { key })).statusCode).toBe(
      404,
    );
    expect((await post('/api/v3/accounts/0x1/start-voip-trial/', {}, { key })).statusCode).toBe(400);
    expect((await post(`/api/v3/accounts/${user!.accountId}/start-voip-trial/`, {}, { key })).statusCode).toBe(409);
    expect((await post(`/api/v3/accounts/${user!.accountId}/start-voip-trial/`, {})).statusCode).toBe(401);
  });
});

describe('the "VoIP3 sign-up" flag (PORTAL_VOIP3_SIGNUP) off', () => {
  it('makes the trial and opt-in trial phones supplier 2; on again, voip3', async () => {
    t.app.signupSettings.voip3Signup = false;
    try {
      const { lead } = await verifiedLead();
      const created = await post('/api/v1/signup/create-password/', details(lead.token));
      expect(created.statusCode, created.body).toBe(201);
      const [product] = await t.db
        .select()
        .from(products)
        .where(eq(products.id, created.json<{ product_id: number }>().product_id));
      expect(product).toMatchObject({ kind: 'voip', supplier: 2 });

      // An existing customer with no cloud phone starting a trial.
      const [account] = await t.db.insert(accounts).values({ name: 'Flagless Joinery' }).returning();
      const [user] = await t.db
        .insert(users)
        .values({
          email: 'owner@flagless.example',
          passwordHash: 'x',
          firstName: 'Sam',
          lastName: 'Flagless',
          accountId: account!.id,
          emailVerified: true,
        })
        .returning();
      const key = await issueToken(t.db, user!.id, t.app.now());
      const started = await post(`/api/v3/accounts/${account!.id}/start-voip-trial/`, {}, { key });
      expect(started.statusCode, started.body).toBe(201);
      const [trialPhone] = await t.db
        .select()
        .from(products)
        .where(eq(products.id, started.json<{ product_id: number }>().product_id));
      expect(trialPhone).toMatchObject({ kind: 'voip', supplier: 2 });
    } finally {
      t.app.signupSettings.voip3Signup = true;
    }
    const { lead } = await verifiedLead();
    const created = await post('/api/v1/signup/create-password/', details(lead.token));
    const [product] = await t.db
      .select()
      .from(products)
      .where(eq(products.id, created.json<{ product_id: number }>().product_id));
    expect(product).toMatchObject({ kind: 'voip', supplier: 3 });
  });
});
