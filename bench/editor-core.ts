// Benchmark of editor-core with budgets: edit plus revalidation, history bytes per single-node edit, elk layout.
// Run: node --import tsx bench/editor-core.ts   (exits non-zero when a budget is exceeded)
import ELK from 'elkjs/lib/elk.bundled.js';
import {
  createEditorStore,
  insertBetween,
  layoutFlow,
  renameNode,
  setArgs,
  subtreeSize,
  walk,
  type FlowNode,
  type HistoryStep,
} from '@portal/editor-core';
import { generateFlow, seededRandom } from '@portal/editor-core/testing';

const EDIT_BUDGET_MS = 1;
const HISTORY_BUDGET_BYTES = 1024;
const EDITS = 300;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const fmt = (ms: number) => `${ms.toFixed(3)} ms`;

let failed = false;
const report = (label: string, value: string, budget: string, ok: boolean) => {
  if (!ok) failed = true;
  console.log(`  ${label.padEnd(44)} ${value.padStart(12)}   budget ${budget.padEnd(10)} ${ok ? 'ok' : 'OVER BUDGET'}`);
};

const elk = new ELK();
// Warm the layout engine once so the figures are of steady state, as in a long-lived worker.
await layoutFlow(generateFlow(50, 99), { elk, sizes: {} });

for (const size of [200, 2000]) {
  const flow = generateFlow(size, 1);
  const nodes: FlowNode[] = [];
  walk(flow.data, (n) => {
    nodes.push(n);
  });
  const transfers = nodes.filter((n) => n.type === 'transfer');
  const withOneChild = nodes.flatMap((n) => (n.type === 'in_hours' || n.type === 'out_of_hours' || n.type === 'dial_menu_key') && n.children[0] ? [[n.id, n.children[0].id] as const] : []);
  let clock = 0;
  // The clock moves 10 s per edit so no two edits coalesce: every edit is its own step.
  const store = createEditorStore({ flow, now: () => (clock += 10_000) });
  const s = () => store.getState();
  const random = seededRandom(size);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;

  const timed = (edit: () => boolean) => {
    const t = performance.now();
    const ok = edit();
    const elapsed = performance.now() - t;
    if (!ok) throw new Error('edit refused');
    return elapsed;
  };
  const argTimes: number[] = [];
  const renameTimes: number[] = [];
  const insertTimes: number[] = [];
  for (let i = 0; i < EDITS; i++) {
    argTimes.push(timed(() => s().run(setArgs(pick(transfers).id, { queue_size: 1 + (i % 40) }))));
    renameTimes.push(timed(() => s().run(renameNode(pick(transfers).id, `Team ${i}`))));
    const [parent, child] = pick(withOneChild);
    insertTimes.push(timed(() => s().run(insertBetween(parent, child, 'play_audio'))));
    s().undo();
  }
  const steps = store.temporal.getState().pastStates as HistoryStep[];
  const bytes = steps.map((step) => JSON.stringify({ patches: step.patches, inversePatches: step.inversePatches }).length);
  const insertBytes = JSON.stringify(store.temporal.getState().futureStates.at(-1)).length;

  const t = performance.now();
  const layout = await layoutFlow(flow, { elk, sizes: {} });
  const layoutMs = performance.now() - t;
  if (layout.nodes.length !== subtreeSize(flow.data)) throw new Error('layout lost nodes');

  console.log(`flow of ${subtreeSize(flow.data)} nodes (asked ${size}); validation included in every edit`);
  report('median setArgs + revalidation', fmt(median(argTimes)), `< ${EDIT_BUDGET_MS} ms`, median(argTimes) < EDIT_BUDGET_MS);
  report('median renameNode + revalidation', fmt(median(renameTimes)), `< ${EDIT_BUDGET_MS} ms`, median(renameTimes) < EDIT_BUDGET_MS);
  report('median insertBetween + revalidation', fmt(median(insertTimes)), `< ${EDIT_BUDGET_MS} ms`, median(insertTimes) < EDIT_BUDGET_MS);
  report('history bytes per edit (max of setArgs/rename)', `${Math.max(...bytes)} B`, `< ${HISTORY_BUDGET_BYTES} B`, Math.max(...bytes) < HISTORY_BUDGET_BYTES);
  report('history bytes of an insertBetween', `${insertBytes} B`, `< ${HISTORY_BUDGET_BYTES} B`, insertBytes < HISTORY_BUDGET_BYTES);
  console.log(`  ${'elk layout (bundled, this thread)'.padEnd(44)} ${fmt(layoutMs).padStart(12)}   (no budget; runs in a worker in the app)`);
}

if (failed) {
  console.error('editor-core bench: over budget');
  process.exit(1);
}
