import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // A microphone that plays a known file (e2e/fixtures/README.md), allowed without asking.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${fileURLToPath(new URL('./e2e/fixtures/microphone.wav', import.meta.url))}`,
  '--autoplay-policy=no-user-gesture-required',
];
/** The real test call from the browser (e2e/live-call.spec.ts): its own project, as Chromium needs two flags to reach a peer on loopback. */
const LIVE_CALL_SPEC = /live-call\.spec\.ts$/;

// Real Chromium from the system (no browser downloads here), against the built SPA
// served by the real server on a fresh temporary database.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two, whether or not CI is set: Playwright's own default is half the cores, one worker on this two-core
  // machine, which doubled the CI run. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // CI may retry a failed test once (PLAYWRIGHT_RETRIES, set by .ci/run); the flaky-list reporter names every
  // test that passed only on retry, to be fixed at its cause.
  retries: Number(process.env.PLAYWRIGHT_RETRIES ?? 0),
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['./e2e/reporters/flaky-list.ts']],
  // Generous: CI shares two cores between the server, Chromium and axe-core.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace only for a retried test (CI retries once): recording one for every test, to keep it on failure, took
    // about a third of the suite's time on CI's two cores (screenshots and DOM snapshots at every step).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    permissions: ['microphone'],
    // The portal's reduced-motion styles (index.html): nothing to wait for while a dialog or toast animates.
    reducedMotion: 'reduce',
  },
  projects: [
    // @mobile: runs on both; @phone: only makes sense on a phone, so only the mobile project runs it. A test is
    // @mobile when its signed-in page is laid out differently on a phone (the drawer, menus, the product switcher,
    // tables shown as lists, dialogs), one per area, and so are the billing, payment, sign-up and call-history journeys
    // (the payment, sign-up and call-history pages are used on phones as much); the other journeys run on the desktop project only. Phone copies of every journey
    // doubled a run that CI's two cores could not fit in 30 minutes on a busy day.
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grepInvert: /@phone/,
      testIgnore: LIVE_CALL_SPEC,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], channel: undefined },
      grep: /@mobile|@phone/,
      testIgnore: LIVE_CALL_SPEC,
    },
    // WebRTC to the call runtime on 127.0.0.1: Chromium makes no loopback connection without these two flags (the
    // second keeps host candidates as addresses, not mDNS names). Run it in a loopback-only network namespace
    // (scripts/e2e-live-call.mjs) so no packet can leave the machine.
    {
      name: 'live-call',
      testMatch: LIVE_CALL_SPEC,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            ...chromiumArgs,
            '--allow-loopback-in-peer-connection',
            '--disable-features=WebRtcHideLocalIpsWithMdns',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/schema/`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
