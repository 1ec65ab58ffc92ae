/**
 * The editor store: zustand/vanilla with zundo for undo/redo and immer. History steps are patches, not
 * snapshots, so a step's size follows the change, not the flow; selection, viewport and layout never enter it.
 */
import { temporal, type TemporalState } from 'zundo';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { immer } from 'zustand/middleware/immer';
import type { Command, EditorState, Transaction } from './commands.ts';
import { idCounter, importFlow, type ImportResult } from './io.ts';
import type { NodeLimits } from './limits.ts';
import { applyFlowPatches, type FlowPatch } from './patches.ts';
import type { CallFlow } from './schema.ts';
import { locate } from './tree.ts';
import { validateFlow, type Problem } from './validate.ts';

/** One undo step: patches to redo it and to undo it. */
export interface HistoryStep {
  patches: FlowPatch[];
  inversePatches: FlowPatch[];
  label: string;
}

/** Viewport of the canvas (kept here so the canvas has one store, never recorded). */
export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** Positions from layout (never recorded). */
export interface NodePosition {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** State and actions of the editor store. */
export interface EditorStoreState {
  flow: CallFlow;
  limits: NodeLimits;
  /** Names of the account's other flows, for the name rules. */
  otherFlowNames: string[];
  /** Problems of the flow, recomputed after every change. */
  problems: Problem[];
  selection: string[];
  viewport: Viewport;
  positions: Record<string, NodePosition>;
  /** Whether there are changes since the last load or markSaved. */
  changesMade: boolean;
  /** Runs a command against the store, as one undo step (or part of the open gesture); answers whether it applied. */
  run: (command: Command) => boolean;
  /** Applies a command's transaction (what `run` passes as dispatch). */
  dispatch: (tr: Transaction) => void;
  /** Whether a command applies now, without running it. */
  can: (command: Command) => boolean;
  /** Replaces the flow (a load from the server): not recorded, clears the history. */
  load: (flow: CallFlow) => void;
  /** Imports JSON text: on success like load, on error changes nothing and answers the error. */
  importJson: (json: string) => ImportResult;
  /** Starts a gesture (a drag): every change until endGesture is one undo step. */
  beginGesture: () => void;
  /** Ends the open gesture. */
  endGesture: () => void;
  undo: () => void;
  redo: () => void;
  canUndo: () => boolean;
  canRedo: () => boolean;
  /** Clears the changes-made flag (after a successful save). */
  markSaved: () => void;
  setSelection: (ids: string[]) => void;
  setViewport: (viewport: Viewport) => void;
  setPositions: (positions: Record<string, NodePosition>) => void;
  setLimits: (limits: NodeLimits) => void;
  setOtherFlowNames: (names: string[]) => void;
}

/** Options of createEditorStore. */
export interface EditorStoreOptions {
  flow: CallFlow;
  limits?: NodeLimits;
  otherFlowNames?: string[];
  /** Changes with the same coalescing key within this many ms are one step (default 1000). */
  coalesceMs?: number;
  /** Most undo steps kept (default 500). */
  historyLimit?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** What zundo keeps per step: a HistoryStep (the flow field is only what partialize compares). */
export type Tracked = Partial<HistoryStep> & { flow?: CallFlow };

/** The editor store with its temporal (undo/redo) store, e.g. `store.getState().run(renameFlow('Sales'))`. */
export type EditorStore = StoreApi<EditorStoreState> & { temporal: StoreApi<TemporalState<Tracked>> };

function isSame(a: FlowPatch, b: FlowPatch): boolean {
  return a.op === 'replace' && b.op === 'replace' && a.node === b.node && a.key.length === b.key.length && a.key.every((p, i) => p === b.key[i]);
}

/** Merges a step into the one before; replace-only steps over the same paths stay as small as one (typing a name). */
export function mergeSteps(first: HistoryStep, next: HistoryStep): HistoryStep {
  const replaceOnly = [...first.patches, ...next.patches].every((p) => p.op === 'replace');
  if (replaceOnly && next.patches.every((p) => first.patches.some((q) => isSame(p, q)))) {
    const latest = (q: FlowPatch) => {
      for (let i = next.patches.length - 1; i >= 0; i--) if (isSame(next.patches[i] as FlowPatch, q)) return next.patches[i] as FlowPatch;
      return q;
    };
    return { label: first.label, inversePatches: first.inversePatches, patches: first.patches.map(latest) };
  }
  return { label: first.label, patches: [...first.patches, ...next.patches], inversePatches: [...next.inversePatches, ...first.inversePatches] };
}

/** Creates the editor store for a flow. */
export function createEditorStore(options: EditorStoreOptions): EditorStore {
  const now = options.now ?? (() => Date.now());
  const coalesceMs = options.coalesceMs ?? 1000;
  let newId = idCounter(options.flow);
  // The step the next tracked set records; zundo's diff hands it over.
  let pending: HistoryStep | null = null;
  // What the last recorded step was, to coalesce the next change into it.
  let last: { step: Tracked; key: string | undefined; at: number } | null = null;
  let gesture: { step: Tracked | null } | null = null;

  const withProblems = (flow: CallFlow, otherFlowNames: string[]) => ({ flow, problems: validateFlow(flow, { otherFlowNames }) });
  const existing = (flow: CallFlow, ids: string[]) => ids.filter((id) => locate(flow.data, id) !== null);

  /** Applies patches from history without recording them. */
  const applyFromHistory = (patches: FlowPatch[]) => {
    const state = store.getState();
    const flow = applyFlowPatches(state.flow, patches);
    store.setState({ ...withProblems(flow, state.otherFlowNames), selection: existing(flow, state.selection), changesMade: true });
  };

  const store: EditorStore = createStore<EditorStoreState>()(
    temporal(
      immer((set, get) => ({
        flow: options.flow,
        limits: options.limits ?? {},
        otherFlowNames: options.otherFlowNames ?? [],
        problems: validateFlow(options.flow, { otherFlowNames: options.otherFlowNames ?? [] }),
        selection: [],
        viewport: { x: 0, y: 0, zoom: 1 },
        positions: {},
        changesMade: false,
        // Commands run through the store draw ids from one counter, above every id of the loaded flow.
        run: (command) => command({ flow: get().flow, limits: get().limits, newId: () => newId() }, get().dispatch),
        can: (command) => command({ flow: get().flow, limits: get().limits }),
        dispatch: (tr) => {
          if (tr.patches.length === 0) return;
          const state = get();
          const step: HistoryStep = { patches: tr.patches, inversePatches: tr.inversePatches, label: tr.label };
          const temporalState = store.temporal.getState();
          const top = temporalState.pastStates[temporalState.pastStates.length - 1];
          const intoGesture = gesture?.step && gesture.step === top;
          const coalesce = !gesture && last && last.step === top && tr.coalesceKey !== undefined && last.key === tr.coalesceKey && now() - last.at <= coalesceMs;
          const next = { ...withProblems(tr.flow, state.otherFlowNames), selection: tr.selection ?? existing(tr.flow, state.selection), changesMade: true };
          if ((intoGesture || coalesce) && top && temporalState.futureStates.length === 0) {
            const merged = mergeSteps(top as HistoryStep, step);
            if (gesture) gesture.step = merged;
            if (last) last = { step: merged, key: last.key, at: now() };
            store.temporal.setState({ pastStates: [...temporalState.pastStates.slice(0, -1), merged] });
            set(next);
            return;
          }
          pending = step;
          set(next);
          pending = null;
          const recorded = store.temporal.getState().pastStates.at(-1) ?? null;
          if (gesture) gesture.step = recorded;
          last = recorded ? { step: recorded, key: tr.coalesceKey, at: now() } : null;
        },
        load: (flow) => {
          newId = idCounter(flow);
          pending = null;
          last = null;
          gesture = null;
          set({ ...withProblems(flow, get().otherFlowNames), selection: [], positions: {}, changesMade: false });
          store.temporal.getState().clear();
        },
        importJson: (json) => {
          const result = importFlow(json, { limits: get().limits });
          if (result.ok) {
            get().load(result.flow);
            set({ changesMade: true });
          }
          return result;
        },
        beginGesture: () => {
          gesture = { step: null };
        },
        endGesture: () => {
          gesture = null;
          last = null;
        },
        undo: () => store.temporal.getState().undo(),
        redo: () => store.temporal.getState().redo(),
        canUndo: () => store.temporal.getState().pastStates.length > 0,
        canRedo: () => store.temporal.getState().futureStates.length > 0,
        markSaved: () => set({ changesMade: false }),
        setSelection: (ids) => set({ selection: [...ids] }),
        setViewport: (viewport) => set({ viewport: { ...viewport } }),
        setPositions: (positions) => set({ positions }),
        setLimits: (limits) => set({ limits: { ...limits } }),
        setOtherFlowNames: (names) =>
          set((draft) => {
            draft.otherFlowNames = [...names];
            draft.problems = validateFlow(draft.flow as CallFlow, { otherFlowNames: names });
          }),
      })),
      {
        limit: options.historyLimit ?? 500,
        partialize: (state): Tracked => ({ flow: state.flow }),
        // Only a change made by a command is recorded, and what is recorded is its patches.
        diff: (past, current) => {
          if (past.flow === current.flow || !pending) return null;
          const step = pending;
          pending = null;
          return step;
        },
        // Undo and redo apply a step's patches instead of setting a stored state.
        wrapTemporal: (init) => (set, get, api) => {
          const base = init(set, get, api);
          const move = (from: 'pastStates' | 'futureStates') => {
            const temporalState = get() as unknown as { pastStates: HistoryStep[]; futureStates: HistoryStep[] };
            const step = temporalState[from].at(-1);
            if (!step) return;
            last = null;
            gesture = null;
            applyFromHistory(from === 'pastStates' ? step.inversePatches : step.patches);
            const to = from === 'pastStates' ? 'futureStates' : 'pastStates';
            set({ [from]: temporalState[from].slice(0, -1), [to]: [...temporalState[to], step] } as never);
          };
          return { ...base, undo: () => move('pastStates'), redo: () => move('futureStates') };
        },
      },
    ),
  ) as unknown as EditorStore;

  return store;
}

/** The command state of a store state. */
export function stateFor(state: EditorStoreState): EditorState {
  return { flow: state.flow, limits: state.limits };
}
