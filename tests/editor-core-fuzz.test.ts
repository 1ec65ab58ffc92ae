// Seeded fuzz of editor-core: random command sequences through the editor store keep the tree well formed and
// within limits, dry runs agree with runs, undo of everything returns the first state and redo the last,
// and import of an export is the same flow. A seed that ever fails is added to PINNED_SEEDS.
import {
  NODE_TYPES,
  checkStructure,
  copySubtree,
  createEditorStore,
  exportFlow,
  importFlow,
  insertBetween,
  insertNode,
  moveNode,
  nodeCounts,
  pasteSubtree,
  removeNode,
  removeSubtree,
  renameFlow,
  renameNode,
  replaceNode,
  setArgs,
  validateFlow,
  walk,
  type CallFlow,
  type Command,
  type NodeLimits,
  type NodeType,
} from '@portal/editor-core';
import { generateFlow, sampleFlow, seededRandom } from '@portal/editor-core/testing';
import { describe, expect, it } from 'vitest';

/**
 * Seeds that once failed, kept as regressions: when a run prints a failing seed, add it here with the
 * date and what it found. The first 30 are the seeds this suite ran with before it drew fresh ones.
 */
const PINNED_SEEDS: number[] = Array.from({ length: 30 }, (_, i) => 1000 + i);
/** Fresh seeds each run, so the suite can find what the pinned ones never reach. FUZZ_SEED=n replays one run; FUZZ_RUNS=n draws more. */
const FRESH_RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const STEPS = 50;

function freshSeeds(): number[] {
  const replay = process.env.FUZZ_SEED;
  if (replay !== undefined) {
    if (!/^\d+$/.test(replay)) throw new Error(`FUZZ_SEED must be a whole number, not "${replay}"`);
    return [Number(replay)];
  }
  return Array.from({ length: FRESH_RUNS }, () => Math.floor(Math.random() * 2 ** 31));
}
const FRESH_SEEDS = freshSeeds();
// Printed so a run's seeds can be replayed (FUZZ_SEED=n) or pinned even when the failure's own name is lost.
console.log(`editor-core fuzz: fresh seeds ${FRESH_SEEDS.join(', ')}`);

const ARG_EDITS: Array<[string, unknown]> = [
  ['target', ['201', '202']],
  ['target', '07700900123'],
  ['target', '3'],
  ['target', '#'],
  ['queue_size', 5],
  ['queuing_enabled', true],
  ['audio_file', 'greeting.mp3'],
  ['ring_pattern', 'sequential'],
  ['calendar', 'default'],
  ['business_hours', { preset: 'nine_to_six', days: { mon: [{ from: '09:00', to: '18:00' }] } }],
  ['name', 'Reception'],
];

function fuzz(seed: number): void {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const limits: NodeLimits = {};
  for (const type of NODE_TYPES) if (random() < 0.3) limits[type] = 1 + Math.floor(random() * 6);
  let start = random() < 0.5 ? sampleFlow() : generateFlow(40, seed);
  // Start within the limits: raise any limit the starting flow already exceeds.
  const initialCounts = nodeCounts(start.data);
  for (const type of NODE_TYPES) if (limits[type] !== undefined) limits[type] = Math.max(limits[type] as number, initialCounts[type]);
  start = importFlowOrThrow(exportFlow(start));
  const store = createEditorStore({ flow: start, limits, now: () => 0, coalesceMs: 0 });
  const s = () => store.getState();
  let clip = copySubtree(start, start.data.id);

  for (let step = 0; step < STEPS; step++) {
    const ids: string[] = [];
    walk(s().flow.data, (n) => {
      ids.push(n.id);
    });
    const id = pick(ids);
    const other = pick(ids);
    const type: NodeType = pick(NODE_TYPES);
    const roll = random();
    if (roll < 0.03) {
      if (random() < 0.5) s().beginGesture();
      else s().endGesture();
    } else if (roll < 0.08) {
      s().undo();
    } else if (roll < 0.12) {
      s().redo();
    } else {
      const [argName, argValue] = pick(ARG_EDITS);
      const child = pick(ids);
      const commands: Command[] = [
        insertNode(id, type),
        insertNode(id, type, { index: 0 }),
        insertBetween(id, child, type),
        replaceNode(id, type),
        removeNode(id),
        removeSubtree(id),
        moveNode(id, other, random() < 0.5 ? 0 : undefined),
        pasteSubtree(clip ?? s().flow.data, other),
        setArgs(id, { [argName]: argValue }),
        renameNode(id, `Step ${step}`),
        renameFlow(random() < 0.1 ? '' : `Flow ${step}`),
      ];
      const command = pick(commands);
      const before = s().flow;
      const allowed = s().can(command);
      // The reason the UI shows comes from the same rules: check agrees with can, and a refusal has words.
      const checked = s().check(command);
      expect(checked === true, `seed ${seed} step ${step}: check and can disagree`).toBe(allowed);
      if (checked !== true) expect(checked.reason).toMatch(/\w/);
      expect(s().flow).toBe(before);
      expect(s().run(command), `seed ${seed} step ${step}: dry run and run disagree`).toBe(allowed);
      if (!allowed) expect(s().flow).toBe(before);
      if (random() < 0.2) clip = copySubtree(s().flow, pick(ids)) ?? clip;
    }
    const flow = s().flow;
    expect(checkStructure(flow.data), `seed ${seed} step ${step}`).toEqual([]);
    const counts = nodeCounts(flow.data);
    for (const t of NODE_TYPES) if (limits[t] !== undefined) expect(counts[t], `seed ${seed} step ${step}: ${t} over its limit`).toBeLessThanOrEqual(limits[t] as number);
    expect(s().problems).toEqual(validateFlow(flow));
    expect(importFlowOrThrow(exportFlow(flow))).toEqual(flow);
  }

  // The sequence may end after undos: the last state of the history is at the tip of redo.
  while (s().canRedo()) s().redo();
  const last = s().flow;
  while (s().canUndo()) s().undo();
  expect(s().flow, `seed ${seed}: undo of everything`).toEqual(start);
  while (s().canRedo()) s().redo();
  expect(s().flow, `seed ${seed}: redo of everything`).toEqual(last);
}

function importFlowOrThrow(json: string): CallFlow {
  const result = importFlow(json);
  if (!result.ok) throw new Error(result.error);
  return result.flow;
}

describe('editor-core fuzz', () => {
  for (const seed of PINNED_SEEDS) it(`pinned seed ${seed}`, () => fuzz(seed));
  // The seed is in the test's name, so a failure names it (replay: FUZZ_SEED=<seed> npx vitest run tests/editor-core-fuzz.test.ts).
  for (const seed of FRESH_SEEDS) it(`fresh seed ${seed}: ${STEPS} commands keep every invariant`, () => fuzz(seed));
});
