/**
 * The line from a step to the next, along the route the layout gave it (the tidy tree's or ELK's), with a "+" to
 * insert a step on it when some type fits there.
 */
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import { useStore } from 'zustand';

import { useCanvas } from './canvas-context.ts';
import { routeFits, routePath } from './edge-path.ts';
import { nodeIndex, type StepFlowEdge } from './graph.ts';
import { nodeLabel } from './summary.ts';

// Where the "+" sits: on the child's own drop, clear of the line other siblings share.
const ADD_OFFSET = 20;

function StepEdgeComponent({
  id,
  source,
  target,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  data,
}: EdgeProps<StepFlowEdge>) {
  const { store, ui, actions, readOnly } = useCanvas();
  const onPath = useStore(ui, (s) => s.pathEdges.has(id));
  const tabbable = useStore(store, (s) => (s.selection[0] ?? s.flow.data.id) === target);
  const targetName = useStore(store, (s) => {
    const node = nodeIndex(s.flow.data).get(target)?.node;
    return node ? nodeLabel(node) : '';
  });
  // The layout's route while it still joins the two steps; React Flow's own step path for a step placed
  // provisionally (before its layout) or moved away from where the layout put it.
  const points = data?.points;
  const path = routeFits(points, sourceX, sourceY, targetX, targetY)
    ? routePath(points)
    : getSmoothStepPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition, borderRadius: 6 })[0];
  const leftToRight = data?.arrangement === 'layered';

  return (
    <>
      <BaseEdge id={id} path={path} interactionWidth={0} className={onPath ? 'cf-edge cf-edge-on-path' : 'cf-edge'} />
      {data?.insertable && !readOnly && (
        <EdgeLabelRenderer>
          <button
            type="button"
            className="cf-add cf-add-between nodrag nopan"
            style={{
              transform: `translate(-50%, -50%) translate(${leftToRight ? targetX - ADD_OFFSET : targetX}px, ${leftToRight ? targetY : targetY - ADD_OFFSET}px)`,
            }}
            tabIndex={tabbable ? 0 : -1}
            aria-label={`Insert a step before ${targetName}`}
            title="Insert a step here"
            onClick={() => actions.openPalette({ mode: 'between', parentId: source, childId: target })}
          >
            +
          </button>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

export const StepEdge = memo(StepEdgeComponent);
