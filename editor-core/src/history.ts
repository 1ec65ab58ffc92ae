/**
 * The editor's undo history: which change is a step of its own, which merges into the step before, and what a
 * cancelled gesture takes back. zundo keeps the steps (its past and future states, each `{ step }`) and does undo
 * and redo; this module decides what it records. The rules:
 *
 * 1. A change is one step: `record` hands it to zundo (through `diff`) while the store sets the new state.
 * 2. A change merges into the step before when both carry the same coalescing key, within `coalesceMs`, the step
 *    before is the last one recorded and nothing was undone since: typing a name is one step.
 * 3. Between `beginGesture` and `endGesture` (a drag, a dialog) every change merges into the gesture's one step,
 *    and nothing coalesces across its ends. A new gesture ends the open one.
 * 4. `cancelGesture` answers the gesture's step, for the store to take back, and puts the history back as it was
 *    at `beginGesture`: no step is left behind, and what could be redone then can be again.
 * 5. Undo, redo and a load (`forget`) end coalescing and the open gesture.
 *
 * Several commands as one step that applies all or none is not a rule here: that is one command (`chain`).
 */
import type { TemporalState } from 'zundo';
import type { StoreApi } from 'zustand/vanilla';

import type { FlowPatch } from './patches.ts';
import type { CallFlow } from './schema.ts';

/** One undo step: patches to redo it and to undo it. */
export interface HistoryStep {
  patches: FlowPatch[];
  inversePatches: FlowPatch[];
  label: string;
}

/**
 * What zundo tracks: the flow (to see that it changed), and in its past and future states the step that leads
 * there: setting `{ step }` applies `step.inversePatches` (undo applies a past step's inverse; the step zundo
 * then keeps for redo is the same step reversed).
 */
export interface Tracked {
  flow?: CallFlow;
  step?: HistoryStep;
}

/** zundo's store of past and future states. */
export type TemporalStore = StoreApi<TemporalState<Tracked>>;

export interface HistoryOptions {
  /** zundo's store, once the editor store has made it. */
  temporal: () => TemporalStore;
  /** Changes with the same coalescing key within this many ms are one step. */
  coalesceMs: number;
  now: () => number;
}

/** What `cancelGesture` takes back: the gesture's step (null when it changed nothing) and what `beginGesture` was given. */
export interface CancelledGesture<Mark> {
  step: HistoryStep | null;
  mark: Mark;
}

/** The history's rules over zundo's store; `Mark` is what the store wants back from a cancelled gesture (its flags). */
export interface History<Mark> {
  /** zundo's `diff` option: a recorded change is its step; an undone or redone step is the same step reversed. */
  diff: (past: Tracked, current: Tracked) => Tracked | null;
  /** Records a change (rules 1-3): `apply` sets the new state, during which zundo records `step` unless it merges. */
  record: (step: HistoryStep, coalesceKey: string | undefined, apply: () => void) => void;
  beginGesture: (mark: Mark) => void;
  endGesture: () => void;
  /** Takes the open gesture back (rule 4); null when no gesture is open. */
  cancelGesture: () => CancelledGesture<Mark> | null;
  /** Ends coalescing and the open gesture (rule 5). */
  forget: () => void;
}

function isSame(a: FlowPatch, b: FlowPatch): boolean {
  return (
    a.op === 'replace' &&
    b.op === 'replace' &&
    a.node === b.node &&
    a.key.length === b.key.length &&
    a.key.every((p, i) => p === b.key[i])
  );
}

/** Merges a step into the one before; replace-only steps over the same paths stay as small as one (typing a name). */
function mergeSteps(first: HistoryStep, next: HistoryStep): HistoryStep {
  const replaceOnly = [...first.patches, ...next.patches].every((p) => p.op === 'replace');
  if (replaceOnly && next.patches.every((p) => first.patches.some((q) => isSame(p, q)))) {
    const latest = (q: FlowPatch) => {
      for (let i = next.patches.length - 1; i >= 0; i--)
        if (isSame(next.patches[i] as FlowPatch, q)) return next.patches[i] as FlowPatch;
      return q;
    };
    return { label: first.label, inversePatches: first.inversePatches, patches: first.patches.map(latest) };
  }
  return {
    label: first.label,
    patches: [...first.patches, ...next.patches],
    inversePatches: [...next.inversePatches, ...first.inversePatches],
  };
}

const reversed = (step: HistoryStep): HistoryStep => ({
  label: step.label,
  patches: step.inversePatches,
  inversePatches: step.patches,
});

export function isHistoryStep(value: unknown): value is HistoryStep {
  return (
    typeof value === 'object' &&
    value !== null &&
    'patches' in value &&
    Array.isArray(value.patches) &&
    'inversePatches' in value &&
    Array.isArray(value.inversePatches)
  );
}

/** The history's rules for one editor store. */
export function createHistory<Mark>({ temporal, coalesceMs, now }: HistoryOptions): History<Mark> {
  // The step being recorded now, which `diff` hands to zundo.
  let pending: HistoryStep | null = null;
  // The last recorded step and its coalescing key, for rule 2.
  let last: { step: HistoryStep; key: string | undefined; at: number } | null = null;
  // The open gesture: its step so far, and the history as it was when it began (zundo changes its arrays in place).
  let gesture: { step: HistoryStep | null; past: Tracked[]; future: Tracked[]; mark: Mark } | null = null;

  return {
    diff: (past, current) => {
      if (current.step) return { step: reversed(current.step) };
      if (past.flow === current.flow || !pending) return null;
      return { step: pending };
    },
    record: (step, coalesceKey, apply) => {
      const { pastStates, futureStates } = temporal().getState();
      const top = pastStates.at(-1)?.step;
      const intoGesture = gesture !== null && gesture.step !== null && gesture.step === top;
      const coalesce =
        gesture === null &&
        last !== null &&
        last.step === top &&
        coalesceKey !== undefined &&
        last.key === coalesceKey &&
        now() - last.at <= coalesceMs;
      if (top && futureStates.length === 0 && (intoGesture || coalesce)) {
        const merged = mergeSteps(top, step);
        apply();
        temporal().setState({ pastStates: [...pastStates.slice(0, -1), { step: merged }] });
        if (gesture) gesture.step = merged;
        last = { step: merged, key: coalesceKey, at: now() };
        return;
      }
      pending = step;
      try {
        apply();
      } finally {
        pending = null;
      }
      const recorded = temporal().getState().pastStates.at(-1)?.step ?? null;
      if (gesture) gesture.step = recorded;
      last = recorded ? { step: recorded, key: coalesceKey, at: now() } : null;
    },
    beginGesture: (mark) => {
      const { pastStates, futureStates } = temporal().getState();
      gesture = { step: null, past: [...pastStates], future: [...futureStates], mark };
      last = null;
    },
    endGesture: () => {
      gesture = null;
      last = null;
    },
    cancelGesture: () => {
      if (!gesture) return null;
      const { step, past, future, mark } = gesture;
      gesture = null;
      last = null;
      if (step) temporal().setState({ pastStates: past, futureStates: future });
      return { step, mark };
    },
    forget: () => {
      pending = null;
      last = null;
      gesture = null;
    },
  };
}
