/**
 * The canvas's own state beside the editor store, without React: the React Flow graph built from the tree and
 * its layout, the layout worker, the test call's lit path, what is open (palette, dialog) and the clipboard.
 * Nothing here enters the undo history; every change to the flow goes through editor-core commands.
 */
import type { Viewport } from '@xyflow/react';
import { createStore, type StoreApi } from 'zustand/vanilla';

import {
  locate,
  type Arrangement,
  type EditorStore,
  type FlowLayout,
  type FlowNode,
  type NodePosition,
  type Problem,
} from '@portal/editor-core';

import {
  buildGraph,
  layoutSkeleton,
  nodeIndex,
  shapeHash,
  sizesById,
  type GraphCache,
  type RoutePoints,
  type StepFlowEdge,
  type StepFlowNode,
} from './graph.ts';
import { createLayoutClient, type LayoutClient, type LayoutWorker } from './layout-client.ts';
import type { PaletteTarget } from './palette.ts';
import { createDirectory, nodeLabel, type Directory } from './summary.ts';

export interface CanvasUiState {
  /**
   * The view React Flow opens at (null: React Flow's default) and the pane's size then: undefined until the canvas's
   * first layout, when React Flow is mounted at that view, so the first paint with steps shows them where they belong
   * and React Flow is handed only the steps near it from the start.
   */
  opening: { view: Viewport | null; width: number; height: number } | undefined;
  nodes: StepFlowNode[];
  edges: StepFlowEdge[];
  /** No layout yet for this tree (first open, or after the page reloaded the flow). */
  waitingForLayout: boolean;
  /** A layout is computing (the canvas keeps the previous positions meanwhile). */
  layoutBusy: boolean;
  layoutError: string | null;
  /** The arrangement the user chose (the tidy tree, or ELK's layered left to right). */
  arrangement: Arrangement;
  /** The arrangement of the layout on screen (the chosen one once its layout has arrived). */
  laidOutAs: Arrangement;
  /** What the last test call went through. */
  pathNodes: ReadonlySet<string>;
  pathEdges: ReadonlySet<string>;
  /** Steps marked by a comparison of two versions (CSS class cf-diff-added / -removed / -changed). */
  diffMarks: ReadonlyMap<string, DiffMark>;
  /** The flow changed since the last test call (its path is no longer shown). */
  testOutdated: boolean;
  /** A node to move keyboard focus to once it is on screen. */
  focusRequest: { id: string; seq: number } | null;
  palette: PaletteTarget | null;
  dialogNodeId: string | null;
  clipboard: FlowNode | null;
  /** A step cut to be moved (Ctrl+X), waiting for Ctrl+V on the step it goes after; Escape cancels. */
  moving: string | null;
  /** A step being dragged: where the pointer is, the step under it and whether the step may go after that one (true, or why not). */
  drag: { id: string; x: number; y: number; overId: string | null; verdict: true | string | null } | null;
  /** Shown on the canvas until dismissed or the next gesture: why a drop or a paste was refused. */
  notice: string | null;
  /** Said by a second live region when the selected step changes: its type, name and whether it needs attention. */
  selectionSpeech: string;
  /** Said by the live region. */
  announcement: { text: string; seq: number };
  directory: Directory;
  /** Moves on when the page's users or holidays change, so what reads them (the checks) is worked out again. */
  servicesSeq: number;
}

const EMPTY: ReadonlySet<string> = new Set();

/** How a comparison of two versions marks a step. */
export type DiffMark = 'added' | 'removed' | 'changed';

export interface LayoutAppliedInfo {
  first: boolean;
  /** The first layout in a newly chosen arrangement. */
  rearranged: boolean;
  nodeCount: number;
  layoutMs: number;
  /** How far the new layout moved the step the user is on (the one under the pointer, else the selected one, else the main number), to keep it still on screen. */
  anchorShift: { dx: number; dy: number } | null;
}

export interface CanvasController {
  ui: StoreApi<CanvasUiState>;
  /** Subscribes to the editor store and starts the layout worker; answers the stop function. */
  start(): () => void;
  announce(text: string): void;
  requestFocus(id: string): void;
  /** Replaces the layout listener (the component's latest one). */
  setLayoutListener(listener: ((info: LayoutAppliedInfo) => void) | undefined): void;
  /** The pointer is over a step (or left it: null): a new layout keeps that step still, so a press on it is not lost. */
  setPointerOver(id: string | null): void;
  /** Where a step is drawn now (laid out, or placed under its parent until the next layout). */
  drawnAt(id: string): { x: number; y: number } | undefined;
  /** Lays the flow out in another arrangement (the current layout stays on screen until the new one arrives). */
  setArrangement(arrangement: Arrangement): void;
}

export interface CanvasControllerOptions {
  createWorker: () => LayoutWorker;
  /** The arrangement to open in (the tidy tree by default). */
  arrangement?: Arrangement;
}

const problemsCache = new WeakMap<readonly Problem[], ReadonlyMap<string, string>>();

/** Problem messages per node id, joined by newlines (a string, so a node's selector answer stays equal while its problems do). */
export function problemsByNode(problems: readonly Problem[]): ReadonlyMap<string, string> {
  let map = problemsCache.get(problems);
  if (!map) {
    const lists = new Map<string, string[]>();
    for (const p of problems) {
      if (p.nodeId === null) continue;
      const list = lists.get(p.nodeId) ?? [];
      if (!list.includes(p.message)) list.push(p.message);
      lists.set(p.nodeId, list);
    }
    map = new Map([...lists].map(([id, list]) => [id, list.join('\n')]));
    problemsCache.set(problems, map);
  }
  return map;
}

/** What a screen reader hears when a step is selected: its type, its name and whether it is complete, e.g. 'Selected Transfer: Sales team. Complete.' */
export function selectionSpeech(root: FlowNode, id: string | undefined, problems: readonly Problem[]): string {
  const node = id === undefined ? undefined : locate(root, id)?.node;
  if (!node) return '';
  const issues = problemsByNode(problems).get(node.id);
  return `Selected ${nodeLabel(node)}. ${issues ? `Needs attention: ${issues.split('\n').join('. ')}` : 'Complete.'}`;
}

export function positionsFrom(layout: FlowLayout): Record<string, NodePosition> {
  const positions: Record<string, NodePosition> = {};
  for (const n of layout.nodes) positions[n.id] = { x: n.x, y: n.y, width: n.width, height: n.height };
  return positions;
}

export function createCanvasController(store: EditorStore, options: CanvasControllerOptions): CanvasController {
  const ui = createStore<CanvasUiState>()(() => ({
    opening: undefined,
    nodes: [],
    edges: [],
    waitingForLayout: true,
    layoutBusy: false,
    layoutError: null,
    arrangement: options.arrangement ?? 'tree',
    laidOutAs: options.arrangement ?? 'tree',
    pathNodes: EMPTY,
    pathEdges: EMPTY,
    diffMarks: new Map(),
    testOutdated: false,
    focusRequest: null,
    palette: null,
    dialogNodeId: null,
    clipboard: null,
    moving: null,
    drag: null,
    notice: null,
    selectionSpeech: '',
    announcement: { text: '', seq: 0 },
    directory: createDirectory([], []),
    servicesSeq: 0,
  }));

  let cache: GraphCache | undefined;
  let focusSeq = 0;
  let pointerOver: string | null = null;
  let onLayoutApplied: ((info: LayoutAppliedInfo) => void) | undefined;
  // The routes of the layout on screen, by edge id.
  let routes: ReadonlyMap<string, RoutePoints> = new Map();
  // Set by start(): asks for a layout when the tree or the arrangement has changed.
  let relayout: (() => void) | null = null;

  const rebuild = () => {
    const { flow, positions } = store.getState();
    if (!positions[flow.data.id]) {
      cache = undefined;
      ui.setState({ nodes: [], edges: [], waitingForLayout: true });
      return;
    }
    const graph = buildGraph(flow.data, positions, cache, { arrangement: ui.getState().laidOutAs, routes });
    cache = graph.cache;
    ui.setState({ nodes: graph.nodes, edges: graph.edges, waitingForLayout: false });
  };

  return {
    ui,
    announce(text) {
      ui.setState((s) => ({ announcement: { text, seq: s.announcement.seq + 1 } }));
    },
    requestFocus(id) {
      ui.setState({ focusRequest: { id, seq: ++focusSeq } });
    },
    setLayoutListener(listener) {
      onLayoutApplied = listener;
    },
    setPointerOver(id) {
      pointerOver = id;
    },
    drawnAt(id) {
      return cache?.nodes.get(id)?.position;
    },
    setArrangement(arrangement) {
      if (ui.getState().arrangement === arrangement) return;
      ui.setState({ arrangement });
      relayout?.();
    },
    start() {
      let requestedShape: string | null = null;
      let client: LayoutClient | null = null;

      /**
       * Asks for a layout when the flow's shape or the arrangement changed, or when the flow has no positions (a
       * flow loaded in place of another, even of the same shape, starts without them); answers whether it asked.
       */
      const layout = (): boolean => {
        const { flow, positions } = store.getState();
        const root = flow.data;
        const { arrangement } = ui.getState();
        const shape = `${arrangement}:${shapeHash(root)}`;
        if ((shape === requestedShape && positions[root.id]) || !client) return false;
        requestedShape = shape;
        // Busy before the request: a worker may answer before request() returns.
        ui.setState({ layoutBusy: true, layoutError: null });
        // The worker (the layered arrangement) is sent only what the layout reads; the tidy tree, laid out in this
        // thread, reads the tree itself.
        const data = arrangement === 'layered' ? layoutSkeleton(root) : root;
        client.request({ id: null, name: '', enable: false, data }, sizesById(root), arrangement);
        return true;
      };
      /** The step itself if it is drawn, else its nearest drawn ancestor (a step just added to a large flow is not drawn until laid out). */
      const drawnAnchor = (root: FlowNode, id: string): string | null => {
        const index = nodeIndex(root);
        for (let at: string | null = id; at !== null; at = index.get(at)?.parentId ?? null)
          if (cache?.nodes.has(at)) return at;
        return null;
      };
      relayout = layout;

      client = createLayoutClient(options.createWorker(), {
        onLayout: (result, { ms, arrangement }) => {
          const state = store.getState();
          const first = !state.positions[state.flow.data.id];
          const rearranged = !first && arrangement !== ui.getState().laidOutAs;
          // A press on a step that moves between pointerdown and pointerup is no click: the step under the pointer stays put.
          const wanted =
            (pointerOver !== null && cache?.nodes.has(pointerOver) ? pointerOver : null) ??
            state.selection[0] ??
            state.flow.data.id;
          const anchor = drawnAnchor(state.flow.data, wanted) ?? wanted;
          // Where the anchor is drawn now: its laid-out position, or the provisional one under its parent.
          const before = cache?.nodes.get(anchor)?.position;
          const positions = positionsFrom(result);
          const after = positions[anchor];
          routes = new Map(result.edges.map((e) => [e.id, e.points]));
          // Before the positions, whose change rebuilds the graph with these routes and handles.
          ui.setState({ laidOutAs: arrangement });
          state.setPositions(positions);
          ui.setState({ layoutBusy: client?.busy() ?? false });
          const anchorShift =
            !first && !rearranged && before && after && (before.x !== after.x || before.y !== after.y)
              ? { dx: after.x - before.x, dy: after.y - before.y }
              : null;
          onLayoutApplied?.({ first, rearranged, nodeCount: result.nodes.length, layoutMs: ms, anchorShift });
        },
        onError: (message) => {
          // Let the next change try again; meanwhile the flow as it is, drawn where its steps were.
          requestedShape = null;
          rebuild();
          ui.setState({ layoutBusy: false, layoutError: message });
        },
      });

      const unsubscribe = store.subscribe((state, prev) => {
        const treeChanged = state.flow.data !== prev.flow.data;
        if (
          state.selection[0] !== prev.selection[0] ||
          (state.selection[0] !== undefined && state.problems !== prev.problems)
        ) {
          ui.setState({ selectionSpeech: selectionSpeech(state.flow.data, state.selection[0], state.problems) });
        }
        // A cut step that an undo (or another edit) took away is no longer waiting to move.
        const moving = ui.getState().moving;
        if (treeChanged && moving !== null && !locate(state.flow.data, moving)) ui.setState({ moving: null });
        // The layout is asked for first. The tidy tree is answered at once: its positions, set meanwhile, have
        // drawn the edit, laid out, and nothing is left to draw here. ELK's arrangement takes seconds on a large
        // flow: until its layout arrives the edit is drawn at once, provisionally (a new step under its parent).
        const asked = treeChanged && layout();
        const answered = asked && !(client?.busy() ?? false);
        const drawNow = !answered && (state.positions !== prev.positions || treeChanged);
        if (drawNow) rebuild();
        if (treeChanged && ui.getState().pathNodes.size > 0)
          ui.setState({ pathNodes: EMPTY, pathEdges: EMPTY, testOutdated: true });
      });
      rebuild();
      layout();
      return () => {
        unsubscribe();
        relayout = null;
        client?.dispose();
        client = null;
      };
    },
  };
}
