import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { TrialStatus } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { products, quickstarts, trials, users } from '../../db/schema/index.ts';
import { DEMO_TRIAL_LENGTH_MS } from '../../db/seed.ts';
import { authHeaders, getCsrf, login, SEED_TIME, useTestApp, type Csrf } from '../../test/helper.ts';
import { DEMO_ENDED_TRIAL } from './demo-shell.ts';

const t = useTestApp();
const URL = '/api/v1/trial/status/';
const DAY_MS = 24 * 60 * 60 * 1000;

let csrf: Csrf;
let trial: string;
let ended: string;
let customer: string;
let staff: string;
let trialProductId: number;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [trial, ended, customer, staff] = await Promise.all([
    login(t.app, demoLogins.trial),
    login(t.app, demoLogins.trialExpired),
    login(t.app, demoLogins.customer),
    login(t.app, demoLogins.staff),
  ]);
  const [user] = await t.db.select().from(users).where(eq(users.email, demoLogins.trial.email));
  const [phone] = await t.db.select().from(products).where(eq(products.accountId, user!.accountId!));
  trialProductId = phone!.id;
});

const get = async (key: string) => {
  const response = await t.app.inject({ method: 'GET', url: URL, headers: authHeaders(key) });
  expect(response.statusCode).toBe(200);
  return TrialStatus.parse(response.json());
};
const patch = (key: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: URL, headers: authHeaders(key, csrf), payload: payload as object });

describe('GET /api/v1/trial/status/', () => {
  it('answers the opt-in trial with the whole days left', async () => {
    expect(await get(trial)).toMatchObject({
      isInTrial: true,
      isTrialExpired: false,
      trialKind: 'OPT_IN',
      productId: trialProductId,
      remainDays: DEMO_TRIAL_LENGTH_MS / DAY_MS,
      show_quickstart_popup: true,
      status_entry: SEED_TIME.toISOString(),
    });
    // The demo's getting-started video is watched; the other steps are still to do.
    expect((await get(trial)).quickstart_popup_sections_completed).toMatchObject({
      watch_getting_started: true,
      download_apps: false,
    });
  });

  it('answers an ended trial as expired with no days left', async () => {
    expect(await get(ended)).toMatchObject({
      isInTrial: true,
      isTrialExpired: true,
      trialKind: 'OPT_IN',
      remainDays: 0,
    });
    expect(DEMO_ENDED_TRIAL.endedAgoMs).toBeGreaterThan(0);
  });

  it('answers no trial for a customer without one and for staff, 401 without a token', async () => {
    expect(await get(customer)).toMatchObject({ isInTrial: false, productId: null, remainDays: null });
    expect(await get(staff)).toMatchObject({ isInTrial: false });
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});

describe("which trial is the customer's", () => {
  it('is the trial of their first cloud phone, by id, that has one; GET and PATCH agree', async () => {
    const multi = await login(t.app, demoLogins.multiProduct);
    const [user] = await t.db.select().from(users).where(eq(users.email, demoLogins.multiProduct.email));
    const phones = (
      await t.db.select().from(products).where(eq(products.accountId, user!.accountId!)).orderBy(products.id)
    ).filter((p) => p.kind === 'voip');
    expect(phones.length).toBeGreaterThanOrEqual(2);
    const [first, second] = [phones[0]!, phones[1]!];
    const trialOf = (productId: number) => ({
      productId,
      kind: 'OPT_IN' as const,
      startedAt: SEED_TIME,
      endsAt: new Date(SEED_TIME.getTime() + DEMO_TRIAL_LENGTH_MS),
      statusEntry: SEED_TIME,
    });
    try {
      expect((await get(multi)).isInTrial).toBe(false);
      await t.db.insert(trials).values(trialOf(second.id));
      await t.db.insert(quickstarts).values([{ productId: second.id }, { productId: first.id }]);
      // The trial's phone's quick start, though the first phone has one too.
      expect(await get(multi)).toMatchObject({ productId: second.id, isInTrial: true });
      await t.db.insert(trials).values(trialOf(first.id));
      expect((await get(multi)).productId).toBe(first.id);
      const patched = await patch(multi, { customer_feedback: 'Going well' });
      expect(patched.statusCode).toBe(200);
      expect(TrialStatus.parse(patched.json())).toMatchObject({ productId: first.id, customer_feedback: 'Going well' });
      const [untouched] = await t.db.select().from(quickstarts).where(eq(quickstarts.productId, second.id));
      expect(untouched!.customerFeedback).toBeNull();
    } finally {
      await t.db.delete(trials).where(eq(trials.productId, first.id));
      await t.db.delete(trials).where(eq(trials.productId, second.id));
      await t.db.delete(quickstarts).where(eq(quickstarts.productId, first.id));
      await t.db.delete(quickstarts).where(eq(quickstarts.productId, second.id));
    }
  });

  it('a bought phone has a quick start and no trial: GET answers it, PATCH changes it', async () => {
    const multi = await login(t.app, demoLogins.multiProduct);
    const [user] = await t.db.select().from(users).where(eq(users.email, demoLogins.multiProduct.email));
    const [phone] = (
      await t.db.select().from(products).where(eq(products.accountId, user!.accountId!)).orderBy(products.id)
    ).filter((p) => p.kind === 'voip');
    try {
      await t.db.insert(quickstarts).values({ productId: phone!.id });
      expect(await get(multi)).toMatchObject({
        isInTrial: false,
        isTrialExpired: false,
        trialKind: null,
        remainDays: null,
        productId: phone!.id,
        show_quickstart_popup: true,
        quickstart_popup_sections_completed: {},
      });
      const patched = await patch(multi, { quickstart_popup_sections_completed: { download_apps: true } });
      expect(patched.statusCode).toBe(200);
      expect(TrialStatus.parse(patched.json())).toMatchObject({
        isInTrial: false,
        productId: phone!.id,
        quickstart_popup_sections_completed: { download_apps: true },
      });
    } finally {
      await t.db.delete(quickstarts).where(eq(quickstarts.productId, phone!.id));
    }
  });
});

describe('PATCH /api/v1/trial/status/', () => {
  it('merges completed quick-start steps, keeps feedback, turns the pop-up off, and answers the status', async () => {
    const first = await patch(trial, { quickstart_popup_sections_completed: { download_apps: true } });
    expect(first.statusCode).toBe(200);
    expect(TrialStatus.parse(first.json()).quickstart_popup_sections_completed).toMatchObject({
      download_apps: true,
      make_your_first_call: false,
    });

    const second = await patch(trial, {
      quickstart_popup_sections_completed: { watch_getting_started: true },
      customer_feedback: '  More video guides please  ',
    });
    expect(second.json()).toMatchObject({
      quickstart_popup_sections_completed: { download_apps: true, watch_getting_started: true, upgrade: false },
      customer_feedback: 'More video guides please',
      show_quickstart_popup: true,
    });

    expect((await patch(trial, { show_quickstart_popup: false })).json()).toMatchObject({
      show_quickstart_popup: false,
      customer_feedback: 'More video guides please',
    });
    expect(await get(trial)).toMatchObject({
      show_quickstart_popup: false,
      quickstart_popup_sections_completed: { download_apps: true, watch_getting_started: true },
    });

    // Empty feedback clears it; an empty body changes nothing.
    expect((await patch(trial, { customer_feedback: '' })).json()).toMatchObject({ customer_feedback: null });
    expect((await patch(trial, {})).statusCode).toBe(200);
    const [row] = await t.db.select().from(quickstarts).where(eq(quickstarts.productId, trialProductId));
    expect(row?.customerFeedback).toBeNull();
  });

  it('refuses unknown steps, non-boolean values and overlong feedback with 400', async () => {
    for (const body of [
      { quickstart_popup_sections_completed: { not_a_step: true } },
      { quickstart_popup_sections_completed: { download_apps: 'yes' } },
      { show_quickstart_popup: 'false' },
      { customer_feedback: 'x'.repeat(2001) },
    ]) {
      expect((await patch(trial, body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });

  it('answers 404 for a customer without a trial and for staff, 403 without CSRF, 401 without a token', async () => {
    expect((await patch(customer, { show_quickstart_popup: false })).statusCode).toBe(404);
    expect((await patch(staff, { show_quickstart_popup: false })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'PATCH', url: URL, headers: authHeaders(trial), payload: {} })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: URL, headers: csrf.headers, payload: {} })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/v1/trial/{id}/upgrade-prompt-shown/', () => {
  const shown = (key: string, productId: number | string, headers = authHeaders(key, csrf)) =>
    t.app.inject({ method: 'POST', url: `/api/v1/trial/${productId}/upgrade-prompt-shown/`, headers, payload: {} });

  it('remembers once that the prompt was shown, for the owner of the trial only', async () => {
    const multi = await login(t.app, demoLogins.multiProduct);
    const [user] = await t.db.select().from(users).where(eq(users.email, demoLogins.multiProduct.email));
    const [phone] = (
      await t.db.select().from(products).where(eq(products.accountId, user!.accountId!)).orderBy(products.id)
    ).filter((p) => p.kind === 'voip');
    const productId = phone!.id;
    const before = t.clock.now();
    try {
      await t.db.insert(trials).values({
        productId,
        kind: 'OPT_IN',
        startedAt: SEED_TIME,
        endsAt: new Date(SEED_TIME.getTime() + DEMO_TRIAL_LENGTH_MS),
        statusEntry: SEED_TIME,
      });
      expect((await get(multi)).upgrade_prompt_shown).toBe(false);
      // Another customer's phone, CSRF missing, no token: refused, nothing remembered.
      expect((await shown(trial, productId)).statusCode).toBe(404);
      expect((await shown(multi, productId, authHeaders(multi))).statusCode).toBe(403);
      expect((await shown(multi, productId, csrf.headers)).statusCode).toBe(401);
      expect((await shown(multi, 'x')).statusCode).toBe(400);
      expect((await get(multi)).upgrade_prompt_shown).toBe(false);

      const first = await shown(multi, productId);
      expect(first.statusCode).toBe(200);
      expect(TrialStatus.parse(first.json())).toMatchObject({ productId, upgrade_prompt_shown: true });
      expect((await get(multi)).upgrade_prompt_shown).toBe(true);
      const [row] = await t.db.select().from(trials).where(eq(trials.productId, productId));
      expect(row!.upgradePromptShownAt?.toISOString()).toBe(t.clock.now().toISOString());
      // Again later: still shown, at the first time.
      t.clock.advance(60_000);
      expect((await shown(multi, productId)).statusCode).toBe(200);
      const [again] = await t.db.select().from(trials).where(eq(trials.productId, productId));
      expect(again!.upgradePromptShownAt?.getTime()).toBe(row!.upgradePromptShownAt?.getTime());
    } finally {
      t.clock.set(before);
      await t.db.delete(trials).where(eq(trials.productId, productId));
    }
  });

  it('answers 404 for a phone with no trial and for staff', async () => {
    const multi = await login(t.app, demoLogins.multiProduct);
    const [user] = await t.db.select().from(users).where(eq(users.email, demoLogins.multiProduct.email));
    const [phone] = (
      await t.db.select().from(products).where(eq(products.accountId, user!.accountId!)).orderBy(products.id)
    ).filter((p) => p.kind === 'voip');
    expect((await shown(multi, phone!.id)).statusCode).toBe(404);
    expect((await shown(staff, trialProductId)).statusCode).toBe(404);
  });
});
