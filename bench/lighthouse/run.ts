// bench/lighthouse: Lighthouse (mobile, performance) on the login page and, signed in, the home
// page, each judged against a floor audited in the same run: the floor page (bench/floor/: the portal's stack and
// providers around one heading and one paragraph, built here by the product's Vite configuration into
// bench/floor/dist), served by a second instance of the same server (same headers, CSP, compression) from that
// folder. Serves whatever dist/ holds for the pages (run `npm run build` first), from the real server on a
// temporary PGlite folder. Chromium is started by Playwright on a fixed remote debugging port with a persistent
// profile, so the token put in its local storage (as the SPA keeps it after sign-in) is there when Lighthouse opens
// the home page on the same port with storage reset off. Prints score, LCP, FCP, TBT and CLS beside the floor's and
// the budgets (TBT <= the floor's + 150 ms, LCP <= the floor's + 0.4 s, performance >= the floor's - 5); exits
// non-zero when one is missed.
//   LIGHTHOUSE_PORT (default 8207): the server's port, the floor's server on the next one; LIGHTHOUSE_DEBUG_PORT (default 9227);
//   LIGHTHOUSE_REPORT_DIR: write each page's full result there as JSON;
//   LIGHTHOUSE_RUNS (default 1): audit each page this many times (HTTP cache cleared each time) and judge
//     the budgets by the medians, since one run on a shared machine swings by a few hundred ms;
//   LIGHTHOUSE_LANTERN=1: print, for each run, what Lighthouse's optimistic simulation put before the largest
//     paint (every request and main-thread task, with its simulated start and end): what dominates LCP. (Its
//     LCP is the mean of that and a pessimistic estimate, which also counts every task that did layout.)
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { build } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 8207);
const debugPort = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9227);
const base = `http://localhost:${port}`;
const floorPort = port + 1;
// LIGHTHOUSE_REPORT_DIR: where to write each page's full Lighthouse result (JSON), to see what dominates.
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
/** What a page may cost beyond the floor's figures (medians): performance points fewer, LCP and TBT more. */
const budgets = { scoreBelow: 5, lcpMs: 400, tbtMs: 150 };
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`LIGHTHOUSE_RUNS must be a whole number of runs, 1 or more (got ${process.env.LIGHTHOUSE_RUNS}).`);
  process.exit(2);
}
const showLantern = process.env.LIGHTHOUSE_LANTERN === '1';
const customer = { email: 'alex@acme-plumbing.example', password: 'portal-demo-1' };
// Where the SPA keeps the session token (src/lib/token-storage.ts).
const TOKEN_STORAGE_KEY = 'auth._token.local';

if (!existsSync(join(root, 'dist', 'index.html')) || !existsSync(join(root, 'server', 'build', 'main.mjs'))) {
  console.error('bench:lighthouse measures the built SPA and server: run `npm run build` first.');
  process.exit(2);
}

// The floor page, built as the portal is (bench/floor/vite.config.ts) into bench/floor/dist.
const floorDist = fileURLToPath(new URL('../floor/dist', import.meta.url));
await build({ configFile: fileURLToPath(new URL('../floor/vite.config.ts', import.meta.url)), logLevel: 'error' });

interface Served {
  dataDir: string;
  process: ChildProcess;
}

/** The server as `npm start` runs it (the bundle `npm run build` made), serving this folder's SPA on this port. */
async function startServer(listen: number, staticDir: string): Promise<Served> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  const server = spawn(process.execPath, ['server/build/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(listen),
      HOST: '127.0.0.1',
      PORTAL_DATA_DIR: dataDir,
      PORTAL_STATIC_DIR: staticDir,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    // A busy shared machine takes minutes to start PGlite and migrate.
    const timer = setTimeout(() => reject(new Error(`the server did not start in 600 s:\n${output}`)), 600_000);
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
  try {
    await started;
  } catch (error) {
    await stopServer({ dataDir, process: server });
    throw error;
  }
  return { dataDir, process: server };
}

async function stopServer({ dataDir, process: server }: Served) {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}

const servers: Served[] = [];
try {
  servers.push(await startServer(port, join(root, 'dist')));
  servers.push(await startServer(floorPort, floorDist));
} catch (error) {
  for (const served of servers) await stopServer(served);
  throw error;
}

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

type Figure = 'score' | 'lcp' | 'fcp' | 'tbt' | 'cls';

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
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    `--remote-debugging-port=${debugPort}`,
  ],
});

/**
 * Lighthouse's own trace recording now and then misses the navigation's start (NO_NAVSTART, seen on
 * the first audit of a fresh Chromium): that run measured nothing, so it is run again, once.
 */
async function audit(page: string, url: string, signedIn: boolean): Promise<Figures> {
  try {
    return await auditOnce(page, url, signedIn);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes('NO_NAVSTART')) throw error;
    console.log(`lighthouse: ${page}: the trace missed the navigation's start (NO_NAVSTART); running it again`);
    return auditOnce(page, url, signedIn);
  }
}

async function auditOnce(page: string, url: string, signedIn: boolean): Promise<Figures> {
  const result = await lighthouse(url, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Keeps the token in local storage (and nothing else is there to reset).
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (reportDir)
    writeFileSync(join(reportDir, `${page.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const finalUrl = lhr.finalDisplayedUrl;
  if (signedIn && new URL(finalUrl).pathname.startsWith('/auth/login'))
    throw new Error(`the home page went to ${finalUrl}: the token was not used`);
  const opportunities = Object.values(lhr.audits)
    .filter(
      (entry) => entry.details?.type === 'opportunity' && (entry.numericValue ?? 0) > 0 && (entry.score ?? 1) < 0.9,
    )
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

/**
 * The simulation behind the last audit's LCP (Lighthouse's optimistic estimate; its LCP is the mean of that and a
 * pessimistic one, which also counts every main-thread task that did layout): the requests and main-thread
 * tasks it counted before the largest paint, by simulated end. A request that ended before the observed
 * largest paint counts even when the page did not need it, so what is listed here is what to cut or defer.
 */
function lanternChain(): string[] {
  const timings = Lantern.Simulation.Simulator.allNodeTimings;
  const lcp = timings.get('optimisticLargestContentfulPaint');
  const out: string[] = [];
  if (lcp) {
    out.push('  simulated before the largest paint (start-end ms, what):');
    for (const [node, timing] of [...lcp].sort((a, b) => a[1].endTime - b[1].endTime)) {
      const what =
        node.type === 'network'
          ? `${node.request.url.replace(/^http:\/\/localhost:\d+/, '')} (${node.request.transferSize} B)`
          : `main thread, ${((node.event.dur ?? 0) / 1000).toFixed(1)} ms observed`;
      out.push(`    ${timing.startTime.toFixed(0).padStart(5)}-${timing.endTime.toFixed(0).padEnd(5)} ${what}`);
    }
  }
  timings.clear();
  return out;
}

/** The middle value; with an even count, the mean of the two middle ones. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
}

const lines: string[] = [];
let over = false;
try {
  const tab = await browser.newPage();
  const cdp = await browser.newCDPSession(tab);
  const pages = [
    { page: 'floor', url: `http://localhost:${floorPort}/`, signedIn: false },
    { page: 'login page', url: `${base}/auth/login/`, signedIn: false },
    { page: 'home page (signed in)', url: `${base}/`, signedIn: true },
  ];
  let floor: Record<Figure, number> | undefined;
  for (const { page, url, signedIn } of pages) {
    if (signedIn) {
      // The login page's audits reset storage; the signed-in page's keep it (disableStorageReset).
      const key = await signIn();
      await tab.goto(`${base}/auth/login/`);
      await tab.evaluate(([name, value]) => localStorage.setItem(name!, value!), [TOKEN_STORAGE_KEY, key]);
      // Nothing of the portal left running beside the audits.
      await tab.goto('about:blank');
    }
    const results: Figures[] = [];
    for (let run = 1; run <= runs; run++) {
      // Storage stays (the home page's token), the HTTP cache goes: each run loads the code as a first visit would.
      await cdp.send('Network.clearBrowserCache');
      const result = await audit(page, url, signedIn);
      results.push(result);
      if (runs > 1) {
        lines.push(
          `lighthouse (mobile): ${page}: run ${run}: performance ${result.score}, LCP ${(result.lcp / 1000).toFixed(2)} s, ` +
            `FCP ${(result.fcp / 1000).toFixed(2)} s, TBT ${result.tbt.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}`,
        );
      }
      const chain = lanternChain();
      if (showLantern) lines.push(...chain);
    }
    const mid = (figure: Figure) => median(results.map((result) => result[figure]));
    const figures = { score: mid('score'), lcp: mid('lcp'), fcp: mid('fcp'), tbt: mid('tbt'), cls: mid('cls') };
    const of = runs > 1 ? `median of ${runs}: ` : '';
    if (!floor) {
      floor = figures;
      lines.push(
        `lighthouse (mobile): ${page}: ${of}performance ${figures.score}, LCP ${(figures.lcp / 1000).toFixed(2)} s, ` +
          `FCP ${(figures.fcp / 1000).toFixed(2)} s, TBT ${figures.tbt.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)}`,
      );
      continue;
    }
    const scoreOk = figures.score >= floor.score - budgets.scoreBelow;
    const lcpOk = figures.lcp <= floor.lcp + budgets.lcpMs;
    const tbtOk = figures.tbt <= floor.tbt + budgets.tbtMs;
    if (!scoreOk || !lcpOk || !tbtOk) over = true;
    const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
    const signed = (value: string) => (value.startsWith('-') ? value : `+${value}`);
    lines.push(
      `lighthouse (mobile): ${page}: ${of}performance ${figures.score}, floor ${floor.score} (budget >= floor - ${budgets.scoreBelow}) ${verdict(scoreOk)}; ` +
        `LCP ${(figures.lcp / 1000).toFixed(2)} s, floor ${(floor.lcp / 1000).toFixed(2)} s, ${signed(((figures.lcp - floor.lcp) / 1000).toFixed(2))} s (budget floor + ${budgets.lcpMs / 1000} s) ${verdict(lcpOk)}; ` +
        `TBT ${figures.tbt.toFixed(0)} ms, floor ${floor.tbt.toFixed(0)} ms, ${signed((figures.tbt - floor.tbt).toFixed(0))} ms (budget floor + ${budgets.tbtMs} ms) ${verdict(tbtOk)}; ` +
        `FCP ${(figures.fcp / 1000).toFixed(2)} s (floor ${(floor.fcp / 1000).toFixed(2)} s), CLS ${figures.cls.toFixed(3)}`,
    );
    const opportunities = results.at(-1)!.opportunities;
    if (opportunities.length > 0) lines.push(`  biggest opportunities: ${opportunities.join('; ')}`);
  }
  await tab.close();
} finally {
  await browser.close();
  for (const served of servers) await stopServer(served);
  rmSync(profileDir, { recursive: true, force: true });
}
console.log(lines.join('\n'));
process.exit(over ? 1 : 0);
