/**
 * A mini map that stays cheap at 2,000 nodes: the nodes are drawn once per layout on a <canvas>, and only the
 * viewport frame follows panning (React Flow's MiniMap subscribes once per node and re-checks every node on
 * every frame of a pan). Click or drag on it to move the view there.
 */
import { useStore as useFlowStore, useReactFlow } from '@xyflow/react';
import { useEffect, useMemo, useRef, type PointerEvent } from 'react';
import { useStore } from 'zustand';

import { useCanvas } from './canvas-context.ts';
import { problemsByNode } from './canvas-controller.ts';
import { emptyExtent, extendTo, isEmptyExtent, TYPE_COLORS, type StepFlowNode } from './graph.ts';

const WIDTH = 200;
const HEIGHT = 140;
const PAD = 6;

interface Frame {
  x: number;
  y: number;
  scale: number;
}

/** The scale and offset that fit the nodes' bounds into the map. */
export function mapFrame(
  nodes: readonly StepFlowNode[],
  width = WIDTH,
  height = HEIGHT,
): Frame & { bounds: { x: number; y: number; w: number; h: number } } {
  const flow = emptyExtent();
  for (const n of nodes) extendTo(flow, n.position.x, n.position.y, n.width ?? 0, n.height ?? 0);
  if (isEmptyExtent(flow)) return { x: 0, y: 0, scale: 1, bounds: { x: 0, y: 0, w: 0, h: 0 } };
  const { left: minX, top: minY } = flow;
  const w = Math.max(1, flow.right - minX);
  const h = Math.max(1, flow.bottom - minY);
  const scale = Math.min((width - 2 * PAD) / w, (height - 2 * PAD) / h);
  return {
    x: PAD + (width - 2 * PAD - w * scale) / 2 - minX * scale,
    y: PAD + (height - 2 * PAD - h * scale) / 2 - minY * scale,
    scale,
    bounds: { x: minX, y: minY, w, h },
  };
}

export function OverviewMap() {
  const { store, ui } = useCanvas();
  const reactFlow = useReactFlow();
  const nodes = useStore(ui, (s) => s.nodes);
  const problems = useStore(store, (s) => s.problems);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frame = useMemo(() => mapFrame(nodes), [nodes]);
  const [tx, ty, zoom] = useFlowStore((s) => s.transform);
  const paneWidth = useFlowStore((s) => s.width);
  const paneHeight = useFlowStore((s) => s.height);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = WIDTH * ratio;
    canvas.height = HEIGHT * ratio;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    const invalid = problemsByNode(problems);
    for (const n of nodes) {
      ctx.fillStyle = invalid.has(n.id) ? '#dc2626' : TYPE_COLORS[n.data.type];
      const w = Math.max(1, (n.width ?? 0) * frame.scale);
      const h = Math.max(1, (n.height ?? 0) * frame.scale);
      ctx.fillRect(frame.x + n.position.x * frame.scale, frame.y + n.position.y * frame.scale, w, h);
    }
  }, [nodes, problems, frame]);

  // The visible part of the flow, in map coordinates.
  const view = {
    left: frame.x + (-tx / zoom) * frame.scale,
    top: frame.y + (-ty / zoom) * frame.scale,
    width: (paneWidth / zoom) * frame.scale,
    height: (paneHeight / zoom) * frame.scale,
  };

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = (event.clientX - rect.left - frame.x) / frame.scale;
    const y = (event.clientY - rect.top - frame.y) / frame.scale;
    void reactFlow.setCenter(x, y, { zoom });
  };

  return (
    <div
      className="cf-overview nopan nowheel"
      role="img"
      aria-label="Overview of the whole call flow"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        moveTo(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event);
      }}
    >
      <canvas ref={canvasRef} style={{ width: WIDTH, height: HEIGHT }} />
      <div
        className="cf-overview-view"
        style={{ transform: `translate(${view.left}px, ${view.top}px)`, width: view.width, height: view.height }}
      />
    </div>
  );
}
