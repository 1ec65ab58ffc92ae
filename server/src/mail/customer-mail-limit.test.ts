import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  BillingAccount,
  CUSTOMER_MAIL_LIMITS,
  customerMailMessages,
  type BillingAccountUpdate,
} from '@portal/contract';

import { demoLogins, type DemoLogin } from '../db/demo-logins.ts';
import { demoUser } from '../db/demo-users.ts';
import { accounts, outbox, users, voipUsers } from '../db/schema/index.ts';
import { authHeaders, getCsrf, login, productsOfUser, tokenOf, useTestApp, type Csrf } from '../test/helper.ts';

const t = useTestApp();
let csrf: Csrf;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
});

const post = (key: string, url: string) =>
  t.app.inject({ method: 'POST', url, headers: authHeaders(key, csrf), payload: {} });
const mailsTo = async (email: string) => (await t.db.select().from(outbox).where(eq(outbox.to, email))).length;

/** A demo customer's session and billing account, its billing e-mail set to `email` as the billing page does, unverified. */
async function billingAccountMailingTo(login: DemoLogin, email: string) {
  const key = await tokenOf(t, login);
  const [user] = await t.db.select().from(users).where(eq(users.email, login.email));
  const accountId = user!.accountId!;
  await setBillingEmail(key, accountId, email);
  return { key, accountId };
}

async function setBillingEmail(key: string, accountId: number, email: string) {
  const account = BillingAccount.parse(
    (
      await t.app.inject({ method: 'GET', url: `/api/v3/billing/accounts/${accountId}/`, headers: authHeaders(key) })
    ).json(),
  );
  const update: BillingAccountUpdate = { ...account, email_address: email };
  const changed = await t.app.inject({
    method: 'PATCH',
    url: `/api/v3/billing/accounts/${accountId}/`,
    headers: authHeaders(key, csrf),
    payload: update,
  });
  expect(changed.statusCode, changed.body).toBe(200);
}

describe("e-mails sent on a customer's request are limited (payment, mandate and card links; invitations)", () => {
  it('sends at most 5 an hour to one recipient, whichever link, then answers 429 saying when to try again', async () => {
    const victim = 'billing-victim@elsewhere.example';
    const { key, accountId } = await billingAccountMailingTo(demoLogins.customer, victim);
    const links = ['payment-link', 'dd-link', 'rcp-link', 'payment-link', 'dd-link'];
    for (const link of links)
      expect((await post(key, `/api/v3/billing/accounts/${accountId}/${link}/`)).statusCode).toBe(201);
    for (const link of ['payment-link', 'dd-link', 'rcp-link']) {
      const refused = await post(key, `/api/v3/billing/accounts/${accountId}/${link}/`);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(3600);
      expect(refused.json()).toEqual({ detail: customerMailMessages.tooMany(wait) });
    }
    expect(await mailsTo(victim)).toBe(CUSTOMER_MAIL_LIMITS.perRecipient);

    // An hour later the allowance is back.
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await post(key, `/api/v3/billing/accounts/${accountId}/payment-link/`)).statusCode).toBe(201);
  });

  it('sends at most 20 an hour from one account, to however many recipients', async () => {
    const { key, accountId } = await billingAccountMailingTo(demoLogins.multiProduct, 'spray-0@elsewhere.example');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await setBillingEmail(key, accountId, `spray-${i}@elsewhere.example`);
      for (let j = 0; j < 4; j++)
        statuses.push((await post(key, `/api/v3/billing/accounts/${accountId}/payment-link/`)).statusCode);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(CUSTOMER_MAIL_LIMITS.perAccount);
    expect(statuses.slice(CUSTOMER_MAIL_LIMITS.perAccount).every((status) => status === 429)).toBe(true);
    expect(await mailsTo('spray-5@elsewhere.example')).toBe(0);
  });

  it("limits a seat's invitation the same way: 5 an hour to the seat's address", async () => {
    const key = await tokenOf(t, demoLogins.productDetails);
    const [product] = await productsOfUser(t.db, demoLogins.productDetails.email);
    const [seat] = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, product!.id)).limit(1);
    const url = `/api/v1/voip/${product!.id}/users/${seat!.id}/actions/send-invite-email/`;
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await post(key, url)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(await mailsTo(seat!.email)).toBe(CUSTOMER_MAIL_LIMITS.perRecipient);
  });

  it("counts a new sign-in address's link too: 5 an hour to one recipient, whichever of the account's people asks", async () => {
    const holder = { email: 'holder@mail-limit.example', password: 'portal-mail-limit-1', name: 'Rae Holder' };
    const colleague = { email: 'colleague@mail-limit.example', password: 'portal-mail-limit-2', name: 'Sol Colleague' };
    const [account] = await t.db.insert(accounts).values({ name: 'Mail Limit Ltd' }).returning();
    const accountId = account!.id;
    await t.db.insert(users).values({ ...(await demoUser(holder)), accountId });
    await t.db.insert(users).values({ ...(await demoUser(colleague)), accountId });
    const victim = 'new-address-victim@elsewhere.example';
    const statuses = [];
    for (const person of [holder, colleague]) {
      const key = await login(t.app, person);
      for (let i = 0; i < 3; i++) {
        const asked = await t.app.inject({
          method: 'PATCH',
          url: '/api/v3/me/',
          headers: authHeaders(key, csrf),
          payload: { email: victim, current_password: person.password },
        });
        statuses.push(asked.statusCode);
        if (asked.statusCode === 429)
          expect(asked.json()).toEqual({ detail: customerMailMessages.tooMany(Number(asked.headers['retry-after'])) });
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await mailsTo(victim)).toBe(CUSTOMER_MAIL_LIMITS.perRecipient);
  });
});
