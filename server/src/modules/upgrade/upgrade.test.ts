import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  Navigation,
  ProvisioningStatus,
  provisioningSteps,
  TrialStatus,
  UpgradeEligibility,
  upgradeMessages,
} from '@portal/contract';

import { demoLogins, type DemoLogin } from '../../db/demo-logins.ts';
import { products, trials, users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, tokenOf, useTestApp, type Csrf } from '../../test/helper.ts';
import { DEFAULT_PROVISIONING_DELAY_MS } from '../provisioning/index.ts';

const t = useTestApp();

let csrf: Csrf;
let lumen: string;
let customer: string;
let harbour: string;
let lumenPhone: number;
let acmePhone: number;
let acmeBroadband: number;
let harbourSupplier2: number;
let harbourBlocked: number;

async function productsOf(login: DemoLogin) {
  const [user] = await t.db.select().from(users).where(eq(users.email, login.email));
  return t.db.select().from(products).where(eq(products.accountId, user!.accountId!)).orderBy(products.id);
}

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [lumen, customer, harbour] = await Promise.all([
    tokenOf(t, demoLogins.trialExpired),
    tokenOf(t, demoLogins.customer),
    tokenOf(t, demoLogins.multiProduct),
  ]);
  lumenPhone = (await productsOf(demoLogins.trialExpired))[0]!.id;
  const acme = await productsOf(demoLogins.customer);
  acmePhone = acme.find((p) => p.kind === 'voip')!.id;
  acmeBroadband = acme.find((p) => p.subKind === 'broadband')!.id;
  const harbourPhones = (await productsOf(demoLogins.multiProduct)).filter((p) => p.kind === 'voip');
  harbourSupplier2 = harbourPhones.find((p) => p.supplier === 2)!.id;
  harbourBlocked = harbourPhones.find((p) => p.serviceStatus === 'blocked')!.id;
});

const get = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(key) });
const eligibility = async (key: string, id: number | string) => get(key, `/api/v1/voip/${id}/upgrade/eligibility/`);
const eligible = async (key: string, id: number) => UpgradeEligibility.parse((await eligibility(key, id)).json());
const status = async (key: string, id: number) =>
  ProvisioningStatus.parse((await get(key, `/api/v1/signup/${id}/provisioning-status/`)).json());
const nav = async (key: string) => Navigation.parse((await get(key, '/api/v3/navigation/')).json());
const showsUpgradePage = async (key: string, id: number) =>
  (await nav(key)).products.find((p) => p.product_id === id)?.is_show_upgrade_page;
const trialStatus = async (key: string) => TrialStatus.parse((await get(key, '/api/v1/trial/status/')).json());

const address = {
  post_code: 'ls11 5pz',
  line_one: 'Unit 4, Canal Wharf',
  line_two: '',
  city: 'Leeds',
  county: 'West Yorkshire',
};
const upgrade = (
  key: string,
  id: number | string,
  payload: unknown = { plan_id: 'professional', installation_address: address },
  url = `/api/v1/voip/${id}/upgrade/`,
) => t.app.inject({ method: 'POST', url, headers: authHeaders(key, csrf), payload: payload as object });

describe('GET /api/v1/voip/{id}/upgrade/eligibility/', () => {
  it('offers an ended opt-in trial its upgrade, with what the steps need', async () => {
    const answer = await eligible(lumen, lumenPhone);
    expect(answer).toMatchObject({
      product_id: lumenPhone,
      is_eligible: true,
      reasons: [],
      is_show_upgrade_page: true,
      show_migration_banner: false,
      upgrade_kind: 'trial',
      trial: { is_expired: true },
      provisioning: null,
      migration: null,
    });
    expect(answer.installation_address?.post_code).toBe('BN1 1YE');
    expect(answer.plans.map((plan) => plan.id)).toEqual(['essentials', 'professional']);
    expect(await showsUpgradePage(lumen, lumenPhone)).toBe(true);
  });

  it('offers a supplier-2 cloud phone its migration, with the migration banner', async () => {
    expect(await eligible(harbour, harbourSupplier2)).toMatchObject({
      is_eligible: true,
      upgrade_kind: 'migration',
      show_migration_banner: true,
      is_show_upgrade_page: true,
    });
    expect(await showsUpgradePage(harbour, harbourSupplier2)).toBe(true);
  });

  it('says why a full voip3 phone and a suspended one cannot upgrade, and hides their upgrade page', async () => {
    expect(await eligible(customer, acmePhone)).toMatchObject({
      is_eligible: false,
      reasons: [upgradeMessages.upToDate],
      is_show_upgrade_page: false,
      upgrade_kind: null,
      show_migration_banner: false,
    });
    expect(await showsUpgradePage(customer, acmePhone)).toBe(false);
    expect((await eligible(harbour, harbourBlocked)).reasons).toEqual([
      upgradeMessages.upToDate,
      upgradeMessages.suspended,
    ]);
  });

  it("answers 404 for another customer's product, a broadband product and an unknown id; 400 for junk; 401 signed out", async () => {
    expect((await eligibility(customer, lumenPhone)).statusCode).toBe(404);
    expect((await eligibility(customer, acmeBroadband)).statusCode).toBe(404);
    expect((await eligibility(customer, 2_147_483_648)).statusCode).toBe(404);
    expect((await eligibility(customer, 'abc')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/voip/${lumenPhone}/upgrade/eligibility/` })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/v1/voip/{id}/upgrade/ and the provisioning status', () => {
  it('refuses bad bodies with 400 and a readable message, starting nothing', async () => {
    for (const payload of [
      {},
      { plan_id: 'gold', installation_address: address },
      { plan_id: 'essentials' },
      { plan_id: 'essentials', installation_address: { ...address, post_code: 'nope' } },
      { plan_id: 'essentials', installation_address: { ...address, city: '' } },
      [],
    ]) {
      const response = await upgrade(lumen, lumenPhone, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json())).not.toMatch(/undefined|\[object/);
    }
    expect(
      JSON.stringify(
        (
          await upgrade(lumen, lumenPhone, {
            plan_id: 'essentials',
            installation_address: { ...address, post_code: 'nope' },
          })
        ).json(),
      ),
    ).toContain('Postcode must be valid');
    expect((await eligible(lumen, lumenPhone)).provisioning).toBeNull();
  });

  it('answers 404 for products not the customer’s, 403 without the CSRF header, 409 with nothing to upgrade', async () => {
    expect((await upgrade(customer, lumenPhone)).statusCode).toBe(404);
    expect((await upgrade(customer, acmeBroadband)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/voip/${lumenPhone}/upgrade/`,
          headers: authHeaders(lumen),
          payload: { plan_id: 'essentials', installation_address: address },
        })
      ).statusCode,
    ).toBe(403);
    const upToDate = await upgrade(customer, acmePhone);
    expect(upToDate.statusCode).toBe(409);
    expect(upToDate.json()).toEqual({ detail: upgradeMessages.upToDate });
    expect((await upgrade(harbour, harbourBlocked)).statusCode).toBe(409);
    expect((await status(lumen, lumenPhone)).job_id).toBeNull();
  });

  it('upgrades an ended trial through the provisioning job to a full cloud phone, its portal back', async () => {
    const started = await upgrade(lumen, lumenPhone);
    expect(started.statusCode).toBe(201);
    const job = ProvisioningStatus.parse(started.json());
    expect(job).toMatchObject({ product_id: lumenPhone, kind: 'upgrade', provisioned: false, progress: 0 });
    expect(['pending', 'provisioning']).toContain(job.status);

    // Asked again while it runs: 409, and the page keeps showing it.
    expect((await upgrade(lumen, lumenPhone)).json()).toEqual({ detail: upgradeMessages.underWay });
    const during = await eligible(lumen, lumenPhone);
    expect(during).toMatchObject({
      is_eligible: false,
      reasons: [upgradeMessages.underWay],
      is_show_upgrade_page: true,
      provisioning: { job_id: job.job_id },
    });
    expect(await showsUpgradePage(lumen, lumenPhone)).toBe(true);
    expect(await trialStatus(lumen)).toMatchObject({ isInTrial: true, isTrialExpired: true });
    // The address confirmed on the way is kept at once, normalised.
    const [row] = await t.db.select().from(products).where(eq(products.id, lumenPhone));
    expect(row!.installationAddress).toEqual({
      ...address,
      post_code: 'LS11 5PZ',
      summary_line: 'Unit 4, Canal Wharf, Leeds, LS11 5PZ',
    });

    // Half way: progress and the step it is at.
    expect((await status(lumen, lumenPhone)).status).toBe('provisioning');
    t.clock.advance(DEFAULT_PROVISIONING_DELAY_MS / 2);
    const half = await status(lumen, lumenPhone);
    expect(half).toMatchObject({
      status: 'provisioning',
      provisioned: false,
      progress: 50,
      step: provisioningSteps.upgrade[2],
    });

    t.clock.advance(DEFAULT_PROVISIONING_DELAY_MS / 2);
    const done = await status(lumen, lumenPhone);
    expect(done).toMatchObject({
      status: 'provisioned',
      provisioned: true,
      progress: 100,
      job_id: job.job_id,
      detail: null,
    });
    expect(done.finished_at).toBe(t.clock.now().toISOString());

    // A full cloud phone: no trial (no trial-expired redirect), no upgrade page, nothing left to upgrade.
    expect(await trialStatus(lumen)).toMatchObject({ isInTrial: false, isTrialExpired: false });
    expect(await t.db.select().from(trials).where(eq(trials.productId, lumenPhone))).toEqual([]);
    expect(await showsUpgradePage(lumen, lumenPhone)).toBe(false);
    expect(await eligible(lumen, lumenPhone)).toMatchObject({
      is_eligible: false,
      reasons: [upgradeMessages.upToDate],
      provisioning: { status: 'provisioned' },
    });
    const [after] = await t.db.select().from(products).where(eq(products.id, lumenPhone));
    expect(after).toMatchObject({ status: 'live', productDetail: 'Cloud phone - Professional plan', supplier: 3 });
    expect((await upgrade(lumen, lumenPhone)).statusCode).toBe(409);
  });

  it('migrates a supplier-2 phone to voip3 through the sign-up path, the banner showing its progress', async () => {
    const started = await upgrade(
      harbour,
      harbourSupplier2,
      { plan_id: 'essentials', installation_address: address },
      `/api/v1/signup/upgrade/${harbourSupplier2}/`,
    );
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ kind: 'migration' });
    await status(harbour, harbourSupplier2);
    t.clock.advance(DEFAULT_PROVISIONING_DELAY_MS / 4);
    const during = await eligible(harbour, harbourSupplier2);
    expect(during).toMatchObject({ show_migration_banner: true, migration: { status: 'provisioning', progress: 25 } });

    t.clock.advance(DEFAULT_PROVISIONING_DELAY_MS);
    expect(await status(harbour, harbourSupplier2)).toMatchObject({ provisioned: true });
    const [row] = await t.db.select().from(products).where(eq(products.id, harbourSupplier2));
    expect(row!.supplier).toBe(3);
    expect(await eligible(harbour, harbourSupplier2)).toMatchObject({
      show_migration_banner: false,
      migration: null,
      is_show_upgrade_page: false,
    });
  });

  it('reports a product never provisioned through a job as provisioned; 404 for another customer’s', async () => {
    expect(await status(customer, acmePhone)).toEqual({
      product_id: acmePhone,
      job_id: null,
      kind: null,
      status: 'provisioned',
      provisioned: true,
      progress: 100,
      step: null,
      detail: null,
      started_at: null,
      finished_at: null,
    });
    expect((await get(customer, `/api/v1/signup/${lumenPhone}/provisioning-status/`)).statusCode).toBe(404);
    expect((await get(customer, '/api/v1/signup/x1/provisioning-status/')).statusCode).toBe(400);
  });
});
