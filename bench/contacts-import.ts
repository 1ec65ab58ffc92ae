// The company contacts import of 5,000 rows, end to end but for the browser's drawing: the page's
// own CSV reading (papaparse) and preview check, then its import controller sending the rows in
// chunks to the real API (in-process, on a fresh seeded PGlite database), with the progress it
// reports. Budget: under 5 s. `npm run bench:contacts`; BENCH_ROWS changes the size.
import { performance } from 'node:perf_hooks';

import { MAX_IMPORT_ROWS, type ImportContactsResult } from '@portal/contract';

import { buildApp } from '../server/src/app.ts';
import { MemoryAudioStorage } from '../server/src/audio/storage.ts';
import { openDatabase } from '../server/src/db/connect.ts';
import { demoLogins } from '../server/src/db/demo-logins.ts';
import { seedIfEmpty } from '../server/src/db/seed.ts';
import { parseContactsCsv } from '../src/features/contacts/logic/contacts-csv.ts';
import { createImportController } from '../src/features/contacts/logic/import-controller.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const BUDGET_MS = 5000;

const database = await openDatabase({ dataDir: 'memory://' });
const audio = new MemoryAudioStorage();
await seedIfEmpty(database.db, audio);
const app = await buildApp({ db: database.db, audio, staticDir: '/nonexistent/portal-spa', logger: false });
await app.ready();

const csrf = (await app.inject({ method: 'GET', url: '/auth/csrf/' })).json<{ csrftoken: string }>().csrftoken;
const headers = { cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf };
const login = await app.inject({
  method: 'POST',
  url: '/auth/login/',
  headers,
  payload: { email: demoLogins.customer.email, password: demoLogins.customer.password },
});
const token = login.json<{ key: string }>().key;
const [phone] = (
  await app.inject({ method: 'GET', url: '/api/v3/navigation/', headers: { authorization: `Token ${token}` } })
)
  .json<{ products: Array<{ product_id: number; product_kind: string }> }>()
  .products.filter((p) => p.product_kind === 'voip2');
if (!phone) throw new Error('no cloud phone');

// A file like a customer's: names, companies, mixed number formats, a few bad rows.
const lines = ['First name,Last name,Phone,Email,Company'];
for (let i = 0; i < ROWS; i++) {
  const number =
    i % 2 === 0
      ? `+44 20 7946 ${String(i).padStart(4, '0').slice(-4)}`
      : `0161 496 ${String(i).padStart(4, '0').slice(-4)}`;
  lines.push(
    i % 500 === 499
      ? `Bad,Row ${i},12345,,`
      : `Person ${i},"Surname, ${i}",${number},person${i}@example.com,Company ${i % 40}`,
  );
}
const csv = lines.join('\r\n');

const started = performance.now();
const progress: string[] = [];
const controller = createImportController({
  parse: parseContactsCsv,
  importContacts: async (contacts) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/voip/${phone.product_id}/import-contacts/`,
      headers: { ...headers, authorization: `Token ${token}` },
      payload: { contacts },
    });
    if (response.statusCode !== 200) throw new Error(`import answered ${response.statusCode}: ${response.body}`);
    return response.json<ImportContactsResult>();
  },
});
controller.subscribe(() => {
  const state = controller.getState();
  if (state.step === 'importing') progress.push(`${state.done}/${state.total}`);
});
await controller.read('contacts.csv', csv);
const previewed = performance.now();
await controller.start();
const finished = performance.now();
const state = controller.getState();
if (state.step !== 'done') throw new Error(`import ended at ${state.step}`);

const total = finished - started;
console.log(`contacts import: ${ROWS} rows (${(csv.length / 1024).toFixed(0)} KiB), chunks of ${MAX_IMPORT_ROWS}`);
console.log(
  `  read and preview ${(previewed - started).toFixed(0)} ms, import ${(finished - previewed).toFixed(0)} ms, total ${total.toFixed(0)} ms (budget ${BUDGET_MS} ms)`,
);
console.log(`  created ${state.created.length}, failed ${state.failed.length}; progress ${progress.join(' ')}`);
await app.close();
await database.close();
const ok = total < BUDGET_MS && state.created.length + state.failed.length === ROWS && state.error === null;
console.log(ok ? 'contacts import: ok' : 'contacts import: OVER BUDGET or incomplete');
process.exit(ok ? 0 : 1);
