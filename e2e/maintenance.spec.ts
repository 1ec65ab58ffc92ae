import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect as baseExpect, expectAccessible, test } from './fixtures.ts';

// Maintenance mode (spec 000 sections 2 and 9): a flag of the environment, so it is switched the way
// an operator switches it: the portal restarted with PORTAL_MAINTENANCE_MODE on, then off. The suite's own
// server must stay open, so this spec starts a portal of its own on a port and a data folder of its own
// (one per project), from the same build (the SPA and the server bundle).

const expect = baseExpect.configure({ timeout: 30_000 });

/** Starts the portal on `port` and `dataDir` with maintenance on or off; resolves once it answers. */
async function startPortal(port: number, dataDir: string, maintenance: boolean): Promise<ChildProcess> {
  // The bundle test:e2e built, as npm start and the suite's own server run it (scripts/e2e-server.mjs).
  const server = spawn(process.execPath, ['server/build/main.mjs'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      PORTAL_DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORTAL_MAINTENANCE_MODE: maintenance ? 'on' : 'off',
      // No test call here: its runtime process would only slow each start.
      CALL_RUNTIME: 'off',
    },
  });
  // A portal that cannot start (no bundle: run npm run build) says why at once, not after the poll's two minutes.
  let errors = '';
  server.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  await baseExpect
    .poll(
      async () => {
        if (server.exitCode !== null) throw new Error(`the portal exited with ${server.exitCode}:\n${errors}`);
        return fetch(`http://localhost:${port}/api/schema/`).then(
          (answer) => answer.status,
          () => 0,
        );
      },
      { timeout: 120_000, intervals: [250, 500, 1000] },
    )
    .toBe(200);
  return server;
}

async function stopPortal(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

test('maintenance mode: the trial page answers 503 "Under maintenance"; once the portal is back it goes to the root', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const port =
    Number(process.env.E2E_PORT ?? 8181) +
    300 +
    (testInfo.project.name === 'mobile' ? 1 : 0) +
    10 * testInfo.repeatEachIndex;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-maintenance-'));
  let server = await startPortal(port, dataDir, true);
  try {
    // The page polls the settings every 30 s: the test's clock moves those 30 s on instead of waiting them.
    await page.clock.install();
    const answer = await page.goto(`http://localhost:${port}/trial/signup`);
    expect(answer?.status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1, name: 'Under maintenance' })).toBeVisible();
    // The 503 page title as spec 000 section 8 writes it.
    await expect(page).toHaveTitle('Under Maintenance | Customer Portal');
    await expectAccessible(page, 'trial sign-up in maintenance');
    // On a phone too, without scrolling sideways (each start of a portal costs the suite a minute: one project runs it).
    await page.setViewportSize({ width: 412, height: 915 });
    await expect(page.getByRole('heading', { level: 1, name: 'Under maintenance' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);

    // The operator restarts the portal with maintenance off; the open page notices on its next check.
    await stopPortal(server);
    server = await startPortal(port, dataDir, false);
    await page.clock.fastForward(30_000);
    await expect(page).toHaveURL(`http://localhost:${port}/auth/login/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    // And the trial page opens again.
    await page.goto(`http://localhost:${port}/trial/signup`);
    await expect(page.getByRole('heading', { level: 1, name: 'Under maintenance' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Start my free trial' })).toBeVisible();
  } finally {
    await stopPortal(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
