// The canvas bench's floor: a bare @xyflow/react page (no editor-core, no layout, no dialogs) that renders the nodes
// and edges the bench hands it in `window.__floorGraph` before the page loads: the canvas's own nodes at the
// positions and sizes of its tree layout, its edges, and the view (pan and zoom) and pane size the canvas opened
// with, so both render the same part of the same flow. `window.__floorBench` records when its first render was
// painted; `window.__floorMove()` moves every node once (one setNodes) and answers when that was asked, as the
// canvas records an edit's new layout on screen (two animation frames after commit).
import { Position, ReactFlow, ReactFlowProvider, type Edge, type Node, type Viewport } from '@xyflow/react';

import '@xyflow/react/dist/style.css';

import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** What the bench reads from the canvas once it has opened (run.ts), and this page renders. */
interface FloorGraph {
  nodes: Array<{ id: string; x: number; y: number; width: number; height: number }>;
  edges: Array<{ source: string; target: string }>;
  viewport: Viewport;
  pane: { width: number; height: number };
}

declare global {
  interface Window {
    __floorGraph?: FloorGraph;
    __floorBench?: { firstPaintedAt: number | null; lastPaintedAt: number | null; renders: number };
    __floorMove?: () => number;
  }
}

const graph = window.__floorGraph;
if (!graph) throw new Error('The floor renders the graph the bench hands it in window.__floorGraph');

// Each node with its box and handles given, as the canvas gives them (graph.ts), so React Flow measures nothing: a
// node it has not measured counts as visible and is rendered, and a new node object without `measured` (a move)
// is not measured yet.
const firstNodes: Node[] = graph.nodes.map(({ id, x, y, width, height }) => ({
  id,
  position: { x, y },
  width,
  height,
  measured: { width, height },
  handles: [
    { type: 'target', position: Position.Top, x: width / 2, y: 0, width: 1, height: 1 },
    { type: 'source', position: Position.Bottom, x: width / 2, y: height, width: 1, height: 1 },
  ],
  data: { label: id },
}));
const edges: Edge[] = graph.edges.map(({ source, target }) => ({ id: `${source}-${target}`, source, target }));

window.__floorBench = { firstPaintedAt: null, lastPaintedAt: null, renders: 0 };

function Floor() {
  const [nodes, setNodes] = useState(firstNodes);
  const [moves, setMoves] = useState(0);
  useEffect(() => {
    window.__floorMove = () => {
      const at = performance.now();
      const shift = ((moves + 1) % 2) * 20;
      setNodes((current) =>
        current.map((node, i) => ({
          ...node,
          position: { x: (firstNodes[i] as Node).position.x + shift, y: node.position.y },
        })),
      );
      setMoves((n) => n + 1);
      return at;
    };
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const bench = window.__floorBench!;
        const now = performance.now();
        bench.firstPaintedAt ??= now;
        bench.lastPaintedAt = now;
        bench.renders++;
      }),
    );
  }, [moves]);
  // As the canvas opens: its view, only what is visible rendered, nothing draggable.
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      onlyRenderVisibleElements
      nodesDraggable={false}
      nodesConnectable={false}
      defaultViewport={graph!.viewport}
      minZoom={0.1}
      maxZoom={1.5}
    />
  );
}

const root = document.getElementById('root')!;
root.style.width = `${graph.pane.width}px`;
root.style.height = `${graph.pane.height}px`;
createRoot(root).render(
  <ReactFlowProvider>
    <Floor />
  </ReactFlowProvider>,
);
