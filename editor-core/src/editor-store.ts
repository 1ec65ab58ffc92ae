/**
 * The editor store: zustand/vanilla with zundo for undo/redo and immer for in-place updates. The only writer of
 * the flow: commands, loads, a restored draft and an adopted save all go through it. History steps are patches,
 * not snapshots, so a step's size follows the change, not the flow; selection, layout positions, loads and
 * adopted saves never enter it. Which change is a step, merges into one or is taken back: history.ts.
 */
import { temporal } from 'zundo';
import { immer } from 'zustand/middleware/immer';
import { createStore, type StateCreator, type StoreMutatorIdentifier } from 'zustand/vanilla';

import { check, type Command, type Transaction } from './commands.ts';
import {
  createHistory,
  isHistoryStep,
  type History,
  type HistoryStep,
  type TemporalStore,
  type Tracked,
} from './history.ts';
import { idCounter, importFlow, type ImportResult } from './io.ts';
import type { NodeLimits } from './limits.ts';
import { applyFlowPatches } from './patches.ts';
import type { Refusal } from './refusals.ts';
import type { CallFlow } from './schema.ts';
import { locate } from './tree.ts';
import { validateFlow, type Problem } from './validate.ts';

export type { HistoryStep, Tracked } from './history.ts';

/** Positions from layout (never recorded). */
export interface NodePosition {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a save answered, for `adopt`: the flow's id and enable, and its name when the server chose it (a copy). */
export interface SavedFlow {
  id: string;
  enable: boolean;
  name?: string;
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
  positions: Record<string, NodePosition>;
  /** Whether there are changes since the last load or save. */
  changesMade: boolean;
  /** Runs a command against the store, as one undo step (or part of the open gesture); answers whether it applied. */
  run: (command: Command) => boolean;
  /** Applies a command's transaction (what `run` passes as dispatch). */
  dispatch: (tr: Transaction) => void;
  /** Whether a command applies now, without running it. */
  can: (command: Command) => boolean;
  /** Whether a command applies now: true, or why not, e.g. `check(removeNode('n1')).reason` -> 'The main number cannot be removed.' */
  check: (command: Command) => true | Refusal;
  /** Replaces the flow (a load from the server): not recorded, clears the history and the changes-made flag. */
  load: (flow: CallFlow) => void;
  /** Replaces the flow by a local draft of it, keeping the flow's id and enable: like load, but the draft's changes are unsaved. */
  restore: (draft: CallFlow) => void;
  /**
   * Adopts what a save of `sent` answered: the flow's id and enable (and name for a copy), not recorded. The
   * changes-made flag clears unless the flow was edited while the save was on its way.
   */
  adopt: (saved: SavedFlow, sent: CallFlow) => void;
  /** Imports JSON text: on success like restore, on error changes nothing and answers the error. */
  importJson: (json: string) => ImportResult;
  /** Starts a gesture (a drag, a dialog): every change until endGesture is one undo step. */
  beginGesture: () => void;
  /** Ends the open gesture, keeping its step. */
  endGesture: () => void;
  /** Takes the open gesture back: the flow, the selection and the history as they were at beginGesture, no step left behind. */
  cancelGesture: () => void;
  undo: () => void;
  redo: () => void;
  canUndo: () => boolean;
  canRedo: () => boolean;
  setSelection: (ids: string[]) => void;
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

/** The editor store with its temporal (undo/redo) store, e.g. `store.getState().run(renameFlow('Sales'))`. */
export type EditorStore = ReturnType<typeof createEditorStore>;

/** The steps of a store's history, oldest first (what undo takes back, from the end). */
export function historySteps(store: EditorStore): HistoryStep[] {
  return store.temporal.getState().pastStates.flatMap((entry) => (entry.step ? [entry.step] : []));
}

/** What a cancelled gesture gives back besides the flow: the selection and the changes-made flag it began with. */
interface GestureMark {
  selection: string[];
  changesMade: boolean;
}

/** Creates the editor store for a flow. */
export function createEditorStore(options: EditorStoreOptions) {
  const now = options.now ?? (() => Date.now());
  const coalesceMs = options.coalesceMs ?? 1000;
  let newId = idCounter(options.flow);
  // What each change does to the history: history.ts.
  const history: History<GestureMark> = createHistory<GestureMark>({
    temporal: (): TemporalStore => store.temporal,
    coalesceMs,
    now,
  });

  const withProblems = (flow: CallFlow, otherFlowNames: string[]) => ({
    flow,
    problems: validateFlow(flow, { otherFlowNames }),
  });
  const existing = (flow: CallFlow, ids: string[]) => ids.filter((id) => locate(flow.data, id) !== null);

  const editor: StateCreator<EditorStoreState, [['temporal', unknown], ['zustand/immer', never]]> = (set, get) => ({
    flow: options.flow,
    limits: options.limits ?? {},
    otherFlowNames: options.otherFlowNames ?? [],
    problems: validateFlow(options.flow, { otherFlowNames: options.otherFlowNames ?? [] }),
    selection: [],
    positions: {},
    changesMade: false,
    // Commands run through the store draw ids from one counter, above every id of the loaded flow.
    // A dry run (can, check) draws the ids a run would draw next, so a chain that names a step it pasted agrees.
    run: (command) => command({ flow: get().flow, limits: get().limits, newId: () => newId() }, get().dispatch),
    can: (command) => command({ flow: get().flow, limits: get().limits, newId: newId.fork() }),
    check: (command) => check(command, { flow: get().flow, limits: get().limits, newId: newId.fork() }),
    dispatch: (tr) => {
      if (tr.patches.length === 0) return;
      const state = get();
      const next = {
        ...withProblems(tr.flow, state.otherFlowNames),
        selection: tr.selection ?? existing(tr.flow, state.selection),
        changesMade: true,
      };
      history.record({ patches: tr.patches, inversePatches: tr.inversePatches, label: tr.label }, tr.coalesceKey, () =>
        set(next),
      );
    },
    load: (flow) => {
      newId = idCounter(flow);
      history.forget();
      set({ ...withProblems(flow, get().otherFlowNames), selection: [], positions: {}, changesMade: false });
      store.temporal.getState().clear();
    },
    restore: (draft) => {
      const { id, enable } = get().flow;
      get().load({ ...draft, id, enable });
      set({ changesMade: true });
    },
    adopt: (saved, sent) => {
      const current = get().flow;
      // The tree is immutable (commands change it by copy), so an untouched tree is the same object.
      const editedMeanwhile = sent.name !== current.name || sent.data !== current.data;
      set((draft) => {
        draft.flow.id = saved.id;
        draft.flow.enable = saved.enable;
        if (saved.name !== undefined) draft.flow.name = saved.name;
        if (!editedMeanwhile) draft.changesMade = false;
      });
    },
    importJson: (json) => {
      const result = importFlow(json, { limits: get().limits });
      if (result.ok) {
        get().load(result.flow);
        set({ changesMade: true });
      }
      return result;
    },
    beginGesture: () => history.beginGesture({ selection: get().selection, changesMade: get().changesMade }),
    endGesture: () => history.endGesture(),
    cancelGesture: () => {
      const cancelled = history.cancelGesture();
      if (!cancelled?.step) return;
      const { step, mark } = cancelled;
      const flow = applyFlowPatches(get().flow, step.inversePatches);
      // Not recorded: nothing is pending, so zundo's diff answers null.
      set({
        ...withProblems(flow, get().otherFlowNames),
        selection: existing(flow, mark.selection),
        changesMade: mark.changesMade,
      });
    },
    undo: () => {
      history.forget();
      store.temporal.getState().undo();
    },
    redo: () => {
      history.forget();
      store.temporal.getState().redo();
    },
    canUndo: () => store.temporal.getState().pastStates.length > 0,
    canRedo: () => store.temporal.getState().futureStates.length > 0,
    setSelection: (ids) => set({ selection: [...ids] }),
    setPositions: (positions) => set({ positions }),
    setLimits: (limits) => set({ limits: { ...limits } }),
    setOtherFlowNames: (names) =>
      set({ otherFlowNames: [...names], problems: validateFlow(get().flow, { otherFlowNames: names }) }),
  });

  const store = createStore<EditorStoreState>()(
    stepsAsPatches(
      temporal(immer(editor), {
        limit: options.historyLimit ?? 500,
        partialize: (state): Tracked => ({ flow: state.flow }),
        diff: history.diff,
      }),
    ),
  );
  return store;
}

/**
 * The store's own set, under zundo: zundo sets a past or future state to undo or redo, and here such a state
 * (`{ step }`) applies the step's inverse patches to the flow rather than being merged into the state.
 */
function stepsAsPatches<Mcs extends [StoreMutatorIdentifier, unknown][]>(
  config: StateCreator<EditorStoreState, [], Mcs>,
): StateCreator<EditorStoreState, [], Mcs> {
  return (set, get, api) => {
    const setOrApply: typeof set = (partial, replace) => {
      if (typeof partial === 'object' && 'step' in partial && isHistoryStep(partial.step)) {
        const state = get();
        const flow = applyFlowPatches(state.flow, partial.step.inversePatches);
        set({
          flow,
          problems: validateFlow(flow, { otherFlowNames: state.otherFlowNames }),
          selection: state.selection.filter((id) => locate(flow.data, id) !== null),
          changesMade: true,
        });
      } else {
        // A replacing set hands over a whole state, so merging it is the same as replacing.
        void replace;
        set(partial);
      }
    };
    return config(setOrApply, get, api);
  };
}
