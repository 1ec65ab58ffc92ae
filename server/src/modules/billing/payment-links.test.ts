import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  billingMessages,
  DirectDebitSettings,
  MANDATE_LINK_TTL_DAYS,
  MandateEntry,
  mandateMessages,
  PAYMENT_LINK_TTL_DAYS,
  paymentMessages,
  PaymentResult,
  PaymentsByToken,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { oneTimeKeys, outbox, payments, users } from '../../db/schema/index.ts';
import { SANDBOX_TEST_CARDS } from '../../sandbox/checkout/provider.ts';
import {
  authHeaders,
  cardFields,
  forgetCustomerMailLimits,
  getCsrf,
  postSandboxForm,
  tokenOf,
  useTestApp,
  type Csrf,
} from '../../test/helper.ts';

const t = useTestApp();

let csrf: Csrf;
let harbour: string;
let acme: string;
let harbourAccount: number;
let acmeAccount: number;

beforeEach(() => forgetCustomerMailLimits(t.db));

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [harbour, acme] = await Promise.all([tokenOf(t, demoLogins.multiProduct), tokenOf(t, demoLogins.customer)]);
  const accountOf = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0]!.accountId!;
  [harbourAccount, acmeAccount] = await Promise.all([
    accountOf(demoLogins.multiProduct.email),
    accountOf(demoLogins.customer.email),
  ]);
});

const sendLink = (key: string, accountId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v3/billing/accounts/${accountId}/payment-link/`,
    headers: authHeaders(key, csrf),
  });
const byToken = (tkn: string) =>
  t.app.inject({ method: 'GET', url: `/api/v3/billing/payments/?tkn=${encodeURIComponent(tkn)}` });
/** Signed out: only the CSRF cookie and header a browser has. */
const guestHeaders = () => ({ cookie: `csrftoken=${csrf.token}`, 'x-csrftoken': csrf.token });
const process = (tkn: string | null, amount: string, idempotencyKey: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/payment/process/${tkn === null ? '' : `?tkn=${encodeURIComponent(tkn)}`}`,
    headers: guestHeaders(),
    payload: { data: { amount, idempotency_key: idempotencyKey } },
  });
const verify = (tkn: string, session: string) =>
  t.app.inject({
    method: 'GET',
    url: `/payment/process/?cko-session-id=${encodeURIComponent(session)}&tkn=${encodeURIComponent(tkn)}`,
  });
const payWithCard = (url: string, card: string) => postSandboxForm(t.app, csrf, url, cardFields(card));

/** Asks for a link as Harbour Freight and answers the token its e-mail carries. */
async function newLink(): Promise<string> {
  const sent = await sendLink(harbour, harbourAccount);
  expect(sent.statusCode).toBe(201);
  expect(sent.json()).toEqual({ sent_to: demoLogins.multiProduct.email });
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, demoLogins.multiProduct.email))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = /https?:\/\/\S+\/make-a-payment\?tkn=(\S+)/.exec(mail!.body);
  expect(link, mail!.body).not.toBeNull();
  expect(mail!.body).toContain(`for ${PAYMENT_LINK_TTL_DAYS} days`);
  return decodeURIComponent(link![1]!);
}

describe('sending a payment link', () => {
  it("e-mails the account holder a link to their own account only; another's is 404, signed out 401", async () => {
    const token = await newLink();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the key's hash is stored, for the holder's user, as a payment link.
    const [row] = await t.db
      .select()
      .from(oneTimeKeys)
      .where(eq(oneTimeKeys.purpose, 'payment_link'))
      .orderBy(desc(oneTimeKeys.id))
      .limit(1);
    expect(row!.keyHash).not.toContain(token);
    expect((await sendLink(acme, harbourAccount)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v3/billing/accounts/${harbourAccount}/payment-link/`,
          headers: guestHeaders(),
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/v3/billing/payments/?tkn=', () => {
  it("answers the link's account, balance and checkout fields, signed out", async () => {
    const token = await newLink();
    const answer = await byToken(token);
    expect(answer.statusCode).toBe(200);
    expect(PaymentsByToken.parse(answer.json())).toEqual({
      business_name: 'Harbour Freight Ltd',
      balance: '84.00',
      checkout_action: '/sandbox/checkout/',
      checkout_pk: 'pk_sandbox_portal',
      checkout_src: '',
    });
  });

  it('answers 401 for a token never issued, and 400 without one', async () => {
    expect((await byToken('made-up')).statusCode).toBe(401);
    expect((await byToken('x'.repeat(43))).json()).toEqual({ detail: paymentMessages.linkInvalid });
    expect((await t.app.inject({ method: 'GET', url: '/api/v3/billing/payments/' })).statusCode).toBe(400);
  });

  it(`expires after ${PAYMENT_LINK_TTL_DAYS} days`, async () => {
    const token = await newLink();
    const sentAt = t.clock.now();
    t.clock.advance(PAYMENT_LINK_TTL_DAYS * 24 * 3600 * 1000 - 1000);
    expect((await byToken(token)).statusCode).toBe(200);
    t.clock.advance(1000);
    const answer = await byToken(token);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ detail: paymentMessages.linkExpired });
    expect((await process(token, '84.00')).json()).toEqual({ detail: paymentMessages.linkExpired });
    t.clock.set(sentAt);
  });
});

describe('paying with a link, signed out', () => {
  it('needs a sign-in or a link to start a payment', async () => {
    expect((await process(null, '84.00')).statusCode).toBe(401);
    expect((await process('made-up-token', '84.00')).json()).toEqual({ detail: paymentMessages.linkInvalid });
  });

  it("checks the amount against the link's balance", async () => {
    const token = await newLink();
    expect((await process(token, '84.01')).json()).toEqual({ 'data.amount': [paymentMessages.amountTooLarge] });
  });

  it("pays the link's account once: the link is spent when the payment is approved, a reload still shows it", async () => {
    const token = await newLink();
    const other = await newLink();
    const declinedStart = PaymentResult.parse((await process(token, '20.00')).json());
    await payWithCard(declinedStart._links.redirect!.href, SANDBOX_TEST_CARDS.decline);
    expect(PaymentResult.parse((await verify(token, declinedStart.session_id)).json())).toMatchObject({
      status: 'declined',
    });
    // A decline leaves the link working: the holder tries another card.
    expect((await byToken(token)).statusCode).toBe(200);

    const before = (await t.db.select().from(payments).where(eq(payments.accountId, harbourAccount))).length;
    const started = PaymentResult.parse((await process(token, '20.00')).json());
    expect(started).toMatchObject({ status: 'pending', amount: '20.00' });
    await payWithCard(started._links.redirect!.href, SANDBOX_TEST_CARDS.approve);
    // Another account's session is not this link's to see.
    expect((await verify(other, 'cs_made_up')).statusCode).toBe(404);
    expect(PaymentResult.parse((await verify(token, started.session_id)).json())).toMatchObject({
      approved: true,
      amount: '20.00',
    });
    expect(PaymentResult.parse((await verify(token, started.session_id)).json())).toMatchObject({ approved: true });
    expect((await t.db.select().from(payments).where(eq(payments.accountId, harbourAccount))).length).toBe(before + 1);

    // Spent: it says so, and starts no second payment.
    expect((await byToken(token)).json()).toEqual({ detail: paymentMessages.linkUsed });
    const again = await process(token, '20.00');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: paymentMessages.linkUsed });
    // Another live link of the same account still works, and sees the new balance.
    expect(PaymentsByToken.parse((await byToken(other)).json()).balance).toBe('64.00');
  });

  it('pays once when the link is opened twice before either is paid', async () => {
    const token = await newLink();
    const before = (await t.db.select().from(payments).where(eq(payments.accountId, harbourAccount))).length;
    const first = PaymentResult.parse((await process(token, '10.00')).json());
    const second = PaymentResult.parse((await process(token, '10.00')).json());
    expect(second.session_id).toBe(first.session_id);
    expect((await process(token, '12.00')).json()).toEqual({ detail: paymentMessages.checkoutOpen('10.00') });
    await payWithCard(first._links.redirect!.href, SANDBOX_TEST_CARDS.approve);
    await payWithCard(second._links.redirect!.href, SANDBOX_TEST_CARDS.approve);
    expect(PaymentResult.parse((await verify(token, first.session_id)).json())).toMatchObject({ approved: true });
    expect(await t.db.select().from(payments).where(eq(payments.accountId, harbourAccount))).toHaveLength(before + 1);
    expect((await byToken(token)).json()).toEqual({ detail: paymentMessages.linkUsed });
  });

  it("a link cannot check another account's payment", async () => {
    const token = await newLink();
    const acmeKey = randomUUID();
    await t.app.inject({
      method: 'POST',
      url: '/payment/process/',
      headers: authHeaders(acme, csrf),
      payload: { data: { amount: '5.00', idempotency_key: acmeKey } },
    });
    const acmeAttempt = await t.app.inject({
      method: 'POST',
      url: '/payment/process/',
      headers: authHeaders(acme, csrf),
      payload: { data: { amount: '5.00', idempotency_key: acmeKey } },
    });
    if (acmeAttempt.statusCode === 200) {
      expect((await verify(token, PaymentResult.parse(acmeAttempt.json()).session_id)).statusCode).toBe(404);
    } else {
      // Acme owes nothing: the refusal is the answer, and the link still cannot see a session of another account.
      expect(acmeAttempt.statusCode).toBe(400);
      expect(acmeAccount).not.toBe(harbourAccount);
    }
  });
});

describe('direct-debit mandate links (/mandate-entry/{token})', () => {
  const mandateApi = (tkn: string) => `/api/v1/direct-debit/tokens/${encodeURIComponent(tkn)}/`;
  const postMandate = (tkn: string, bank: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: mandateApi(tkn), headers: guestHeaders(), payload: bank });
  const goodBank = {
    sort_code: '08-99-99',
    bank_acc_no: '66374958',
    payee_account_name: 'Harbour Freight Ltd',
    payee_account_type: 'business',
  };

  async function newMandateLink(): Promise<string> {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v3/billing/accounts/${harbourAccount}/dd-link/`,
      headers: authHeaders(harbour, csrf),
    });
    expect(sent.statusCode).toBe(201);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, demoLogins.multiProduct.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.body).toContain(`The link works once, for ${MANDATE_LINK_TTL_DAYS} days.`);
    const link = /https?:\/\/\S+\/mandate-entry\/(\S+)/.exec(mail!.body);
    expect(link, mail!.body).not.toBeNull();
    return decodeURIComponent(link![1]!);
  }

  it("only the account's own customer sends one", async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v3/billing/accounts/${harbourAccount}/dd-link/`,
          headers: authHeaders(acme, csrf),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('sets up the direct debit once, signed out, with the billing rules and modulus check', async () => {
    const token = await newMandateLink();
    const entry = await t.app.inject({ method: 'GET', url: mandateApi(token) });
    expect(MandateEntry.parse(entry.json())).toEqual({
      business_name: 'Harbour Freight Ltd',
      bill_cycle: 'T2',
      payment_method: 'card',
      payee_confirm_status: 'not_set_up',
    });
    // The contract's rules, then the banks' modulus check with extra_data; neither spends the link.
    expect((await postMandate(token, { ...goodBank, sort_code: '12-34' })).json()).toMatchObject({
      sort_code: [billingMessages.sortCodeInvalid],
    });
    const refused = await postMandate(token, { ...goodBank, bank_acc_no: '66374959' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      sort_code: [billingMessages.modulusFailed],
      extra_data: { payee_confirm_status: 'failed', payee_confirm_attempt: 1 },
    });
    const saved = await postMandate(token, goodBank);
    expect(saved.statusCode).toBe(200);
    expect(MandateEntry.parse(saved.json())).toMatchObject({
      payment_method: 'direct_debit',
      payee_confirm_status: 'confirmed',
    });
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/v3/billing/accounts/${harbourAccount}/dd-settings/`,
      headers: authHeaders(harbour),
    });
    expect(DirectDebitSettings.parse(settings.json())).toMatchObject({
      sort_code: '08-99-99',
      bank_acc_no: '66374958',
      payee_account_type: 'business',
    });
    // Used: it says so, and changes nothing more.
    expect((await t.app.inject({ method: 'GET', url: mandateApi(token) })).json()).toEqual({
      detail: mandateMessages.linkUsed,
    });
    const again = await postMandate(token, { ...goodBank, bank_acc_no: '66374958' });
    expect(again.statusCode).toBe(401);
  });

  it(`refuses a link never sent, or older than ${MANDATE_LINK_TTL_DAYS} days`, async () => {
    expect((await t.app.inject({ method: 'GET', url: mandateApi('made-up') })).json()).toEqual({
      detail: mandateMessages.linkInvalid,
    });
    // A payment link is not a mandate link.
    const paymentToken = await newLink();
    expect((await t.app.inject({ method: 'GET', url: mandateApi(paymentToken) })).statusCode).toBe(401);
    const token = await newMandateLink();
    const sentAt = t.clock.now();
    t.clock.advance(MANDATE_LINK_TTL_DAYS * 24 * 3600 * 1000);
    expect((await t.app.inject({ method: 'GET', url: mandateApi(token) })).json()).toEqual({
      detail: mandateMessages.linkExpired,
    });
    expect((await postMandate(token, goodBank)).json()).toEqual({ detail: mandateMessages.linkExpired });
    t.clock.set(sentAt);
  });
});
