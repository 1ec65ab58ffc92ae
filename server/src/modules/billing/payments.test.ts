import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  balanceText,
  BillingAccount,
  BillingHistoryPage,
  CHECKOUT_OPEN_MINUTES,
  CreditStatus,
  Invoice,
  PaymentBalance,
  paymentMessages,
  PaymentResult,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { demoUser } from '../../db/demo-users.ts';
import { invoices, payments, users } from '../../db/schema/index.ts';
import { hostedProvider } from '../../payments/hosted-provider.ts';
import { webhookSignature } from '../../payments/provider.ts';
import { SANDBOX_TEST_CARDS, SANDBOX_WEBHOOK_SECRET } from '../../sandbox/checkout/provider.ts';
import {
  authHeaders,
  cardFields,
  getCsrf,
  login,
  postSandboxForm,
  tokenOf,
  useTestApp,
  type Csrf,
} from '../../test/helper.ts';
import { seedOverdueCardCustomer } from './demo-billing.ts';

/** What the app logs at warn and above: a payment beyond the balance is one. */
const warnings: string[] = [];
const t = useTestApp({ log: { level: 'warn', stream: { write: (line) => void warnings.push(line) } } });

let csrf: Csrf;
let harbour: string;
let acme: string;
let harbourAccount: number;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [harbour, acme] = await Promise.all([tokenOf(t, demoLogins.multiProduct), tokenOf(t, demoLogins.customer)]);
  harbourAccount = (await t.db.select().from(users).where(eq(users.email, demoLogins.multiProduct.email)))[0]!
    .accountId!;
});

const get = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(key) });
const process = (key: string, amount: string, idempotencyKey: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/payment/process/',
    headers: authHeaders(key, csrf),
    payload: { data: { amount, idempotency_key: idempotencyKey } },
  });
const verify = async (key: string, session: string) =>
  t.app.inject({
    method: 'GET',
    url: `/payment/process/?cko-session-id=${encodeURIComponent(session)}`,
    headers: authHeaders(key),
  });
const balance = async (key: string) =>
  PaymentBalance.parse((await get(key, '/api/v3/payment/balance/')).json()).balance;

const postForm = (url: string, fields: Record<string, string>) => postSandboxForm(t.app, csrf, url, fields);
const payWithCard = (redirect: string, card: string) => postForm(redirect, cardFields(card));

/** Starts a payment and answers its session and the hosted checkout's address. */
async function startPayment(key: string, amount: string, idempotencyKey?: string) {
  const response = await process(key, amount, idempotencyKey);
  expect(response.statusCode).toBe(200);
  const started = PaymentResult.parse(response.json());
  expect(started).toMatchObject({ approved: false, status: 'pending', amount });
  return { session: started.session_id, redirect: started._links.redirect!.href };
}

describe('GET /api/v3/payment/balance/', () => {
  it('answers the balance and the sandbox checkout fields', async () => {
    expect(PaymentBalance.parse((await get(harbour, '/api/v3/payment/balance/')).json())).toEqual({
      balance: '84.00',
      checkout_action: '/sandbox/checkout/',
      checkout_pk: 'pk_sandbox_portal',
      checkout_src: '',
    });
  });
});

describe('amounts', () => {
  it('refuses an amount that is no amount, below the part-payment minimum, or over the balance', async () => {
    expect((await process(harbour, 'lots')).json()).toEqual({ 'data.amount': [paymentMessages.amountInvalid] });
    expect((await process(harbour, '4.99')).json()).toEqual({ 'data.amount': [paymentMessages.amountTooSmall] });
    expect((await process(harbour, '84.01')).json()).toEqual({ 'data.amount': [paymentMessages.amountTooLarge] });
    expect((await process(harbour, '84', 'short')).statusCode).toBe(400);
  });
});

describe('a card payment through the sandbox checkout', () => {
  it('a declined card records nothing and leaves the balance', async () => {
    const { session, redirect } = await startPayment(harbour, '84.00');
    const page = await t.app.inject({ method: 'GET', url: redirect, headers: { cookie: `csrftoken=${csrf.token}` } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay £84.00');
    const back = await payWithCard(redirect, SANDBOX_TEST_CARDS.decline);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/checkout-redirect?cko-session-id=${session}`);
    expect(PaymentResult.parse((await verify(harbour, session)).json())).toMatchObject({
      approved: false,
      status: 'declined',
      _links: { redirect: null },
    });
    expect(await balance(harbour)).toBe('84.00');
  });

  it('3-D Secure: pending with the challenge to go to, then approved once passed', async () => {
    const { session, redirect } = await startPayment(harbour, '10.00');
    const challenge = await payWithCard(redirect, SANDBOX_TEST_CARDS.threeDSecure);
    expect(challenge.headers.location).toBe(`${redirect}/3ds`);
    expect(PaymentResult.parse((await verify(harbour, session)).json())).toMatchObject({
      status: 'pending',
      _links: { redirect: { href: `${redirect}/3ds` } },
    });
    const back = await postForm(`${redirect}/3ds`, { result: 'pass' });
    expect(back.headers.location).toBe(`/checkout-redirect?cko-session-id=${session}`);
    expect(PaymentResult.parse((await verify(harbour, session)).json())).toMatchObject({
      approved: true,
      amount: '10.00',
    });
    expect(await balance(harbour)).toBe('74.00');
    // A part payment lowers what the credit-control card says is overdue.
    expect(CreditStatus.parse((await get(harbour, '/customer/status/')).json()).results).toEqual([
      expect.objectContaining({ balance_due: '74.00' }),
    ]);
  });

  it('an approved card clears the balance and the credit-control card, and shows in the history, once', async () => {
    const key = randomUUID();
    const { session, redirect } = await startPayment(harbour, '74.00', key);
    // The same attempt sent again (a double click): the same checkout, not a second one.
    expect((await startPayment(harbour, '74.00', key)).session).toBe(session);
    await payWithCard(redirect, SANDBOX_TEST_CARDS.approve);
    for (let check = 0; check < 3; check++)
      expect(PaymentResult.parse((await verify(harbour, session)).json())).toMatchObject({
        approved: true,
        status: 'approved',
      });
    // And sent again after it went through: approved, still one payment.
    expect(PaymentResult.parse((await process(harbour, '74.00', key)).json())).toMatchObject({ approved: true });
    expect(await balance(harbour)).toBe('0.00');
    expect(CreditStatus.parse((await get(harbour, '/customer/status/')).json()).results).toEqual([]);
    const history = BillingHistoryPage.parse(
      (await get(harbour, `/api/v3/billing/accounts/${harbourAccount}/history/`)).json(),
    );
    expect(history.results[0]).toMatchObject({ type: 'payment', method: 'card', amount: '74.00' });
    expect(history.results[0]!.date).toBe('2025-03-03');
    const cardPayments = await t.db.select().from(payments).where(eq(payments.idempotencyKey, key));
    expect(cardPayments).toHaveLength(1);
    expect(cardPayments[0]!.providerPaymentId).toMatch(/^pay_sbx_/);
    // Nothing left to pay.
    expect((await process(harbour, '5.00')).json()).toEqual({ 'data.amount': [paymentMessages.nothingToPay] });
  });

  it("answers 404 for another customer's session", async () => {
    const { session } = await startPayment(acme, '36.00');
    expect((await verify(harbour, session)).statusCode).toBe(404);
    expect((await verify(harbour, 'cks_nonesuch')).statusCode).toBe(404);
  });

  it('never stores a card number: not in any table of the database', async () => {
    const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? result) as unknown[];
    const tables = await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const names = rowsOf(tables) as Array<{ table_name: string }>;
    expect(names.map((row) => row.table_name)).toContain('sandbox_checkout_sessions');
    for (const { table_name } of names) {
      const rows = await t.db.execute(sql.raw(`select * from "${table_name}"`));
      const text = JSON.stringify(rowsOf(rows));
      for (const card of Object.values(SANDBOX_TEST_CARDS)) expect(text, table_name).not.toContain(card);
    }
  });
});

describe('webhooks', () => {
  it('refuses a body without the provider signature, and takes a signed one', async () => {
    const body = JSON.stringify({ type: 'payment_approved', data: { session_id: 'cks_nonesuch' } });
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/payment/webhook/',
        headers: { 'content-type': 'application/json', 'cko-signature': signature },
        payload: body,
      });
    expect((await post('00'.repeat(32))).statusCode).toBe(401);
    expect((await post(webhookSignature(body, SANDBOX_WEBHOOK_SECRET))).statusCode).toBe(200);
  });
});

describe('the hosted provider', () => {
  it('opens a session with the idempotency key and reads the outcome from the provider, with its secret key', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const body = url.endsWith('/hosted-payments')
        ? { id: 'hps_1', _links: { redirect: { href: 'https://pay.example/hps_1' } } }
        : { id: 'pay_1', status: 'Captured', approved: true, amount: 8400 };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    const provider = hostedProvider(
      {
        apiUrl: 'https://api.pay.example/',
        secretKey: 'sk_x',
        publicKey: 'pk_x',
        webhookSecret: 'wh',
        checkoutAction: 'https://pay.example',
        checkoutSrc: '',
      },
      fetcher,
    );
    expect(
      await provider.createSession({
        amountPence: 8400,
        reference: 'ACC-1',
        returnUrl: 'https://portal.example/checkout-redirect',
        idempotencyKey: 'key-1234567890abcd',
      }),
    ).toEqual({ id: 'hps_1', redirectUrl: 'https://pay.example/hps_1' });
    expect(await provider.outcome('hps_1')).toEqual({
      status: 'approved',
      paymentId: 'pay_1',
      amountPence: 8400,
      redirectUrl: null,
    });
    expect(calls[0]!.url).toBe('https://api.pay.example/hosted-payments');
    expect(calls[0]!.init.headers).toMatchObject({
      authorization: 'Bearer sk_x',
      'cko-idempotency-key': 'key-1234567890abcd',
    });
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({ amount: 8400, currency: 'GBP' });
    expect(provider.verifyWebhook('{}', webhookSignature('{}', 'wh'))).toBe(true);
    expect(provider.verifyWebhook('{}', webhookSignature('{}', 'other'))).toBe(false);
  });
});

describe('one open checkout an account', () => {
  /** A customer of its own, billed as Harbour Freight is (£84.00 overdue), signed in. */
  async function overdueCustomer(name: string) {
    const person = { email: `${name}@tern-freight.example`, password: 'portal-two-tabs-1', name: 'Kit Tern' };
    await seedOverdueCardCustomer(t.db, await demoUser(person), `Tern Freight (${name})`, t.clock.now());
    return login(t.app, person);
  }

  it('two windows paying the whole balance share one checkout: paid in both, charged once', async () => {
    const key = await overdueCustomer('two-tabs');
    const accountId = (await t.db.select().from(users).where(eq(users.email, 'two-tabs@tern-freight.example')))[0]!
      .accountId!;
    const paymentsBefore = (await t.db.select().from(payments).where(eq(payments.accountId, accountId))).length;
    const first = await startPayment(key, '84.00');
    const second = await startPayment(key, '84.00');
    expect(second).toEqual(first);
    expect((await payWithCard(first.redirect, SANDBOX_TEST_CARDS.approve)).statusCode).toBe(303);
    // The second window's page was the same checkout: paying it again takes nothing more.
    await payWithCard(second.redirect, SANDBOX_TEST_CARDS.approve);
    expect(PaymentResult.parse((await verify(key, second.session)).json())).toMatchObject({ approved: true });
    expect(await balance(key)).toBe('0.00');
    expect(await t.db.select().from(payments).where(eq(payments.accountId, accountId))).toHaveLength(
      paymentsBefore + 1,
    );
    // Nothing left to pay: a third window is told so.
    expect((await process(key, '84.00')).json()).toEqual({ 'data.amount': [paymentMessages.nothingToPay] });
  });

  it('refuses a second checkout for another amount while one is open, and opens one once its window has passed', async () => {
    const key = await overdueCustomer('other-amount');
    await startPayment(key, '84.00');
    const refused = await process(key, '20.00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: paymentMessages.checkoutOpen('84.00') });
    t.clock.advance(CHECKOUT_OPEN_MINUTES * 60 * 1000 + 1000);
    const later = await startPayment(key, '20.00');
    expect(later.redirect).toMatch(/^\/sandbox\/checkout\//);
  });

  it('opens one checkout for two windows at the same moment', async () => {
    const key = await overdueCustomer('same-moment');
    const answers = await Promise.all([process(key, '84.00'), process(key, '84.00'), process(key, '84.00')]);
    const sessions = new Set(answers.map((answer) => PaymentResult.parse(answer.json()).session_id));
    expect(sessions.size).toBe(1);
  });

  it('asks an older checkout for its outcome before opening another: one paid in a window never come back to is not paid again', async () => {
    const key = await overdueCustomer('paid-unseen');
    const first = await startPayment(key, '84.00');
    t.clock.advance(CHECKOUT_OPEN_MINUTES * 60 * 1000 + 1000);
    // Paid on the provider's page, but the window was closed before it came back: nothing told the portal yet.
    expect((await payWithCard(first.redirect, SANDBOX_TEST_CARDS.approve)).statusCode).toBe(303);
    const again = await process(key, '84.00');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ 'data.amount': [paymentMessages.nothingToPay] });
    expect(await balance(key)).toBe('0.00');
  });

  it('keeps an overpayment a provider confirmed late as a credit: shown in credit, and paying the next invoice', async () => {
    const key = await overdueCustomer('late-confirm');
    const accountId = (await t.db.select().from(users).where(eq(users.email, 'late-confirm@tern-freight.example')))[0]!
      .accountId!;
    const first = await startPayment(key, '84.00');
    // The first window's checkout outlives its hold on the account, still unpaid: a second one opens.
    t.clock.advance(CHECKOUT_OPEN_MINUTES * 60 * 1000 + 1000);
    const second = await startPayment(key, '84.00');
    expect(second.session).not.toBe(first.session);
    // Both are paid at the provider, which confirms each: the money was taken twice.
    await payWithCard(first.redirect, SANDBOX_TEST_CARDS.approve);
    await payWithCard(second.redirect, SANDBOX_TEST_CARDS.approve);
    for (const { session } of [first, second])
      expect(PaymentResult.parse((await verify(key, session)).json())).toMatchObject({ approved: true });

    // Checked again as the provider confirmed it: the second was beyond the balance, and the operator is told.
    const beyond = warnings
      .map((line) => JSON.parse(line) as { msg: string; accountId?: number; paidPence?: number; owedPence?: number })
      .filter((line) => line.msg === 'card payment beyond the balance: the rest is credit');
    expect(beyond).toEqual([expect.objectContaining({ accountId, paidPence: 8400, owedPence: 0 })]);
    // The second £84.00 is the account's credit: a balance below nothing, read as an amount in credit, never to pay.
    expect(await balance(key)).toBe('-84.00');
    const account = BillingAccount.parse((await get(key, `/api/v3/billing/accounts/${accountId}/`)).json());
    expect(balanceText(account.balance)).toEqual({ amount: '£84.00', label: 'In credit' });
    expect((await process(key, '5.00')).json()).toEqual({ 'data.amount': [paymentMessages.nothingToPay] });

    // The next invoice is paid from the credit.
    const today = t.clock.now().toISOString().slice(0, 10);
    const [next] = await t.db
      .insert(invoices)
      .values({
        accountId,
        invoiceNumber: `INV-LATE-${accountId}`,
        issuedOn: today,
        dueOn: today,
        description: 'Business Broadband 80 Mbps',
        netPence: 5000,
        vatPence: 1000,
      })
      .returning();
    const invoice = Invoice.parse(
      (await get(key, `/api/v3/billing/accounts/${accountId}/invoices/${next!.id}/`)).json(),
    );
    expect(invoice.status).toBe('paid');
    expect(await balance(key)).toBe('-24.00');
  });
});
