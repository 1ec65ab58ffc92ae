// bench/api: API throughput and memory. Starts a bare Fastify hello and the portal (on PGlite in a
// temporary folder, and on PostgreSQL when DATABASE_URL is set or a local server answers at
// postgres://postgres@127.0.0.1:5432/test, in a database of its own that is dropped after), signs in
// as the demo customer and loads authenticated GETs with autocannon (50 connections, warm-up first).
// Prints req/s, p50, p99, errors and the server's RSS (idle and peak), the ratio to bare Fastify
// within the same run, and the budgets; exits non-zero when one is over.
//   BENCH_SECONDS (default 5): length of each measured run; BENCH_WARMUP_SECONDS (default 2);
//   BENCH_DATABASES (default "pglite,postgres"): which to run; BENCH_ONLY: run only the loads whose
//   label matches this regular expression (e.g. "call-flow", or "GET me$" without the 401); BENCH_NODE_ARGS: extra node flags
//   for the servers (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = 50;
const budgets = { ratio: { pglite: 0.05, postgres: 0.1 }, p99Ms: 50, idleRssMb: 250 };
const customer = { email: 'alex@acme-plumbing.example', password: 'portal-demo-1' };
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const localPostgres = 'postgres://postgres@127.0.0.1:5432/test';

interface Server {
  process: ChildProcess;
  port: number;
  /** Everything the process wrote, for a failure message. */
  output: () => string;
}

/**
 * Starts `node <script>` (TypeScript through tsx; the portal as `npm start` runs it, the bundle built
 * below) and waits for `ready` in its output; the port comes from the match.
 */
function start(script: string, env: Record<string, string>, ready: RegExp): Promise<Server> {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(
    process.execPath,
    [...loader, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), script],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start in 180 s:\n${output.slice(-4000)}`)),
      180_000,
    );
    const read = (chunk: Buffer) => {
      // Kept short: the request log goes on being read (a full pipe would stall the server).
      output = (output + chunk.toString()).slice(-20_000);
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ process: child, port: Number(match[1]), output: () => output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it was ready:\n${output.slice(-4000)}`));
    });
  });
}

async function stop(server: Server) {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  const timer = setTimeout(() => server.process.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** VmRSS (now) and VmHWM (the peak so far) of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

interface Load {
  label: string;
  path: string;
  headers?: Record<string, string>;
}

interface Measured {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(port: number, target: Load, duration: number): Promise<Measured> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${target.path}`,
    connections,
    duration,
    headers: target.headers ?? {},
  });
  return {
    label: target.label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Anything but a 2xx is an error here: the bench's requests are all valid.
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function measure(port: number, target: Load): Promise<Measured> {
  if (warmUpSeconds > 0) await load(port, target, warmUpSeconds);
  return load(port, target, seconds);
}

/** Signs in as the demo customer; answers the token, the csrftoken cookie and a cloud phone's id. */
async function signIn(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const csrf = (await (await fetch(`${base}/auth/csrf/`)).json()) as { csrftoken: string };
  const cookie = `csrftoken=${csrf.csrftoken}`;
  const login = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrftoken': csrf.csrftoken },
    body: JSON.stringify(customer),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  const { key } = (await login.json()) as { key: string };
  const headers = { authorization: `Token ${key}`, cookie };
  const navigation = (await (await fetch(`${base}/api/v3/navigation/`, { headers })).json()) as {
    products: Array<{ product_id: number; product_kind: string }>;
  };
  const phone = navigation.products.find((product) => product.product_kind.startsWith('voip'));
  if (!phone) throw new Error('the demo customer has no cloud phone');
  return { headers, productId: phone.product_id };
}

// The server's bundle, as `npm run build` makes it for `npm start`.
execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });

const lines: string[] = [];
let over = false;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (value: number) => `${value.toFixed(0)} MB`;
const verdict = (ok: boolean) => {
  if (!ok) over = true;
  return ok ? 'ok' : 'OVER BUDGET';
};

async function benchDriver(driver: 'pglite' | 'postgres', env: Record<string, string>) {
  const hello = await start('bench/api/hello.ts', { PORT: '0' }, /hello listening on (\d+)/);
  let bare: Measured;
  try {
    bare = await measure(hello.port, { label: 'bare Fastify hello', path: '/' });
  } finally {
    await stop(hello);
  }
  const portal = await start(
    'server/build/main.mjs',
    { PORT: '0', HOST: '127.0.0.1', ...env },
    /Customer Portal: http:\/\/localhost:(\d+)/,
  );
  try {
    const pid = portal.process.pid!;
    const { headers, productId } = await signIn(portal.port);
    // Idle: started, seeded, one sign-in answered, then left alone for a moment.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idle = memoryOf(pid).rss;
    const targets: Load[] = [
      { label: 'GET call-flow list', path: `/api/v2/voip/${productId}/call-flows/`, headers },
      { label: 'GET navigation', path: '/api/v3/navigation/', headers },
      { label: 'GET me', path: '/api/v3/me/', headers },
    ];
    const onlyPattern = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    const only = (target: Load) => !onlyPattern || onlyPattern.test(target.label);
    const results: Measured[] = [];
    for (const target of targets.filter(only)) results.push(await measure(portal.port, target));
    const anonymous: Load = { label: 'GET me without a token (401)', path: '/api/v3/me/' };
    const unauthenticated = only(anonymous) ? await measure(portal.port, anonymous) : null;
    const peak = memoryOf(pid).peak;

    const ratioBudget = budgets.ratio[driver];
    lines.push(
      '',
      `api (${driver}): bare Fastify hello ${bare.rps.toFixed(0)} req/s, p50 ${ms(bare.p50)}, p99 ${ms(bare.p99)}, errors ${bare.errors}`,
    );
    for (const result of results) {
      const ratio = result.rps / bare.rps;
      lines.push(
        `api (${driver}): ${result.label}: ${result.rps.toFixed(0)} req/s = ${(ratio * 100).toFixed(1)} % of bare (budget ${ratioBudget * 100} %) ${verdict(ratio >= ratioBudget)}; ` +
          `p50 ${ms(result.p50)}, p99 ${ms(result.p99)} (budget < ${budgets.p99Ms} ms) ${verdict(result.p99 < budgets.p99Ms)}; ` +
          `errors ${result.errors} ${verdict(result.errors === 0)}`,
      );
    }
    if (unauthenticated)
      lines.push(
        `api (${driver}): ${unauthenticated.label}: ${unauthenticated.rps.toFixed(0)} req/s, p99 ${ms(unauthenticated.p99)} (printed only)`,
      );
    lines.push(
      `api (${driver}): server RSS idle ${mb(idle)} (budget ${budgets.idleRssMb} MB) ${verdict(idle <= budgets.idleRssMb)}; peak under load ${mb(peak)} (printed only)`,
    );
  } catch (error) {
    console.error(portal.output().slice(-4000));
    throw error;
  } finally {
    await stop(portal);
  }
}

/** A PostgreSQL to bench on, if one is configured or answers locally. */
async function postgresUrl(): Promise<string | null> {
  const url = process.env.DATABASE_URL || localPostgres;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch {
    if (process.env.DATABASE_URL) throw new Error(`DATABASE_URL does not answer: ${url}`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs `task` on a new database beside the one `url` names, and drops it after. */
async function withFreshDatabase(url: string, task: (url: string) => Promise<void>) {
  const name = `portal_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    await task(fresh.toString());
  } finally {
    await admin
      .query(`drop database if exists ${name} with (force)`)
      .catch((error: Error) => console.error(`could not drop ${name}: ${error.message}`));
    await admin.end();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
try {
  if (databases.includes('pglite')) await benchDriver('pglite', { PORTAL_DATA_DIR: dataDir, DATABASE_URL: '' });
  const url = databases.includes('postgres') ? await postgresUrl() : null;
  if (url) {
    await withFreshDatabase(url, (fresh) =>
      benchDriver('postgres', { PORTAL_DATA_DIR: join(dataDir, 'pg-audio'), DATABASE_URL: fresh }),
    );
  } else if (databases.includes('postgres')) {
    lines.push('', 'api (postgres): skipped, no DATABASE_URL and nothing answers at ' + localPostgres);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(lines.join('\n'));
process.exit(over ? 1 : 0);
