// bench/lighthouse: Lighthouse (mobile, performance) on the login page and, signed in, the home
// page. Builds nothing: serves whatever dist/ holds (run `npm run build` first) from the real
// server on a temporary PGlite folder. Chromium is started by Playwright on a fixed remote
// debugging port with a persistent profile, so the token put in its local storage (as the SPA
// keeps it after sign-in) is there when Lighthouse opens the home page on the same port with
// storage reset off. Prints score, LCP, FCP, TBT and CLS beside the budgets; exits non-zero
// when one is over.
//   LIGHTHOUSE_PORT (default 8207): the server's port; LIGHTHOUSE_DEBUG_PORT (default 9227);
//   LIGHTHOUSE_REPORT_DIR: write each page's full result there as JSON.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 8207);
const debugPort = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9227);
const base = `http://localhost:${port}`;
// LIGHTHOUSE_REPORT_DIR: where to write each page's full Lighthouse result (JSON), to see what dominates.
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const budgets = { score: 90, lcpMs: 2500 };
const customer = { email: 'alex@acme-plumbing.example', password: 'portal-demo-1' };
// Where the SPA keeps the session token (src/lib/token-storage.ts).
const TOKEN_STORAGE_KEY = 'auth._token.local';

if (!existsSync(join(root, 'dist', 'index.html')) || !existsSync(join(root, 'server', 'build', 'main.mjs'))) {
  console.error('bench:lighthouse measures the built SPA and server: run `npm run build` first.');
  process.exit(2);
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
// The server as `npm start` runs it: the bundle `npm run build` made.
const server = spawn(process.execPath, ['server/build/main.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PORTAL_DATA_DIR: dataDir, DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
await new Promise<void>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`the server did not start in 180 s:\n${output}`)), 180_000);
  const read = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (output.includes('Customer Portal: http')) {
      clearTimeout(timer);
      resolve();
    }
  };
  server.stdout.on('data', read);
  server.stderr.on('data', read);
  server.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
});

/** Signs the demo customer in through the API; answers the token key. */
async function signIn(): Promise<string> {
  const { csrftoken } = (await (await fetch(`${base}/auth/csrf/`)).json()) as { csrftoken: string };
  const login = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrftoken}`, 'x-csrftoken': csrftoken },
    body: JSON.stringify(customer),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  return ((await login.json()) as { key: string }).key;
}

interface Figures {
  page: string;
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** The audits that cost most, for what dominates. */
  opportunities: string[];
}

const profileDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-profile-'));
const browser = await chromium.launchPersistentContext(profileDir, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', `--remote-debugging-port=${debugPort}`],
});

/**
 * Lighthouse's own trace recording now and then misses the navigation's start (NO_NAVSTART, seen on
 * the first audit of a fresh Chromium): that run measured nothing, so it is run again, once.
 */
async function audit(page: string, path: string, signedIn: boolean): Promise<Figures> {
  try {
    return await auditOnce(page, path, signedIn);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes('NO_NAVSTART')) throw error;
    console.log(`lighthouse: ${page}: the trace missed the navigation's start (NO_NAVSTART); running it again`);
    return auditOnce(page, path, signedIn);
  }
}

async function auditOnce(page: string, path: string, signedIn: boolean): Promise<Figures> {
  const result = await lighthouse(`${base}${path}`, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Keeps the token in local storage (and nothing else is there to reset).
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  const { lhr } = result;
  if (reportDir) writeFileSync(join(reportDir, `${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const finalUrl = lhr.finalDisplayedUrl;
  if (signedIn && new URL(finalUrl).pathname.startsWith('/auth/login')) throw new Error(`the home page went to ${finalUrl}: the token was not used`);
  const opportunities = Object.values(lhr.audits)
    .filter((entry) => entry.details?.type === 'opportunity' && (entry.numericValue ?? 0) > 0 && (entry.score ?? 1) < 0.9)
    .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
    .slice(0, 3)
    .map((entry) => `${entry.title}${entry.displayValue ? ` (${entry.displayValue})` : ''}`);
  return {
    page,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    opportunities,
  };
}

const lines: string[] = [];
let over = false;
try {
  const results = [await audit('login page', '/auth/login/', false)];
  const key = await signIn();
  const tab = await browser.newPage();
  await tab.goto(`${base}/auth/login/`);
  await tab.evaluate(([name, value]) => localStorage.setItem(name!, value!), [TOKEN_STORAGE_KEY, key]);
  // Storage stays, the HTTP cache goes: the home page loads its code as a first visit would.
  await (await browser.newCDPSession(tab)).send('Network.clearBrowserCache');
  await tab.close();
  results.push(await audit('home page (signed in)', '/', true));
  for (const result of results) {
    const scoreOk = result.score >= budgets.score;
    const lcpOk = result.lcp < budgets.lcpMs;
    if (!scoreOk || !lcpOk) over = true;
    lines.push(
      `lighthouse (mobile): ${result.page}: performance ${result.score} (budget >= ${budgets.score}) ${scoreOk ? 'ok' : 'OVER BUDGET'}; ` +
        `LCP ${(result.lcp / 1000).toFixed(2)} s (budget < ${budgets.lcpMs / 1000} s) ${lcpOk ? 'ok' : 'OVER BUDGET'}; ` +
        `FCP ${(result.fcp / 1000).toFixed(2)} s, TBT ${result.tbt.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}`,
    );
    if (result.opportunities.length > 0) lines.push(`  biggest opportunities: ${result.opportunities.join('; ')}`);
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
console.log(lines.join('\n'));
process.exit(over ? 1 : 0);
