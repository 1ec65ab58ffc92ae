import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app.ts';
import { MemoryAudioStorage } from '../../audio/storage.ts';
import { readConfig } from '../../config.ts';
import type { OpenedDatabase } from '../../db/connect.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { products, provisioningJobs, trials, users } from '../../db/schema/index.ts';
import { seedIfEmpty } from '../../db/seed.ts';
import { authHeaders, getCsrf, openTestDatabase, SEED_TIME, TestClock, tokenOf } from '../../test/helper.ts';

// A job survives a restart: the app that started it closes mid-job, a new app on the same
// database finishes it in the background (nobody asks for its status).

const DELAY_MS = 1_500;
let database: OpenedDatabase;
const audio = new MemoryAudioStorage();
const apps: FastifyInstance[] = [];

async function start(clock: TestClock): Promise<FastifyInstance> {
  const app = await buildApp({
    db: database.db,
    audio,
    now: clock.now,
    sleep: clock.sleep,
    provisioningDelayMs: DELAY_MS,
    staticDir: '/nonexistent/portal-spa',
  });
  apps.push(app);
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedIfEmpty(database.db, audio, SEED_TIME);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

const jobsOf = (productId: number) =>
  database.db.select().from(provisioningJobs).where(eq(provisioningJobs.productId, productId));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('provisioning jobs', () => {
  it('finish after a restart mid-job, in the background', async () => {
    const clock = new TestClock();
    const first = await start(clock);
    const [user] = await database.db.select().from(users).where(eq(users.email, demoLogins.trialExpired.email));
    const [phone] = await database.db.select().from(products).where(eq(products.accountId, user!.accountId!));
    const key = await tokenOf({ db: database.db, clock }, demoLogins.trialExpired);
    const csrf = await getCsrf(first);
    const response = await first.inject({
      method: 'POST',
      url: `/api/v1/voip/${phone!.id}/upgrade/`,
      headers: authHeaders(key, csrf),
      payload: {
        plan_id: 'essentials',
        installation_address: {
          post_code: 'BN1 1YE',
          line_one: 'Suite 3, 40 North Road',
          city: 'Brighton',
          county: 'East Sussex',
        },
      },
    });
    expect(response.statusCode).toBe(201);
    // The runner starts it in the background.
    const [started] = await until(
      () => jobsOf(phone!.id),
      ([job]) => job?.status === 'provisioning',
    );
    expect(started).toMatchObject({ status: 'provisioning', startedAt: SEED_TIME });

    // Stopped mid-job: nothing finishes it while no server runs.
    await first.close();
    clock.advance(DELAY_MS);
    expect((await jobsOf(phone!.id))[0]?.status).toBe('provisioning');

    // The next start takes it up and finishes it, nobody asking.
    await start(clock);
    const [finished] = await until(
      () => jobsOf(phone!.id),
      ([job]) => job?.status === 'provisioned',
    );
    expect(finished).toMatchObject({ status: 'provisioned', finishedAt: clock.now() });
    expect(await database.db.select().from(trials).where(eq(trials.productId, phone!.id))).toEqual([]);
  });

  it('reads PORTAL_PROVISIONING_DELAY_MS, refusing nonsense', () => {
    const readProvisioningDelay = (env: Record<string, string>) => readConfig(env).provisioningDelayMs;
    expect(readProvisioningDelay({})).toBe(15_000);
    expect(readProvisioningDelay({ PORTAL_PROVISIONING_DELAY_MS: ' 2500 ' })).toBe(2500);
    expect(readProvisioningDelay({ PORTAL_PROVISIONING_DELAY_MS: '0' })).toBe(0);
    for (const bad of ['-1', '1.5', 'soon', '3600001'])
      expect(() => readProvisioningDelay({ PORTAL_PROVISIONING_DELAY_MS: bad })).toThrow(
        /PORTAL_PROVISIONING_DELAY_MS/,
      );
  });
});
