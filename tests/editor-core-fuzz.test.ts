// Seeded fuzz of editor-core: random command sequences (some chained, some in gestures that are cancelled) through
// the editor store keep the tree well formed and within limits, locate (through the tree's id index) finds what a
// search of the tree finds, dry runs agree with runs, a refused chain changes nothing, a cancelled gesture leaves
// the flow and the history as they were, undo of everything returns the first state and redo the last, import of
// an export is the same flow, and the flow under other ids has no changes for callers. A seed that ever fails is
// added to PINNED_SEEDS.
import { describe, expect, it } from 'vitest';

import {
  chain,
  checkStructure,
  copySubtree,
  createEditorStore,
  diffFlows,
  exportFlow,
  importFlow,
  insertBetween,
  insertNode,
  locate,
  moveNode,
  NODE_TYPES,
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
  type FlowNode,
  type NodeLimits,
  type NodeType,
} from '@portal/editor-core';
import { generateFlow, sampleFlow, seededRandom } from '@portal/editor-core/testing';

/**
 * Seeds that once failed, kept as regressions: when a run prints a failing seed, add it here with the
 * date and what it found. The first 30 are the seeds this suite ran with before it drew fresh ones.
 */
const PINNED_SEEDS: number[] = [
  ...Array.from({ length: 30 }, (_, i) => 1000 + i),
  // 2026-11-29: a chain that removed a step, pasted, then removed the pasted step by its id ran in a dry run (whose
  // paste drew other ids than a run's) but not for real; a dry run now draws the ids a run would.
  813686273,
];
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
  for (const type of NODE_TYPES)
    if (limits[type] !== undefined) limits[type] = Math.max(limits[type] as number, initialCounts[type]);
  start = importFlowOrThrow(exportFlow(start));
  const store = createEditorStore({ flow: start, limits, now: () => 0, coalesceMs: 0 });
  const s = () => store.getState();
  let clip = copySubtree(start, start.data.id);
  const history = () => ({
    past: [...store.temporal.getState().pastStates],
    future: [...store.temporal.getState().futureStates],
  });
  // The open gesture's start, to compare with when it is cancelled.
  let gestureStart: { flow: CallFlow; history: ReturnType<typeof history> } | null = null;

  for (let step = 0; step < STEPS; step++) {
    const ids: string[] = [];
    walk(s().flow.data, (n) => {
      ids.push(n.id);
    });
    const id = pick(ids);
    const other = pick(ids);
    const type: NodeType = pick(NODE_TYPES);
    const roll = random();
    if (roll < 0.05) {
      if (random() < 0.6) {
        s().beginGesture();
        gestureStart = { flow: s().flow, history: history() };
      } else {
        s().endGesture();
        gestureStart = null;
      }
    } else if (roll < 0.08) {
      s().cancelGesture();
      if (gestureStart) {
        expect(s().flow, `seed ${seed} step ${step}: a cancelled gesture's flow`).toEqual(gestureStart.flow);
        expect(history(), `seed ${seed} step ${step}: a cancelled gesture's history`).toEqual(gestureStart.history);
      }
      gestureStart = null;
    } else if (roll < 0.11) {
      s().undo();
      gestureStart = null;
    } else if (roll < 0.15) {
      s().redo();
      gestureStart = null;
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
      // Some runs are chains of two or three: all apply as one step, or none does.
      const chained = random();
      const command =
        chained < 0.15
          ? chain(pick(commands), pick(commands))
          : chained < 0.2
            ? chain(pick(commands), pick(commands), pick(commands))
            : pick(commands);
      const before = s().flow;
      const historyBefore = history();
      const allowed = s().can(command);
      // The reason the UI shows comes from the same rules: check agrees with can, and a refusal has words.
      const checked = s().check(command);
      expect(checked === true, `seed ${seed} step ${step}: check and can disagree`).toBe(allowed);
      if (checked !== true) expect(checked.reason).toMatch(/\w/);
      expect(s().flow).toBe(before);
      expect(s().run(command), `seed ${seed} step ${step}: dry run and run disagree`).toBe(allowed);
      if (!allowed) {
        expect(s().flow).toBe(before);
        expect(history(), `seed ${seed} step ${step}: a refused command's history`).toEqual(historyBefore);
      }
      if (random() < 0.2) clip = copySubtree(s().flow, pick(ids)) ?? clip;
    }
    const flow = s().flow;
    expect(checkStructure(flow.data), `seed ${seed} step ${step}`).toEqual([]);
    const counts = nodeCounts(flow.data);
    for (const t of NODE_TYPES)
      if (limits[t] !== undefined)
        expect(counts[t], `seed ${seed} step ${step}: ${t} over its limit`).toBeLessThanOrEqual(limits[t] as number);
    expect(s().problems).toEqual(validateFlow(flow));
    expectLocateAgreesWithSearch(flow, `seed ${seed} step ${step}`);
    expect(importFlowOrThrow(exportFlow(flow))).toEqual(flow);
    // Every tenth step (it costs as much as the rest of a step): the flow under other ids has no changes for callers.
    if (step % 10 === 9)
      expect(
        diffFlows(flow.data, underOtherIds(flow).data, {}, { match: 'route' }).changes,
        `seed ${seed} step ${step}: the flow under other ids`,
      ).toEqual([]);
  }

  // The sequence may end after undos: the last state of the history is at the tip of redo.
  while (s().canRedo()) s().redo();
  const last = s().flow;
  while (s().canUndo()) s().undo();
  expect(s().flow, `seed ${seed}: undo of everything`).toEqual(start);
  while (s().canRedo()) s().redo();
  expect(s().flow, `seed ${seed}: redo of everything`).toEqual(last);
}

/** locate (which reads the tree's id index) finds every node where a search of the tree does, and nothing else. */
function expectLocateAgreesWithSearch(flow: CallFlow, label: string): void {
  const found: Array<{ id: string; path: number[] }> = [];
  const search = (node: FlowNode, path: number[]): void => {
    found.push({ id: node.id, path });
    node.children.forEach((child, i) => search(child, [...path, i]));
  };
  search(flow.data, []);
  for (const { id, path } of found) expect(locate(flow.data, id)?.path, `${label}: where ${id} is`).toEqual(path);
  expect(locate(flow.data, 'not-a-step'), `${label}: an id the flow does not hold`).toBeNull();
}

/** The same flow with every step's id another. */
function underOtherIds(flow: CallFlow): CallFlow {
  const copy = JSON.parse(JSON.stringify(flow)) as CallFlow;
  walk(copy.data, (node) => {
    node.id = `other-${node.id}`;
  });
  return copy;
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
