/**
 * The canvas's view (pan and zoom) over React Flow: the view a flow opens at, fitting the whole flow or a test call's
 * path, and the steps React Flow is given, those near the view (view-window.ts). React Flow holds only those, so
 * whatever needs the whole flow reads the layout's positions from the editor store.
 */
import { useReactFlow, useStoreApi, type Rect } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import type { StoreApi } from 'zustand';

import type { EditorStore } from '@portal/editor-core';

import type { CanvasUiState } from './canvas-controller.ts';
import { firstView, type StepFlowEdge, type StepFlowNode } from './graph.ts';
import { areaAround, areaServes, nearArea, viewFitting, viewRect, type FitOptions } from './view-window.ts';

const WHOLE_FLOW_FIT: FitOptions = { padding: 0.1, maxZoom: 1, minZoom: 0.1 };
const PATH_FIT: FitOptions = { padding: 0.2, maxZoom: 1, minZoom: 0.25 };

export function useCanvasView(
  store: EditorStore,
  ui: StoreApi<CanvasUiState>,
  stageRef: RefObject<HTMLElement | null>,
  screen: 'desktop' | 'phone',
) {
  const reactFlow = useReactFlow<StepFlowNode>();
  const flowStore = useStoreApi<StepFlowNode>();
  // The pane's size: React Flow's, or the stage's before React Flow is mounted.
  const paneSize = useCallback((): { width: number; height: number } => {
    const { width, height } = flowStore.getState();
    if (width > 0 && height > 0) return { width, height };
    const stage = stageRef.current?.getBoundingClientRect();
    return { width: stage?.width ?? 0, height: stage?.height ?? 0 };
  }, [flowStore, stageRef]);
  const fitting = (boxes: Iterable<{ x: number; y: number; width: number; height: number }>, options: FitOptions) => {
    const { width, height } = paneSize();
    return viewFitting(boxes, width, height, options);
  };
  const wholeFlowView = () => fitting(Object.values(store.getState().positions), WHOLE_FLOW_FIT);
  return {
    /** The whole flow in view (the zoom controls' button). */
    fitWholeFlow() {
      const view = wholeFlowView();
      if (view) void reactFlow.setViewport(view);
    },
    /**
     * The view a flow opens at (a big flow on its start, a small one whole). React Flow is mounted with the first
     * layout, at that view (`opening`); once mounted, it is moved there (a new arrangement, a flow loaded in
     * place of another).
     */
    showFirstView() {
      const { width, height } = paneSize();
      const { flow, positions } = store.getState();
      const view = firstView(flow.data, positions, width, height, screen) ?? wholeFlowView();
      if (!flowStore.getState().panZoom) {
        if (ui.getState().opening === undefined) ui.setState({ opening: { view, width, height } });
      } else if (view) void reactFlow.setViewport(view);
    },
    /** A test call's path in view, moving there. */
    showPath(ids: string[]) {
      const { positions } = store.getState();
      const view = fitting(
        ids.flatMap((id) => positions[id] ?? []),
        PATH_FIT,
      );
      if (view) void reactFlow.setViewport(view, { duration: 200 });
    },
  };
}

/**
 * The steps and edges React Flow is given: those in an area around the view (view-window.ts), which follows the
 * view when it leaves that area. Until React Flow has measured its pane, the area around the opening view (so its
 * first render holds only those steps); without one either, all of them.
 */
export function useNearView(
  nodes: StepFlowNode[],
  edges: StepFlowEdge[],
  opening: CanvasUiState['opening'],
): { nodes: StepFlowNode[]; edges: StepFlowEdge[] } {
  const flowStore = useStoreApi<StepFlowNode>();
  const [followed, setArea] = useState<Rect | null>(null);
  const area = useMemo(() => {
    if (followed || !opening?.view || !(opening.width > 0) || !(opening.height > 0)) return followed;
    const { x, y, zoom } = opening.view;
    return areaAround(viewRect([x, y, zoom], opening.width, opening.height));
  }, [followed, opening]);
  useEffect(() => {
    const follow = ({
      transform,
      width,
      height,
    }: {
      transform: [number, number, number];
      width: number;
      height: number;
    }) => {
      if (!(width > 0) || !(height > 0)) return;
      const view = viewRect(transform, width, height);
      setArea((current) => (current && areaServes(current, view) ? current : areaAround(view)));
    };
    follow(flowStore.getState());
    return flowStore.subscribe(follow);
  }, [flowStore]);
  return useMemo(() => nearArea(nodes, edges, area), [nodes, edges, area]);
}
