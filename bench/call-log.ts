// The call log at size: one cloud phone (the demo's Acme) with BENCH_CALLS calls (default 1 million) spread
// over two years with the demo's daily and weekly rhythm, one in twelve answered or outbound calls recorded
// with a transcript; then the recordings list's and the call reports' queries through the real API, timed. A bench, not a test:
// it prints the figures. PGlite in memory by default; DATABASE_URL=postgres://... runs it on PostgreSQL
// (in a schema of its own, dropped after). Last, a zip of 200 one-minute recordings streamed over HTTP with the
// server's RSS sampled while it streams (budget: a rise under 50 MB). `npm run bench:call-log`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { MAX_RECORDINGS_PER_ZIP } from '@portal/contract';

import { buildApp } from '../server/src/app.ts';
import { FilesystemAudioStorage } from '../server/src/audio/storage.ts';
import { DatabaseAudioStorage } from '../server/src/audio/stored-audio-repository.ts';
import { encodeWav, WAV_SAMPLE_RATE } from '../server/src/audio/wav.ts';
import { compileWasmForMemory, openDatabase } from '../server/src/db/connect.ts';
import { demoLogins } from '../server/src/db/demo-logins.ts';
import { callLogs } from '../server/src/db/schema/index.ts';
import { seedIfEmpty } from '../server/src/db/seed.ts';
import {
  dropBenchSchema,
  generateCalls,
  giveRecordingsAudioForBench,
  recordCallsForBench,
} from '../server/src/modules/call-log/demo-calls.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 1_000_000);
const DAYS = 730;
const url = process.env.DATABASE_URL;
const schemaName = url ? `bench_call_log_${process.pid}` : undefined;

// PGlite compiled as the server compiles it (db/connect.ts).
if (!url) compileWasmForMemory();
const database = await openDatabase({ url, dataDir: 'memory://', schemaName });
// Where the server keeps audio by default (server/src/main.ts): on disk beside PGlite, in the database on
// PostgreSQL; BENCH_AUDIO=filesystem or database chooses. Audio held in memory would count in the zip's figures.
const audioKind = process.env.BENCH_AUDIO ?? (url ? 'database' : 'filesystem');
if (audioKind !== 'database' && audioKind !== 'filesystem')
  throw new Error(`BENCH_AUDIO must be database or filesystem, not "${audioKind}"`);
const audioDir = mkdtempSync(join(tmpdir(), 'bench-call-log-audio-'));
const audio =
  audioKind === 'database'
    ? new DatabaseAudioStorage(database.db, database.pool)
    : new FilesystemAudioStorage(audioDir);
const app = await buildApp({ db: database.db, audio, staticDir: '/nonexistent/portal-spa', logger: false });

try {
  await seedIfEmpty(database.db, audio);
  await app.ready();
  const csrf = (await app.inject({ method: 'GET', url: '/auth/csrf/' })).json<{ csrftoken: string }>().csrftoken;
  const cookie = { cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf };
  const token = (
    await app.inject({ method: 'POST', url: '/auth/login/', headers: cookie, payload: demoLogins.customer })
  ).json<{ key: string }>().key;
  const headers = { authorization: `Token ${token}` };
  const [phone] = (await app.inject({ method: 'GET', url: '/api/v3/navigation/', headers }))
    .json<{ products: Array<{ product_id: number; product_kind: string }> }>()
    .products.filter((p) => p.product_kind === 'voip2');
  if (!phone) throw new Error('no cloud phone');
  const productId = phone.product_id;

  // The demo's rhythm scaled so two years hold CALLS calls (a week of 5 weekdays, a Saturday and a Sunday).
  const perWeek = CALLS / (DAYS / 7);
  const weekday = Math.round(perWeek / 5.35);
  const perDay = { weekday, saturday: Math.round(weekday * 0.23), sunday: Math.round(weekday * 0.08) };
  const filling = performance.now();
  let batch: Array<typeof callLogs.$inferInsert> = [];
  let inserted = 0;
  for (const call of generateCalls({
    extensions: ['200', '201', '202'],
    numbers: ['01632960101'],
    days: DAYS,
    now: new Date(),
    seed: 99,
    perDay,
    recordings: false,
  })) {
    batch.push({
      productId,
      status: call.status,
      caller: call.caller,
      called: call.called,
      startTime: call.startTime,
      durationSeconds: call.durationSeconds,
    });
    if (batch.length === 5000) {
      await database.db.insert(callLogs).values(batch);
      inserted += batch.length;
      batch = [];
      if (inserted % 100_000 === 0) process.stdout.write(`  ${inserted} calls\r`);
    }
  }
  if (batch.length > 0) await database.db.insert(callLogs).values(batch);
  inserted += batch.length;
  // BENCH_ONLY=reports: the call reports alone (no recordings to make, no recordings list to time).
  const reportsOnly = process.env.BENCH_ONLY === 'reports';
  const row = reportsOnly ? { calls: inserted, recordings: 0 } : await recordCallsForBench(database.db, productId, 12);
  console.log(
    `${url ? 'PostgreSQL' : 'PGlite'}: ${row.calls} calls and ${row.recordings} recordings over ${DAYS} days in ${((performance.now() - filling) / 1000).toFixed(1)} s`,
  );

  const time = async (
    label: string,
    query: string,
    path = `/api/v1/voip/${productId}/calls/call_recordings/${query}`,
    budget?: number,
  ) => {
    await app.inject({ method: 'GET', url: path, headers }); // warm
    const runs: number[] = [];
    let count = 0;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: path, headers });
      runs.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      count = response.json<{ count?: number }>().count ?? 0;
    }
    runs.sort((a, b) => a - b);
    const verdict = budget === undefined ? '' : runs[2]! <= budget ? `  within ${budget} ms` : `  OVER ${budget} ms`;
    console.log(
      `${label.padEnd(44)} median ${runs[2]!.toFixed(1).padStart(7)} ms${count ? `  (${count} calls)` : ''}${verdict}`,
    );
  };
  const twoYears = `start_date=${new Date(Date.now() - 729 * 86_400_000).toISOString().slice(0, 10)}&end_date=${new Date().toISOString().slice(0, 10)}`;

  // Call reports (30 days, the default): budgets 200 ms for each chart's figures, 100 ms for the activity list's first page.
  const analytics = (name: string) => `/api/v3/voip/${productId}/analytics/${name}/`;
  await time('reports: summary, 30 days', '', analytics('summary'), 200);
  await time('reports: time of day, 30 days', '', analytics('time-of-day'), 200);
  await time('reports: number of calls, 30 days', '', analytics('number-of-calls'), 200);
  await time('reports: density, 30 days', '', analytics('density'), 200);
  await time('reports: call activity, 30 days, first page', '', `/api/v1/voip/${productId}/calls/activity/`, 100);
  await time(
    'reports: number of calls, two years (by month)',
    '',
    `${analytics('number-of-calls')}?range=custom&${twoYears.replace('start_date', 'range_start').replace('end_date', 'range_end')}`,
  );

  if (!reportsOnly) {
    await time('list, 30 days (default), first page', '');
    await time('list, 7 days', '?range=7d');
    await time('list, two years, page 50', `?${twoYears}&page=50`);
    await time('list, 30 days, keyword "boiler"', '?keyword=boiler');
    await time('list, two years, keyword "invoice"', `?keyword=invoice&${twoYears}`);
    await time('list, 30 days, number and duration', '?number=07700&duration=1m_5m');
    await zipMemory(productId, csrf, token);
  }
} finally {
  await app.close();
  if (schemaName) await dropBenchSchema(database.db, schemaName);
  await database.close();
  rmSync(audioDir, { recursive: true, force: true });
}

/**
 * The newest recordings (as many as a zip may hold) given a minute of audio each (8 kHz WAV, about 0.9 MB, as a
 * call recording is), then zipped through a real socket: a zip of two first (the route's code and the HTTP
 * client's first use are not what is measured), then 200 (the budget's), the most a zip may hold, and 200 again.
 * Before each, the garbage collector runs (the script runs with --expose-gc); while each streams and is read away,
 * the process's memory is sampled every 5 ms. Printed: the rise of RSS over the figure before (the budget's: a
 * high-water mark, so the first zip of 200 is the one that tells), and of the memory JavaScript holds (heap and
 * buffers, garbage not yet collected included). The client reading the zip is in the same process and keeps no
 * chunk.
 */
async function zipMemory(productId: number, csrf: string, token: string) {
  const minute = new Int16Array(WAV_SAMPLE_RATE * 60);
  for (let i = 0; i < minute.length; i++) minute[i] = Math.round(8000 * Math.sin(i / 7) * Math.sin(i / 3000));
  const wav = encodeWav(minute);
  const keyOf = (uuid: string) => `${productId}/call-recording-${uuid}.wav`;
  const uuids = await giveRecordingsAudioForBench(database.db, productId, MAX_RECORDINGS_PER_ZIP, keyOf);
  for (const uuid of uuids) await audio.put(keyOf(uuid), wav);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const gc = (globalThis as { gc?: () => void }).gc;
  const held = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.external;
  };
  const runs = [uuids.slice(0, 2), uuids.slice(0, 200), uuids, uuids.slice(0, 200)];
  for (const [pass, chosen] of runs.entries()) {
    gc?.();
    const before = { held: held(), rss: process.memoryUsage().rss };
    const peak = { ...before };
    const sampler = setInterval(() => {
      peak.held = Math.max(peak.held, held());
      peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    let bytes = 0;
    try {
      const response = await fetch(`${address}/api/v1/voip/${productId}/calls/call_recordings/`, {
        method: 'POST',
        headers: {
          authorization: `Token ${token}`,
          'content-type': 'application/json',
          cookie: `csrftoken=${csrf}`,
          'x-csrftoken': csrf,
        },
        body: JSON.stringify({ recording_uuids: chosen }),
      });
      if (response.status !== 200 || !response.body)
        throw new Error(`zip: ${response.status} ${await response.text()}`);
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
    } finally {
      clearInterval(sampler);
    }
    if (pass === 0) continue;
    const mb = (n: number) => (n / 2 ** 20).toFixed(1);
    // The budget is the process's memory as the system counts it (RSS); the heap and buffers figure also counts
    // file buffers already let go of that the collector has not yet taken back.
    const rise = (peak.rss - before.rss) / 2 ** 20;
    const verdict = chosen.length !== 200 ? '' : rise < 50 ? '  within 50 MB' : '  OVER 50 MB';
    console.log(
      `zip of ${chosen.length} recordings (audio ${audioKind === 'database' ? 'in the database' : 'on disk'})`.padEnd(
        44,
      ) +
        ` ${(bytes / 2 ** 20).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${mb(before.rss)} MB, rise ${mb(peak.rss - before.rss)} MB${verdict}; heap and buffers rise ${mb(peak.held - before.held)} MB${gc ? '' : ' (no --expose-gc: no collection before)'}`,
    );
  }
}
