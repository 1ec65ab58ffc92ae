// Call-flow versions at size: one flow of a 200-node tree with 500 versions, each a small edit of
// the one before (the transfers' ring time, a new value each time, so no tree deduplicates: the worst case for
// the server's storage); then what the versions panel asks for, through the real API, timed: the first page of
// the list, and a comparison (the two versions' trees and editor-core's diffFlows). Target: the panel's data in
// under 200 ms. A bench, not a test: it prints the figures. PGlite in memory; `npm run bench:versions`.
import { performance } from 'node:perf_hooks';

import { diffFlows, type FlowNode } from '@portal/editor-core';
import { generateFlow } from '@portal/editor-core/testing';

import { buildApp } from '../server/src/app.ts';
import { MemoryAudioStorage } from '../server/src/audio/storage.ts';
import { openDatabase } from '../server/src/db/connect.ts';
import { demoLogins } from '../server/src/db/demo-logins.ts';
import { callFlowDocuments, callFlows } from '../server/src/db/schema/index.ts';
import { seedIfEmpty } from '../server/src/db/seed.ts';
import { recordFlowVersion } from '../server/src/modules/call-flows/index.ts';

const VERSIONS = Number(process.env.BENCH_VERSIONS ?? 500);
const NODES = Number(process.env.BENCH_NODES ?? 200);
const TARGET_MS = 200;

const database = await openDatabase({ dataDir: 'memory://' });
const audio = new MemoryAudioStorage();
await seedIfEmpty(database.db, audio);
const app = await buildApp({ db: database.db, audio, staticDir: '/nonexistent/portal-spa', logger: false });
await app.ready();

/** The tree with every transfer's ring time set from `i`: each version differs from the one before. */
function edited(tree: FlowNode, i: number): FlowNode {
  const copy = structuredClone(tree);
  const visit = (node: FlowNode) => {
    if (node.type === 'transfer' && node.args.ring_time_per_member)
      node.args.ring_time_per_member = { ...node.args.ring_time_per_member, value: 5000 + i * 10 } as never;
    node.children.forEach(visit);
  };
  visit(copy);
  return copy;
}

try {
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

  const tree = generateFlow(NODES, 7).data;
  const filling = performance.now();
  const [flow] = await database.db
    .insert(callFlows)
    .values({ productId, name: 'Versions bench', enable: false, data: tree })
    .returning();
  if (!flow) throw new Error('flow not made');
  for (let i = 1; i <= VERSIONS; i++) {
    await recordFlowVersion(
      database.db,
      flow.id,
      { name: flow.name, data: edited(tree, i) },
      {
        savedById: null,
        savedByName: 'Bench',
        staffUserId: null,
        note: i % 10 === 0 ? `Edit ${i}` : null,
        restoredFrom: null,
        at: new Date(),
      },
    );
  }
  const documents = await database.db.select({ data: callFlowDocuments.data }).from(callFlowDocuments);
  const bytes = documents.reduce((sum, d) => sum + JSON.stringify(d.data).length, 0);
  console.log(
    `PGlite: ${VERSIONS} versions of a ${NODES}-node tree in ${((performance.now() - filling) / 1000).toFixed(1)} s; ${documents.length} distinct trees stored, ${(bytes / 1024).toFixed(0)} KiB (${(bytes / 1024 / VERSIONS).toFixed(1)} KiB a version)`,
  );

  const base = `/api/v2/voip/${productId}/call-flows/${flow.id}/versions/`;
  const get = async (path: string) => {
    const response = await app.inject({ method: 'GET', url: path, headers });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    return response.json<{ data: FlowNode }>();
  };
  const median = async (label: string, run: () => Promise<unknown>) => {
    await run(); // warm
    const runs: number[] = [];
    for (let i = 0; i < 9; i++) {
      const started = performance.now();
      await run();
      runs.push(performance.now() - started);
    }
    runs.sort((a, b) => a - b);
    const ms = runs[4]!;
    console.log(`${label.padEnd(52)} median ${ms.toFixed(1).padStart(7)} ms`);
    return ms;
  };
  const list = await median('versions list, first page (50 of 500)', () => get(base));
  const compare = await median(`compare versions 1 and ${VERSIONS}: two trees + diffFlows`, async () => {
    const [a, b] = await Promise.all([get(`${base}1/`), get(`${base}${VERSIONS}/`)]);
    return diffFlows(a.data, b.data);
  });
  const last = await median('versions list, last page', () => get(`${base}?page=${Math.ceil(VERSIONS / 50)}`));
  const total = list + compare;
  console.log(
    `panel open (list) ${list.toFixed(1)} ms, with a comparison ${total.toFixed(1)} ms, last page ${last.toFixed(1)} ms: ${total < TARGET_MS ? 'under' : 'OVER'} the ${TARGET_MS} ms target`,
  );
  if (total >= TARGET_MS) process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
}
