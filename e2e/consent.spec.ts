import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

import { expect as baseExpect, expectAccessible, signInCustomer, test } from './fixtures.ts';

// Analytics with consent (spec 000 section 7). The services are a setting of the server, off for the suite's own
// server, so this spec starts a portal of its own (its own port and data folder, from the same build) with the
// three services configured on a fake analytics host this spec serves on loopback, and watches what the page asks
// of that host: nothing before a choice, nothing after Reject all, the events after Accept all.

const expect = baseExpect.configure({ timeout: 20_000 });
const base = Number(process.env.E2E_PORT ?? 8181);
const PORTAL_PORT = base + 4;
const ANALYTICS_PORT = base + 6;
const analyticsHost = `http://127.0.0.1:${ANALYTICS_PORT}`;

interface Hit {
  method: string;
  path: string;
  body: string;
}

interface IntakeEvent {
  event_type: string;
  event_properties: Record<string, unknown>;
}

/** The fake analytics host: the two scripts, and the product-analytics intake (CORS as such services answer). */
function startAnalyticsHost(hits: Hit[]): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'OPTIONS') hits.push({ method: request.method ?? '', path: request.url ?? '', body });
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', 'content-type');
      response.setHeader('access-control-allow-methods', 'POST');
      if (request.url?.endsWith('.js') || request.url?.includes('.js?')) {
        response.setHeader('content-type', 'text/javascript');
        response.end('window.fakeAnalyticsScripts = (window.fakeAnalyticsScripts || 0) + 1;');
      } else {
        response.statusCode = request.method === 'OPTIONS' ? 204 : 200;
        response.end();
      }
    });
  });
  return new Promise((resolve) => server.listen(ANALYTICS_PORT, '127.0.0.1', () => resolve(server)));
}

async function startPortal(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['server/build/main.mjs'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PORTAL_PORT),
      PORTAL_DATA_DIR: dataDir,
      DATABASE_URL: '',
      CALL_RUNTIME: 'off',
      ANALYTICS_SERVICES: 'tag-manager,product-analytics,heatmap',
      ANALYTICS_TAG_MANAGER_URL: `${analyticsHost}/tags.js?id=GTM-E2E`,
      ANALYTICS_PRODUCT_URL: `${analyticsHost}/events`,
      ANALYTICS_PRODUCT_KEY: 'e2e-public-key',
      ANALYTICS_HEATMAP_URL: `${analyticsHost}/heat.js`,
    },
  });
  let errors = '';
  server.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  // Seeding the demo takes a while on a busy machine; a portal that exits says why at once.
  const deadline = Date.now() + 420_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the portal exited with ${server.exitCode}:\n${errors}`);
    const status = await fetch(`http://127.0.0.1:${PORTAL_PORT}/api/schema/`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`the portal did not answer in time:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return server;
}

async function stopPortal(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** Every request the page makes to the analytics host, by address. */
function watchAnalyticsRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(analyticsHost))
      seen.push(`${request.method()} ${request.url().slice(analyticsHost.length)}`);
  });
  return seen;
}

/** A moment for anything the page would send (the product-analytics adapter batches for half a second). */
const settle = (page: Page) => page.waitForTimeout(1_500);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://localhost:${PORTAL_PORT}` });

const hits: Hit[] = [];
const intakeEvents = (): IntakeEvent[] =>
  hits
    .filter((hit) => hit.method === 'POST' && hit.path === '/events')
    .flatMap((hit) => (JSON.parse(hit.body) as { api_key: string; events: IntakeEvent[] }).events);
let analytics: Server | undefined;
let portal: ChildProcess | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(480_000);
  dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-consent-'));
  analytics = await startAnalyticsHost(hits);
  portal = await startPortal(dataDir);
});

test.afterAll(async () => {
  await stopPortal(portal);
  await new Promise((resolve) => (analytics ? analytics.close(resolve) : resolve(undefined)));
  rmSync(dataDir, { recursive: true, force: true });
});

test.beforeEach(() => {
  hits.length = 0;
});

test('before a choice nothing reaches an analytics host, nor after Reject all; the banner fits a phone and works by keyboard', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const seen = watchAnalyticsRequests(page);
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/auth/login/');
  const banner = page.getByRole('region', { name: 'Cookies and analytics' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Accept all' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Reject all' })).toBeVisible();
  // No sideways scroll on a 412 px phone, and the page keeps room for the banner: Sign in can be brought above it.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await signIn.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2_000);
  const signInBox = (await signIn.boundingBox())!;
  const bannerBox = (await banner.boundingBox())!;
  expect(signInBox.y + signInBox.height).toBeLessThanOrEqual(bannerBox.y);
  await expectAccessible(page, 'consent banner on the sign-in page', { onPhone: true });

  // Choose, by keyboard: the categories the configured services need, none ticked, the focus on the first.
  await banner.getByRole('button', { name: 'Choose' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner.getByRole('checkbox', { name: 'Usage analytics' })).toBeFocused();
  for (const name of ['Usage analytics', 'Heatmaps', 'Tag manager'])
    await expect(banner.getByRole('checkbox', { name })).not.toBeChecked();
  await expectAccessible(page, 'consent banner choosing', { onPhone: true });

  // Signed in and on a tracked page (the 404), still with no choice: nothing has left for the analytics host.
  const customer = await makeCustomer('cloud-phone');
  await signInCustomer(loginPage, homePage, customer);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await settle(page);
  expect(seen).toEqual([]);

  await banner.getByRole('button', { name: 'Reject all' }).click();
  await expect(banner).toHaveCount(0);
  // Remembered: the next page asks nothing and sends nothing.
  await page.goto('/');
  await homePage.expectShown(customer.first_name);
  await expect(banner).toHaveCount(0);
  await settle(page);
  expect(seen).toEqual([]);
  expect(hits).toEqual([]);
});

test('after Accept all the services load and get the page views and a call-flow save, tagged; the choice can be changed', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const seen = watchAnalyticsRequests(page);
  await page.goto('/auth/login/');
  const banner = page.getByRole('region', { name: 'Cookies and analytics' });
  await banner.getByRole('button', { name: 'Accept all' }).click();
  await expect(banner).toHaveCount(0);
  await expect
    .poll(() => seen)
    .toEqual(expect.arrayContaining(['GET /tags.js?id=GTM-E2E&l=analyticsLayer', 'GET /heat.js']));
  // The page shown before the choice, sent once it was made, with the version tag and the baked app version A.
  await expect.poll(intakeEvents).toContainEqual({
    event_type: 'Page view',
    event_properties: { path: '/auth/login/', mycloud_version: 'A' },
    device_id: expect.any(String),
    time: expect.any(Number),
  });

  const customer = await makeCustomer('cloud-phone');
  await signInCustomer(loginPage, homePage, customer);
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Call flows' }).first().click();
  await page.getByRole('link', { name: 'Create call flow' }).click();
  await page.getByRole('textbox', { name: 'Call flow name' }).fill(`Consent ${Date.now()}`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Call flow created').first()).toBeVisible();
  await expect
    .poll(() => intakeEvents().find((event) => event.event_type === 'Call flow saved')?.event_properties)
    .toMatchObject({ created: true, enabled: false, mycloud_version: 'A', callflow_id: expect.any(String) });
  // The tag manager has it on its own data layer too.
  expect(
    await page.evaluate(() =>
      ((window as unknown as { analyticsLayer?: unknown[] }).analyticsLayer ?? []).some(
        (entry) => (entry as { event?: string }).event === 'Call flow saved',
      ),
    ),
  ).toBe(true);

  // Changed from the profile menu (in the top bar, which the editor's own layout has not): usage analytics off, the
  // rest kept. The product-analytics service gets nothing more.
  await page.goto('/');
  await page.getByRole('button', { name: /profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Cookie settings' }).click();
  await expect(banner.getByRole('heading', { name: 'Cookies and analytics' })).toBeFocused();
  await banner.getByRole('button', { name: 'Choose' }).click();
  const usage = banner.getByRole('checkbox', { name: 'Usage analytics' });
  await expect(usage).toBeChecked();
  await usage.uncheck();
  await banner.getByRole('button', { name: 'Save my choices' }).click();
  await expect(banner).toHaveCount(0);
  await settle(page);
  const sentBefore = intakeEvents().length;
  const heatmapLoads = () => seen.filter((request) => request === 'GET /heat.js').length;
  const heatmapLoadsBefore = heatmapLoads();
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  // A new page load starts the heatmap service again (still allowed).
  await expect.poll(heatmapLoads).toBe(heatmapLoadsBefore + 1);
  await settle(page);
  expect(intakeEvents()).toHaveLength(sentBefore);

  // Then Reject all (from home's profile menu): the scripts' services are withdrawn, so the page reloads, and nothing
  // more is asked of the host.
  await page.goto('/');
  await page.getByRole('button', { name: /profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Cookie settings' }).click();
  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: 'Reject all' }).click();
  await reloaded;
  seen.length = 0;
  await page.goto('/');
  await homePage.expectShown(customer.first_name);
  await settle(page);
  expect(seen).toEqual([]);
});
