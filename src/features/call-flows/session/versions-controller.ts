/**
 * The versions of a custom flow, without React: which version the canvas shows read-only instead of the editable
 * flow, a comparison of two (editor-core's diffFlows, a read-only store per side), and a restore after a
 * confirmation (a new version, with its own note). The page hands in the calls and the toasts.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

import type { CallFlowVersionDocument, RestoreCallFlowVersion, StoredCallFlow } from '@portal/contract';
import { createEditorStore, diffFlows, type EditorStore, type FlowDiff, type FlowNames } from '@portal/editor-core';

/** How two versions are compared: one canvas showing either, or both canvases next to each other. */
export type CompareLayout = 'overlaid' | 'side-by-side';

export interface Viewing {
  version: CallFlowVersionDocument;
  store: EditorStore;
}

export interface Comparison {
  older: CallFlowVersionDocument;
  newer: CallFlowVersionDocument;
  diff: FlowDiff;
  showing: 'older' | 'newer';
  layout: CompareLayout;
  /** A read-only store per side, made once per comparison (a canvas is keyed by its store). */
  stores: { older: EditorStore; newer: EditorStore };
}

/** One side of a side-by-side comparison, for the page to draw. */
export interface ComparedSide {
  number: number;
  store: EditorStore;
  marks: Map<string, 'added' | 'removed' | 'changed'>;
}

export interface VersionsState {
  viewing: Viewing | null;
  comparison: Comparison | null;
  /** The version whose restore waits for a confirmation. */
  restoring: number | null;
  /** The restore's own note (the restore is a new version, kept with who, when and this note). */
  restoreNote: string;
  busy: boolean;
  /** Once the versions were used, a canvas swapped in (a version shown, or back to editing) opens with the panel. */
  used: boolean;
}

export interface VersionsPorts {
  /** null while the flow has never been saved: no versions. */
  flowId: string | null;
  names: FlowNames;
  fetchVersion(flowId: string, number: number): Promise<CallFlowVersionDocument>;
  restoreVersion(flowId: string, number: number, body: RestoreCallFlowVersion): Promise<StoredCallFlow>;
  /** The version the editor's next save starts from. */
  baseVersion(): number | null;
  /** The editor takes the restored flow. */
  onRestored(saved: StoredCallFlow): void;
  /** The list of versions may have changed (a restore was tried). */
  versionsChanged(flowId: string): void;
  restored(number: number): void;
  failed(title: string, error: unknown): void;
}

export const versionFailures = {
  restoreFailed: 'The version could not be restored',
  loadFailed: 'The versions could not be loaded',
} as const;

/** The canvas marks of a comparison, for the version shown: the newer shows what was added, the older what was removed. */
export function diffMarksFor(diff: FlowDiff, showing: 'older' | 'newer'): Map<string, 'added' | 'removed' | 'changed'> {
  const marks = new Map<string, 'added' | 'removed' | 'changed'>();
  for (const id of diff.changed) marks.set(id, 'changed');
  for (const id of showing === 'newer' ? diff.added : diff.removed)
    marks.set(id, showing === 'newer' ? 'added' : 'removed');
  return marks;
}

/** Both sides of a side-by-side comparison, or null when the comparison is overlaid (or there is none). */
export function sideBySideOf(comparison: Comparison | null): { older: ComparedSide; newer: ComparedSide } | null {
  if (comparison?.layout !== 'side-by-side') return null;
  const side = (which: 'older' | 'newer'): ComparedSide => ({
    number: comparison[which].number,
    store: comparison.stores[which],
    marks: diffMarksFor(comparison.diff, which),
  });
  return { older: side('older'), newer: side('newer') };
}

export interface VersionsController {
  state: StoreApi<VersionsState>;
  /** The page's latest calls and names. */
  setPorts(ports: VersionsPorts): void;
  open(number: number): Promise<void>;
  compare(a: number, b: number): Promise<void>;
  showSide(side: 'older' | 'newer'): void;
  setLayout(layout: CompareLayout): void;
  backToEditing(): void;
  askRestore(number: number): void;
  setRestoreNote(note: string): void;
  cancelRestore(): void;
  restore(): Promise<void>;
}

export function createVersionsController(initialPorts: VersionsPorts): VersionsController {
  let ports = initialPorts;
  const state = createStore<VersionsState>(() => ({
    viewing: null,
    comparison: null,
    restoring: null,
    restoreNote: '',
    busy: false,
    used: false,
  }));

  const storeOf = (version: CallFlowVersionDocument) =>
    createEditorStore({ flow: { id: ports.flowId, name: version.name, enable: false, data: version.data } });
  const show = (version: CallFlowVersionDocument, store: EditorStore = storeOf(version)) =>
    state.setState({ viewing: { version, store }, used: true });

  const controller: VersionsController = {
    state,
    setPorts(next) {
      ports = next;
    },
    async open(number) {
      const { flowId } = ports;
      if (!flowId) return;
      try {
        show(await ports.fetchVersion(flowId, number));
        state.setState({ comparison: null });
      } catch (error) {
        ports.failed(versionFailures.loadFailed, error);
      }
    },
    async compare(a, b) {
      const { flowId } = ports;
      if (!flowId) return;
      try {
        const [older, newer] = await Promise.all(
          [Math.min(a, b), Math.max(a, b)].map((n) => ports.fetchVersion(flowId, n)),
        );
        if (!older || !newer) return;
        const stores = { older: storeOf(older), newer: storeOf(newer) };
        const layout = state.getState().comparison?.layout ?? 'overlaid';
        state.setState({
          comparison: {
            older,
            newer,
            diff: diffFlows(older.data, newer.data, ports.names),
            showing: 'newer',
            layout,
            stores,
          },
        });
        show(newer, stores.newer);
      } catch (error) {
        ports.failed(versionFailures.loadFailed, error);
      }
    },
    showSide(side) {
      const { comparison } = state.getState();
      if (!comparison) return;
      state.setState({ comparison: { ...comparison, showing: side } });
      show(comparison[side], comparison.stores[side]);
    },
    setLayout(layout) {
      const { comparison } = state.getState();
      if (!comparison) return;
      // Side by side, the panel sits with the newer version (the one shown when going back to one canvas).
      state.setState({ comparison: { ...comparison, layout, showing: 'newer' } });
      show(comparison.newer, comparison.stores.newer);
    },
    backToEditing() {
      const { viewing, used } = state.getState();
      state.setState({ viewing: null, comparison: null, used: used || viewing !== null });
    },
    askRestore(number) {
      state.setState({ restoring: number, restoreNote: '' });
    },
    setRestoreNote(note) {
      state.setState({ restoreNote: note });
    },
    cancelRestore() {
      state.setState({ restoring: null });
    },
    async restore() {
      const { flowId } = ports;
      const { restoring, restoreNote } = state.getState();
      if (!flowId || restoring === null) return;
      state.setState({ busy: true });
      try {
        const note = restoreNote.trim();
        const saved = await ports.restoreVersion(flowId, restoring, {
          version: ports.baseVersion() ?? undefined,
          ...(note && { note }),
        });
        ports.onRestored(saved);
        ports.restored(restoring);
        controller.backToEditing();
        state.setState({ restoring: null });
      } catch (error) {
        ports.failed(versionFailures.restoreFailed, error);
      } finally {
        state.setState({ busy: false });
        ports.versionsChanged(flowId);
      }
    },
  };
  return controller;
}
