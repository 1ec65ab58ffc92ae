import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  BillingAccount,
  PaymentResult,
  RCP_LINK_TTL_DAYS,
  recurringCardMessages,
  RecurringCardPayment,
  RecurringCardPaymentResult,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { oneTimeKeys, outbox, savedCards, users } from '../../db/schema/index.ts';
import { hostedProvider } from '../../payments/hosted-provider.ts';
import { cardBrandOf, SANDBOX_TEST_CARDS } from '../../sandbox/checkout/provider.ts';
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

const api = (token: string) => `/api/v1/recurring-card-payment/tokens/${encodeURIComponent(token)}/`;
/** Signed out: only the CSRF cookie and header a browser has. */
const guestHeaders = () => ({ cookie: `csrftoken=${csrf.token}`, 'x-csrftoken': csrf.token });
const sendLink = (key: string, accountId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v3/billing/accounts/${accountId}/rcp-link/`,
    headers: authHeaders(key, csrf),
  });
const getEntry = (token: string) => t.app.inject({ method: 'GET', url: api(token) });
const post = (token: string, body: object) =>
  t.app.inject({ method: 'POST', url: api(token), headers: guestHeaders(), payload: body });
const start = (token: string, idempotencyKey: string = randomUUID()) =>
  post(token, { idempotency_key: idempotencyKey });
const check = (token: string, session: string) => post(token, { session_id: session });
const postForm = (url: string, fields: Record<string, string>) => postSandboxForm(t.app, csrf, url, fields);
const typeCard = (url: string, card: string) => postForm(url, cardFields(card));

/** Asks for a card set-up link as the customer and answers the token its e-mail carries. */
async function newLink(
  key = harbour,
  accountId = harbourAccount,
  email: string = demoLogins.multiProduct.email,
): Promise<string> {
  const sent = await sendLink(key, accountId);
  expect(sent.statusCode).toBe(201);
  expect(sent.json()).toEqual({ sent_to: email });
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
  expect(mail!.body).toContain(`The link works once, for ${RCP_LINK_TTL_DAYS} days.`);
  const link = /https?:\/\/\S+\/recurring-card-payment\/(\S+)/.exec(mail!.body);
  expect(link, mail!.body).not.toBeNull();
  return decodeURIComponent(link![1]!);
}

/** Starts a set-up and answers its session and the hosted page's address. */
async function startSetup(token: string, idempotencyKey?: string) {
  const response = await start(token, idempotencyKey);
  expect(response.statusCode).toBe(200);
  const started = RecurringCardPaymentResult.parse(response.json());
  expect(started).toMatchObject({ status: 'pending', card: null });
  return { session: started.session_id, redirect: started._links.redirect!.href };
}

describe('sending a card set-up link', () => {
  it("e-mails the account holder a link for their own account only; another's is 404, signed out 401", async () => {
    const token = await newLink();
    const [row] = await t.db
      .select()
      .from(oneTimeKeys)
      .where(eq(oneTimeKeys.purpose, 'rcp_setup'))
      .orderBy(desc(oneTimeKeys.id))
      .limit(1);
    expect(row!.keyHash).not.toContain(token);
    expect((await sendLink(acme, harbourAccount)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v3/billing/accounts/${harbourAccount}/rcp-link/`,
          headers: guestHeaders(),
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('saving a card from the link, signed out', () => {
  it('answers the account details and RCP details; a declined card leaves the link working; a 3-D Secure card is saved once and spends the link', async () => {
    const token = await newLink();
    const entry = await getEntry(token);
    expect(entry.statusCode).toBe(200);
    expect(RecurringCardPayment.parse(entry.json())).toEqual({
      account_details: {
        business_name: 'Harbour Freight Ltd',
        first_name: expect.any(String),
        bill_cycle: 'T2',
        payment_method: 'card',
      },
      rcp_details: {
        card: null,
        checkout_action: '/sandbox/checkout/',
        checkout_pk: 'pk_sandbox_portal',
        checkout_src: '',
      },
    });

    // The provider's page in card set-up mode: nothing to pay.
    const declined = await startSetup(token);
    const page = await t.app.inject({ method: 'GET', url: declined.redirect });
    expect(page.body).toContain('Save a card for future payments');
    expect(page.body).toContain('Nothing is charged now');
    const back = await typeCard(declined.redirect, SANDBOX_TEST_CARDS.decline);
    expect(back.headers.location).toBe(`/checkout-redirect?cko-session-id=${declined.session}`);
    expect(RecurringCardPaymentResult.parse((await check(token, declined.session)).json())).toMatchObject({
      status: 'declined',
      card: null,
    });
    expect((await getEntry(token)).statusCode).toBe(200);

    // The same key twice (a double click): the same hosted page.
    const idempotencyKey = randomUUID();
    const setup = await startSetup(token, idempotencyKey);
    expect((await startSetup(token, idempotencyKey)).session).toBe(setup.session);
    const challenge = await typeCard(setup.redirect, SANDBOX_TEST_CARDS.threeDSecure);
    expect(challenge.headers.location).toBe(`${setup.redirect}/3ds`);
    // Back before the 3-D Secure step: still pending, with the step to go to.
    expect(RecurringCardPaymentResult.parse((await check(token, setup.session)).json())).toMatchObject({
      status: 'pending',
      _links: { redirect: { href: `${setup.redirect}/3ds` } },
    });
    await postForm(`${setup.redirect}/3ds`, { result: 'pass' });
    const saved = RecurringCardPaymentResult.parse((await check(token, setup.session)).json());
    expect(saved).toEqual({
      status: 'approved',
      session_id: setup.session,
      card: { brand: 'Visa', last4: '3220' },
      _links: { redirect: null },
    });
    // A reload of the return page still finds it saved.
    expect(RecurringCardPaymentResult.parse((await check(token, setup.session)).json())).toMatchObject({
      status: 'approved',
      card: { brand: 'Visa', last4: '3220' },
    });

    // Only the provider's ids, brand and last four digits are kept; the billing page shows the card.
    const [card] = await t.db.select().from(savedCards).where(eq(savedCards.accountId, harbourAccount));
    expect(card).toMatchObject({ brand: 'Visa', last4: '3220', providerSourceId: expect.stringMatching(/^src_sbx_/) });
    const account = BillingAccount.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v3/billing/accounts/${harbourAccount}/`,
          headers: authHeaders(harbour),
        })
      ).json(),
    );
    expect(account).toMatchObject({ payment_method: 'card', card: { brand: 'Visa', last4: '3220' } });

    // Used: it says so, and starts no second set-up.
    const used = await getEntry(token);
    expect(used.statusCode).toBe(401);
    expect(used.json()).toEqual({ detail: recurringCardMessages.linkUsed });
    expect((await start(token)).json()).toEqual({ detail: recurringCardMessages.linkUsed });
  });

  it('a new card from a new link replaces the saved one', async () => {
    const token = await newLink();
    const setup = await startSetup(token);
    await typeCard(setup.redirect, SANDBOX_TEST_CARDS.approve);
    expect(RecurringCardPaymentResult.parse((await check(token, setup.session)).json()).card).toEqual({
      brand: 'Visa',
      last4: '4242',
    });
    expect(
      await t.db.select({ last4: savedCards.last4 }).from(savedCards).where(eq(savedCards.accountId, harbourAccount)),
    ).toEqual([{ last4: '4242' }]);
  });
});

describe('the link token rules', () => {
  it('refuses a token never issued, a payment link, and a body that neither starts nor checks', async () => {
    expect((await getEntry('made-up')).json()).toEqual({ detail: recurringCardMessages.linkInvalid });
    expect((await getEntry('x'.repeat(43))).statusCode).toBe(401);
    const paymentLink = await t.app.inject({
      method: 'POST',
      url: `/api/v3/billing/accounts/${harbourAccount}/payment-link/`,
      headers: authHeaders(harbour, csrf),
    });
    expect(paymentLink.statusCode).toBe(201);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, demoLogins.multiProduct.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    const paymentToken = decodeURIComponent(/make-a-payment\?tkn=(\S+)/.exec(mail!.body)![1]!);
    expect((await getEntry(paymentToken)).statusCode).toBe(401);
    const token = await newLink();
    const neither = await post(token, {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({ non_field_errors: [recurringCardMessages.startOrCheck] });
    expect((await post(token, { idempotency_key: randomUUID(), session_id: 'cks_x' })).json()).toEqual({
      non_field_errors: [recurringCardMessages.startOrCheck],
    });
    expect((await post(token, { idempotency_key: 'short' })).statusCode).toBe(400);
  });

  it(`expires after ${RCP_LINK_TTL_DAYS} days, even in the middle of a set-up`, async () => {
    const token = await newLink();
    const setup = await startSetup(token);
    const sentAt = t.clock.now();
    t.clock.advance(RCP_LINK_TTL_DAYS * 24 * 3600 * 1000 - 1000);
    expect((await getEntry(token)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await getEntry(token)).json()).toEqual({ detail: recurringCardMessages.linkExpired });
    expect((await start(token)).json()).toEqual({ detail: recurringCardMessages.linkExpired });
    await typeCard(setup.redirect, SANDBOX_TEST_CARDS.approve);
    const late = await check(token, setup.session);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ detail: recurringCardMessages.linkExpired });
    t.clock.set(sentAt);
  });

  it("a link cannot see another account's set-up, nor a payment's session", async () => {
    const harbourToken = await newLink();
    const acmeToken = await newLink(acme, acmeAccount, demoLogins.customer.email);
    const acmeSetup = await startSetup(acmeToken);
    const acmeKey = randomUUID();
    const answer = await check(harbourToken, acmeSetup.session);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ detail: recurringCardMessages.unknownSession });
    // An idempotency key already used by another link's set-up is not this link's.
    await start(acmeToken, acmeKey);
    expect((await start(harbourToken, acmeKey)).statusCode).toBe(404);
    // A card payment's session is no card set-up.
    const payment = await t.app.inject({
      method: 'POST',
      url: '/payment/process/',
      headers: authHeaders(harbour, csrf),
      payload: { data: { amount: '10.00', idempotency_key: randomUUID() } },
    });
    if (payment.statusCode === 200)
      expect((await check(harbourToken, PaymentResult.parse(payment.json()).session_id)).statusCode).toBe(404);
  });
});

describe('card numbers', () => {
  it('are never stored: not in any table of the database, only the provider ids, brand and last four digits', async () => {
    const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? result) as unknown[];
    const tables = await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const names = (rowsOf(tables) as Array<{ table_name: string }>).map((row) => row.table_name);
    expect(names).toEqual(expect.arrayContaining(['saved_cards', 'card_setup_attempts', 'sandbox_checkout_sessions']));
    expect((await t.db.select().from(savedCards)).length).toBeGreaterThan(0);
    for (const name of names) {
      const text = JSON.stringify(rowsOf(await t.db.execute(sql.raw(`select * from "${name}"`))));
      for (const card of Object.values(SANDBOX_TEST_CARDS)) expect(text, name).not.toContain(card);
    }
  });

  it('tell the brand by their first digits, as the provider does', () => {
    expect(cardBrandOf('4242424242424242')).toBe('Visa');
    expect(cardBrandOf('5555555555554444')).toBe('Mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('Mastercard');
    expect(cardBrandOf('378282246310005')).toBe('American Express');
    expect(cardBrandOf('6011111111111117')).toBe('Card');
  });
});

describe('the hosted provider in card set-up mode', () => {
  it('opens a zero-amount recurring session and reads the saved instrument, brand and last four from the provider', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const body = url.endsWith('/hosted-payments')
        ? { id: 'hps_9', _links: { redirect: { href: 'https://pay.example/hps_9' } } }
        : {
            id: 'pay_9',
            status: 'Card Verified',
            approved: true,
            amount: 0,
            source: { id: 'src_abc', scheme: 'Mastercard', last4: '4444' },
          };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    const provider = hostedProvider(
      {
        apiUrl: 'https://api.pay.example',
        secretKey: 'sk_x',
        publicKey: 'pk_x',
        webhookSecret: 'wh',
        checkoutAction: 'https://pay.example',
        checkoutSrc: '',
      },
      fetcher,
    );
    expect(
      await provider.createCardSetup({
        reference: 'ACC-1-CARD',
        returnUrl: 'https://portal.example/checkout-redirect',
        idempotencyKey: 'key-1234567890abcd',
      }),
    ).toEqual({ id: 'hps_9', redirectUrl: 'https://pay.example/hps_9' });
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({
      amount: 0,
      currency: 'GBP',
      payment_type: 'Recurring',
      store_for_future_use: true,
    });
    expect(calls[0]!.init.headers).toMatchObject({
      authorization: 'Bearer sk_x',
      'cko-idempotency-key': 'key-1234567890abcd',
    });
    expect(await provider.cardSetupOutcome('hps_9')).toEqual({
      status: 'approved',
      sourceId: 'src_abc',
      card: { brand: 'Mastercard', last4: '4444' },
      redirectUrl: null,
    });
  });
});
