// The canvas bench's floor: a bare @xyflow/react page with the same number of nodes and edges as the canvas's flow
// (`?nodes=`), at fixed positions in a tree-like grid (no editor-core, no layout, no dialogs). `window.__floorBench`
// records when its first render was painted; `window.__floorMove()` moves every node once (one setNodes) and answers
// when that was painted, as the canvas records an edit's new layout on screen (two animation frames after commit).
import { ReactFlow, ReactFlowProvider, type Edge, type Node } from '@xyflow/react';

import '@xyflow/react/dist/style.css';

import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

declare global {
  interface Window {
    __floorBench?: { firstPaintedAt: number | null; lastPaintedAt: number | null; renders: number };
    __floorMove?: () => number;
  }
}

const count = Math.max(
  1,
  Math.min(5000, Number(new URLSearchParams(window.location.search).get('nodes') ?? 200) || 200),
);
const COLUMNS = 40;
const place = (i: number, shift: number) => ({ x: (i % COLUMNS) * 280 + shift, y: Math.floor(i / COLUMNS) * 140 });
const firstNodes: Node[] = Array.from({ length: count }, (_, i) => ({
  id: String(i),
  position: place(i, 0),
  data: { label: `Step ${i}` },
}));
// A tree, as a flow is: each node after the first hangs under an earlier one.
const edges: Edge[] = Array.from({ length: count - 1 }, (_, i) => ({
  id: `e${i + 1}`,
  source: String(Math.floor(i / 3)),
  target: String(i + 1),
}));

window.__floorBench = { firstPaintedAt: null, lastPaintedAt: null, renders: 0 };

function Floor() {
  const [nodes, setNodes] = useState(firstNodes);
  const [moves, setMoves] = useState(0);
  useEffect(() => {
    window.__floorMove = () => {
      const at = performance.now();
      setNodes((current) => current.map((node, i) => ({ ...node, position: place(i, ((moves + 1) % 2) * 20) })));
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
  // As the canvas opens: the whole flow fitted in view, only what is visible rendered, nothing draggable.
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      onlyRenderVisibleElements
      nodesDraggable={false}
      nodesConnectable={false}
      fitView
      fitViewOptions={{ padding: 0.1, maxZoom: 1, minZoom: 0.1 }}
      minZoom={0.1}
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <ReactFlowProvider>
    <Floor />
  </ReactFlowProvider>,
);
