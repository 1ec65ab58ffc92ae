/**
 * The call-flow canvas: React Flow over an editor-core store. It renders the store's tree at the positions the
 * layout worker computed and turns clicks, keys and dialogs into editor-core commands; every rule stays in
 * editor-core.
 */
import '@xyflow/react/dist/style.css';
import './canvas.css';

import {
  ControlButton,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useStore as useFlowStore,
  useReactFlow,
  useStoreApi,
  type EdgeTypes,
  type NodeTypes,
} from '@xyflow/react';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';

import type { Arrangement } from '@portal/editor-core';

import { MOBILE_MEDIA_QUERY } from '../../../config/breakpoints.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { createCanvasActions, togglePanel, type CanvasPanel } from './canvas-actions.ts';
import { CanvasContext, type CanvasContextValue } from './canvas-context.ts';
import { createCanvasController, problemsByNode } from './canvas-controller.ts';
import { listenForCanvasShortcuts } from './canvas-shortcuts.ts';
import { useCanvasView, useNearView } from './canvas-view.ts';
import { ChecksPanel } from './checks-panel.tsx';
import { NodeDialog } from './dialog/node-dialog.tsx';
import { NODE_SIZES, nodeIndex, type StepFlowNode } from './graph.ts';
import { leaseLayoutWorker } from './layout-worker-pool.ts';
import { DragGhost, MoveNotice, stepAt } from './move-views.tsx';
import { OverviewMap } from './overview-map.tsx';
import { PaletteDialog } from './palette-dialog.tsx';
import { createStepDrag } from './step-drag.ts';
import { StepEdge } from './step-edge.tsx';
import { StepNode } from './step-node.tsx';
import { createDirectory } from './summary.ts';
import { TestCallPanel } from './test-call-panel.tsx';
import { Toolbar } from './toolbar.tsx';
import type { CallFlowCanvasProps } from './types.ts';

const nodeTypes: NodeTypes = { step: StepNode };
const edgeTypes: EdgeTypes = { step: StepEdge };

const ARIA_LABELS = {
  'controls.ariaLabel': 'Zoom controls',
  'controls.zoomIn.ariaLabel': 'Zoom in',
  'controls.zoomOut.ariaLabel': 'Zoom out',
};
// The zoom controls' fit button is the canvas's own: React Flow's fits the steps it holds, only those near the view.
const FIT_WHOLE_FLOW = 'Fit the whole call flow in view';
/** The four corners of React Flow's own fit-view button, whose place this one takes. */
const FIT_ICON =
  'M3.692 4.63c0-.53.4-.938.939-.938h5.215V0H4.708C2.13 0 0 2.054 0 4.63v5.216h3.692V4.631zM27.354 0h-5.2v3.692h5.17c.53 0 .984.4.984.939v5.215H32V4.631A4.624 4.624 0 0027.354 0zm.954 24.83c0 .532-.4.94-.939.94h-5.215v3.768h5.215c2.577 0 4.631-2.13 4.631-4.707v-5.139h-3.692v5.139zm-23.677.94c-.531 0-.939-.4-.939-.94v-5.138H0v5.139c0 2.577 2.13 4.707 4.708 4.707h5.138V25.77H4.631z';

/** Below this zoom the nodes drop their text (CSS only), which keeps a zoomed-out 2,000-node flow cheap to paint. */
const LOW_DETAIL_ZOOM = 0.3;

const storeKeys = new WeakMap<CallFlowCanvasProps['store'], number>();
let nextStoreKey = 1;
/** A key per store, so a page that hands over a new store gets a fresh canvas (controller, worker lease, view). */
function storeKey(store: CallFlowCanvasProps['store']): number {
  let key = storeKeys.get(store);
  if (key === undefined) {
    key = nextStoreKey++;
    storeKeys.set(store, key);
  }
  return key;
}

/** The canvas; it fills its parent, which gives it its height. */
export function CallFlowCanvas(props: CallFlowCanvasProps) {
  return (
    <ReactFlowProvider key={storeKey(props.store)}>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}

function Canvas({
  store,
  services,
  onLayoutPainted,
  readOnly = false,
  diffMarks,
  versionsPanel,
  versionsOpen: startWithVersions = false,
  arrangement: startArrangement,
  onArrangementChange,
  'aria-label': ariaLabel = 'Call flow canvas',
}: CallFlowCanvasProps) {
  const reactFlow = useReactFlow<StepFlowNode>();
  const flowStore = useStoreApi<StepFlowNode>();
  const idPrefix = useId().replace(/:/g, '');
  const regionRef = useRef<HTMLElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [openPanel, setOpenPanel] = useState<CanvasPanel | null>(
    startWithVersions && versionsPanel !== undefined ? 'versions' : null,
  );
  const [mapOpen, setMapOpen] = useState(false);
  const toggle = (panel: CanvasPanel) => setOpenPanel((open) => togglePanel(open, panel));
  const close = () => setOpenPanel(null);

  const [controller] = useState(() =>
    createCanvasController(store, { createWorker: leaseLayoutWorker, arrangement: startArrangement }),
  );
  const { ui } = controller;
  const [stepDrag] = useState(() => createStepDrag(store, ui));

  // The latest props, for callbacks that live as long as the canvas.
  const latestServices = useRef(services);
  // Brings a step on screen.
  const reveal = useCallback(
    (id: string) => {
      const s = store.getState();
      const entry = nodeIndex(s.flow.data).get(id);
      // A step just added has no layout yet: it is drawn under its parent until the next one.
      const pos = s.positions[id] ?? controller.drawnAt(id);
      if (!entry || !pos) return;
      const size = NODE_SIZES[entry.node.type];
      const { width, height } = flowStore.getState();
      const { x, y, zoom } = reactFlow.getViewport();
      const left = pos.x * zoom + x;
      const top = pos.y * zoom + y;
      const margin = 40;
      if (
        left < margin ||
        top < margin ||
        left + size.width * zoom > width - margin ||
        top + size.height * zoom > height - margin
      ) {
        void reactFlow.setCenter(pos.x + size.width / 2, pos.y + size.height / 2, { zoom: Math.max(zoom, 0.5) });
      }
    },
    [store, controller, flowStore, reactFlow],
  );
  const { fitWholeFlow, showFirstView, showPath } = useCanvasView(store, ui, stageRef, mobile ? 'phone' : 'desktop');
  // Set before the canvas starts (below), so the first layout finds it.
  useLayoutEffect(() => {
    latestServices.current = services;
    controller.setLayoutListener((info) => {
      if (info.first || info.rearranged) {
        showFirstView();
      } else if (info.anchorShift) {
        // Keep the step the user is on where it was: the rest of the flow moves around it, not under it.
        const { x, y, zoom } = reactFlow.getViewport();
        void reactFlow.setViewport({ x: x - info.anchorShift.dx * zoom, y: y - info.anchorShift.dy * zoom, zoom });
      }
      // A step waiting for focus that had no place on screen yet (one just added to a large flow) is brought into
      // view now that it has one, so it is drawn and takes the focus.
      const waiting = ui.getState().focusRequest;
      if (waiting && !info.first) reveal(waiting.id);
      // Two frames: the first renders the new positions, the second starts once that one is painted.
      requestAnimationFrame(() =>
        requestAnimationFrame(() =>
          onLayoutPainted?.({ first: info.first, nodeCount: info.nodeCount, layoutMs: info.layoutMs }),
        ),
      );
    });
  });

  // Started before the first paint: the tidy tree is laid out at once, so the canvas's first paint shows the flow.
  useLayoutEffect(() => {
    const stop = controller.start();
    // A flow laid out before (a version shown again, side by side) has its positions: no first layout comes.
    if (!ui.getState().waitingForLayout) showFirstView();
    return stop;
    // Once per controller: showFirstView reads the latest state when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller]);
  const opening = useStore(ui, (s) => s.opening);

  // Arrangement (tidy tree or ELK's layered, left to right): the toolbar's switch, remembered by the page.
  const arrangement = useStore(ui, (s) => s.arrangement);
  // The arrangement on screen, which the arrow keys follow (the chosen one once its layout has arrived).
  const laidOutAs = useStore(ui, (s) => s.laidOutAs);
  const chooseArrangement = (next: Arrangement) => {
    controller.setArrangement(next);
    onArrangementChange?.(next);
  };
  // The page's remembered arrangement may arrive after the canvas opened (the user still loading).
  useEffect(() => {
    if (startArrangement) controller.setArrangement(startArrangement);
  }, [controller, startArrangement]);

  useEffect(() => {
    ui.setState({ diffMarks: diffMarks ?? new Map() });
  }, [ui, diffMarks]);

  useEffect(() => {
    ui.setState({ directory: createDirectory(services.siteUsers, services.audioFiles) });
  }, [ui, services.siteUsers, services.audioFiles]);
  // After the effect above has kept the latest services: the checks read them when they render.
  useEffect(() => {
    ui.setState((s) => ({ servicesSeq: s.servicesSeq + 1 }));
  }, [ui, services.siteUsers, services.holidays]);

  const context = useMemo<CanvasContextValue>(() => {
    const actions = createCanvasActions({
      store,
      ui,
      controller,
      stepDrag,
      readOnly,
      reveal,
      stepAt,
      pointerEvents: window,
    });
    return { store, ui, actions, idPrefix, readOnly, services: () => latestServices.current };
  }, [store, ui, controller, stepDrag, reveal, idPrefix, readOnly]);
  const { actions } = context;

  useEffect(
    () => listenForCanvasShortcuts(() => regionRef.current, { store, ui, actions, stepDrag, readOnly }),
    [store, ui, actions, stepDrag, readOnly],
  );

  const { nodes, edges } = useNearView(
    useStore(ui, (s) => s.nodes),
    useStore(ui, (s) => s.edges),
    opening,
  );
  const waiting = useStore(ui, (s) => s.waitingForLayout);
  const arranging = useStore(ui, (s) => s.layoutBusy || s.waitingForLayout);
  const layoutError = useStore(ui, (s) => s.layoutError);
  const palette = useStore(ui, (s) => s.palette);
  const dialogNodeId = useStore(ui, (s) => s.dialogNodeId);
  const announcement = useStore(ui, (s) => s.announcement);
  const selectionSpeech = useStore(ui, (s) => s.selectionSpeech);
  const lowDetail = useFlowStore((s) => s.transform[2] < LOW_DETAIL_ZOOM);

  const nextProblem = () => {
    const s = store.getState();
    const invalid = problemsByNode(s.problems);
    if (invalid.size === 0) return;
    const order = [...nodeIndex(s.flow.data).keys()].filter((id) => invalid.has(id));
    const at = s.selection[0] ? order.indexOf(s.selection[0]) : -1;
    const next = order[(at + 1) % order.length];
    if (next) actions.focusNode(next);
  };

  const versionPanelShown = openPanel === 'versions' && versionsPanel !== undefined;
  const className = [
    'cf-canvas',
    mobile && 'cf-mobile',
    lowDetail && 'cf-low-detail',
    openPanel !== null && 'cf-with-panel',
    readOnly && 'cf-read-only',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <CanvasContext.Provider value={context}>
      <section ref={regionRef} className={className} aria-label={ariaLabel} aria-busy={arranging}>
        <Toolbar
          openPanel={openPanel}
          onTogglePanel={toggle}
          versionsOffered={versionsPanel !== undefined}
          versionsOpen={versionPanelShown}
          readOnly={readOnly}
          mapOpen={mapOpen}
          onToggleMap={() => setMapOpen((open) => !open)}
          mobile={mobile}
          onNextProblem={nextProblem}
          arrangement={arrangement}
          onArrangementChange={chooseArrangement}
        />
        <p id={`${idPrefix}-help`} className="cf-sr-only">
          Each step of the call flow is a button. Arrow keys move between steps:{' '}
          {laidOutAs === 'layered'
            ? 'left to the step before, right to the next, up and down between routes'
            : 'up to the step before, down to the next, left and right between routes'}
          . Enter edits a step; Delete removes it; Ctrl+C and Ctrl+V copy and paste steps. To move a step with the steps
          after it, press Ctrl+X on it, then Ctrl+V on the step it goes after (Escape cancels), or drag it onto that
          step.
        </p>
        <div className="cf-body">
          <div className="cf-stage" ref={stageRef}>
            {opening !== undefined && (
              <ReactFlow<StepFlowNode>
                defaultViewport={opening.view ?? undefined}
                nodes={nodes}
                edges={edges}
                nodeTypes={nodeTypes}
                edgeTypes={edgeTypes}
                onlyRenderVisibleElements
                nodesDraggable={false}
                nodesConnectable={false}
                nodesFocusable={false}
                edgesFocusable={false}
                elementsSelectable={false}
                disableKeyboardA11y
                deleteKeyCode={null}
                selectionKeyCode={null}
                multiSelectionKeyCode={null}
                zoomOnDoubleClick={false}
                minZoom={0.1}
                maxZoom={1.5}
                onPaneClick={() => actions.select(null)}
                ariaLabelConfig={ARIA_LABELS}
                aria-label="Call flow diagram"
                aria-describedby={`${idPrefix}-help`}
              >
                <Controls showInteractive={false} showFitView={false} position="bottom-left">
                  <ControlButton
                    className="react-flow__controls-fitview"
                    onClick={fitWholeFlow}
                    title={FIT_WHOLE_FLOW}
                    aria-label={FIT_WHOLE_FLOW}
                  >
                    <svg viewBox="0 0 32 30" aria-hidden="true" focusable="false">
                      <path d={FIT_ICON} />
                    </svg>
                  </ControlButton>
                </Controls>
              </ReactFlow>
            )}
            {(!mobile || mapOpen) && !waiting && <OverviewMap />}
            {waiting && (
              <div className="cf-overlay" role="status">
                {layoutError ? `The call flow could not be laid out: ${layoutError}` : 'Arranging the call flow…'}
              </div>
            )}
            <MoveNotice />
            {!waiting && layoutError && (
              <div className="cf-banner" role="alert">
                The layout could not be updated: {layoutError}. Your changes are kept.
              </div>
            )}
          </div>
          {openPanel === 'test' && <TestCallPanel onClose={close} onShowPath={showPath} />}
          {openPanel === 'checks' && <ChecksPanel onClose={close} />}
          {versionPanelShown && versionsPanel(close)}
        </div>
        <div className="cf-sr-only" aria-live="polite" aria-atomic="true">
          {announcement.text}
        </div>
        <div className="cf-sr-only" aria-live="polite" aria-atomic="true">
          {selectionSpeech}
        </div>
        <DragGhost />
        {palette && <PaletteDialog target={palette} />}
        {dialogNodeId && <NodeDialog key={dialogNodeId} nodeId={dialogNodeId} />}
      </section>
    </CanvasContext.Provider>
  );
}
