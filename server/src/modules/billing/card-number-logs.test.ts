import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { CHECKOUT_OPEN_MINUTES, PaymentResult, RecurringCardPaymentResult } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { outbox, users } from '../../db/schema/index.ts';
import { SANDBOX_TEST_CARDS } from '../../sandbox/checkout/provider.ts';
import {
  authHeaders,
  cardFields,
  getCsrf,
  postSandboxForm,
  tokenOf,
  useTestApp,
  type Csrf,
} from '../../test/helper.ts';

// Everything the server logs, at its most talkative level, while cards are typed into the hosted checkout.
const logged: string[] = [];
const t = useTestApp({ log: { level: 'trace', stream: { write: (line) => void logged.push(line) } } });

let csrf: Csrf;
let harbour: string;
let harbourAccount: number;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  harbour = await tokenOf(t, demoLogins.multiProduct);
  harbourAccount = (await t.db.select().from(users).where(eq(users.email, demoLogins.multiProduct.email)))[0]!
    .accountId!;
});

const postForm = (url: string, fields: Record<string, string>, cookie?: string) =>
  postSandboxForm(t.app, csrf, url, fields, cookie);

/** A new checkout: the last one's window (CHECKOUT_OPEN_MINUTES, one open checkout an account) has passed. */
async function startPayment(amount: string) {
  t.clock.advance(CHECKOUT_OPEN_MINUTES * 60 * 1000 + 1000);
  const response = await t.app.inject({
    method: 'POST',
    url: '/payment/process/',
    headers: authHeaders(harbour, csrf),
    payload: { data: { amount, idempotency_key: randomUUID() } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return PaymentResult.parse(response.json())._links.redirect!.href;
}

/** A card set-up link's token, read from the e-mail the server sent. */
async function cardSetupToken(): Promise<string> {
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/v3/billing/accounts/${harbourAccount}/rcp-link/`,
        headers: authHeaders(harbour, csrf),
      })
    ).statusCode,
  ).toBe(201);
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, demoLogins.multiProduct.email))
    .orderBy(desc(outbox.id))
    .limit(1);
  return decodeURIComponent(/\/recurring-card-payment\/(\S+)/.exec(mail!.body)![1]!);
}

describe('card numbers in the server log', () => {
  it('are never logged, whatever the outcome and at the most detailed level, though every form post is', async () => {
    const cards = Object.values(SANDBOX_TEST_CARDS);
    // A payment: declined, approved with the number typed in groups, a 3-D Secure challenge.
    expect((await postForm(await startPayment('5.00'), cardFields(SANDBOX_TEST_CARDS.decline))).statusCode).toBe(303);
    expect((await postForm(await startPayment('5.00'), cardFields('4242 4242 4242 4242'))).statusCode).toBe(303);
    expect((await postForm(await startPayment('5.00'), cardFields(SANDBOX_TEST_CARDS.threeDSecure))).statusCode).toBe(
      303,
    );
    // Refused forms: an expiry that is no month, and a form without its CSRF cookie.
    const refusedAt = await startPayment('5.00');
    expect(
      (await postForm(refusedAt, { card_number: '4242-4242-4242-4242', expiry: '13/30', cvc: '123' })).statusCode,
    ).toBe(400);
    expect((await postForm(refusedAt, cardFields(SANDBOX_TEST_CARDS.approve), '')).statusCode).toBe(403);
    // A card saved for recurring payments from an e-mailed link, signed out.
    const token = await cardSetupToken();
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/v1/recurring-card-payment/tokens/${encodeURIComponent(token)}/`,
      headers: { cookie: `csrftoken=${csrf.token}`, 'x-csrftoken': csrf.token },
      payload: { idempotency_key: randomUUID() },
    });
    const setup = RecurringCardPaymentResult.parse(started.json());
    expect((await postForm(setup._links.redirect!.href, cardFields(SANDBOX_TEST_CARDS.approve))).statusCode).toBe(303);

    const log = logged.join('');
    // The log did see those requests: one line for each hosted-page post.
    expect(
      logged.filter((line) => line.includes('"method":"POST"') && line.includes('/sandbox/checkout/')).length,
    ).toBeGreaterThanOrEqual(6);
    // Digits alone, whatever separators they were typed with, and no security code beside an expiry.
    const digitsOnly = log.replace(/[\s-]/g, '');
    for (const card of cards) expect(digitsOnly).not.toContain(card);
    expect(log).not.toContain('card_number');
    expect(log).not.toMatch(/cvc/i);
  });
});
