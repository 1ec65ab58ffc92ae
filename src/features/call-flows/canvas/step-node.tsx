/**
 * One step on the canvas. Memoised, and each node selects only its own slice of the stores (its tree node,
 * its problems, whether it is selected or lit), so an edit re-renders the nodes it touched, not all of them.
 * Plain elements and CSS classes: no style computation per node at 2,000 nodes.
 */
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';

import { MSG_ENABLE_TOOLTIP, NODE_SPECS } from '@portal/editor-core';

import { useCanvas } from './canvas-context.ts';
import { problemsByNode } from './canvas-controller.ts';
import { nodeIndex, type StepFlowNode } from './graph.ts';
import { TypeIcon } from './icons.tsx';
import { NAVIGATION_KEYS, type NavigationKey } from './navigation.ts';
import { nodeLabel, nodeSummary } from './summary.ts';

const DIFF_WORDS = {
  added: 'Added in the newer version.',
  removed: 'Removed in the newer version.',
  changed: 'Changed in the newer version.',
} as const;

function StepNodeContent({ id }: { id: string }) {
  const { store, ui, actions, idPrefix, readOnly } = useCanvas();
  const node = useStore(store, (s) => nodeIndex(s.flow.data).get(id)?.node);
  const problems = useStore(store, (s) => problemsByNode(s.problems).get(id) ?? '');
  const selected = useStore(store, (s) => s.selection.includes(id));
  // Roving tabindex: one node of the canvas is in the tab order, the selected one or else the main number.
  const tabbable = useStore(store, (s) => (s.selection[0] ?? s.flow.data.id) === id);
  const onPath = useStore(ui, (s) => s.pathNodes.has(id));
  const diffMark = useStore(ui, (s) => s.diffMarks.get(id));
  const directory = useStore(ui, (s) => s.directory);
  const focusSeq = useStore(ui, (s) => (s.focusRequest?.id === id ? s.focusRequest.seq : 0));
  // Moving: this step is cut or dragged, or it is under a dragged step (may it go after this one?).
  const moveMark = useStore(ui, (s) =>
    s.moving === id || s.drag?.id === id
      ? 'moving'
      : s.drag?.overId === id
        ? s.drag.verdict === true
          ? 'drop-ok'
          : 'drop-refused'
        : null,
  );
  const leftToRight = useStore(ui, (s) => s.laidOutAs === 'layered');
  const bodyRef = useRef<HTMLDivElement>(null);
  const summary = useMemo(() => (node ? nodeSummary(node, directory) : ''), [node, directory]);

  useEffect(() => {
    if (focusSeq === 0 || !bodyRef.current) return;
    bodyRef.current.focus({ preventScroll: true });
    actions.focusDone(focusSeq);
  }, [focusSeq, actions]);

  if (!node) return null;
  const spec = NODE_SPECS[node.type];
  const invalid = problems !== '';
  const descriptionId = `${idPrefix}-desc-${id}`;
  const label = nodeLabel(node);
  const routeEnd =
    !readOnly && node.children.length === 0 && !spec.endsRoute && spec.maxChildren > 0 && node.type !== 'dial_menu';
  const canAddKey = !readOnly && node.type === 'dial_menu' && node.children.length < spec.maxChildren;
  const controlTabIndex = tabbable ? 0 : -1;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      actions.openDialog(id);
    } else if (NAVIGATION_KEYS.has(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      actions.navigate(id, event.key as NavigationKey);
    }
  };

  const className = [
    'cf-node',
    `cf-type-${node.type}`,
    invalid && 'cf-invalid',
    selected && 'cf-selected',
    onPath && 'cf-on-path',
    diffMark && `cf-diff-${diffMark}`,
    moveMark && `cf-${moveMark}`,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={className}
      data-step-id={id}
      onPointerEnter={() => actions.pointerOver(id)}
      onPointerLeave={() => actions.pointerOver(null)}
    >
      <Handle
        type="target"
        position={leftToRight ? Position.Left : Position.Top}
        isConnectable={false}
        className="cf-handle"
      />
      <div
        ref={bodyRef}
        className={readOnly ? 'cf-node-body' : 'cf-node-body nopan'}
        role="button"
        tabIndex={controlTabIndex}
        aria-label={label}
        aria-describedby={descriptionId}
        onClick={() => actions.select(id)}
        onPointerDown={(event) => {
          if (event.button === 0 && event.isPrimary) actions.pressStep(id, event.clientX, event.clientY);
        }}
        onDoubleClick={() => actions.openDialog(id)}
        onFocus={() => {
          if (!selected) actions.select(id);
        }}
        onKeyDown={onKeyDown}
      >
        <span className="cf-node-icon">
          {node.type === 'dial_menu_key' ? (
            <span className="cf-key">{String(node.args.target?.value ?? '?')}</span>
          ) : (
            <TypeIcon type={node.type} />
          )}
        </span>
        <span className="cf-node-text">
          <span className="cf-node-type">{spec.label}</span>
          <span className="cf-node-name">{node.name || '(no name)'}</span>
          <span className="cf-node-summary">{summary}</span>
        </span>
        {invalid && (
          <span className="cf-node-badge" aria-hidden="true">
            !
          </span>
        )}
      </div>
      <span id={descriptionId} hidden>
        {summary}
        {invalid ? `. Needs attention: ${MSG_ENABLE_TOOLTIP}. ${problems.split('\n').join('. ')}` : ''}
        {onPath ? '. On the test call’s path.' : ''}
        {diffMark ? `. ${DIFF_WORDS[diffMark]}` : ''}
        {moveMark === 'moving' ? '. Cut to move: select the step it goes after and press Ctrl+V.' : ''}
      </span>
      {invalid && (
        <div className="cf-tooltip" aria-hidden="true">
          <p>{MSG_ENABLE_TOOLTIP}</p>
          <ul>
            {problems.split('\n').map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <Handle
        type="source"
        position={leftToRight ? Position.Right : Position.Bottom}
        isConnectable={false}
        className="cf-handle"
      />
      {routeEnd && (
        <button
          type="button"
          className="cf-add cf-add-after nodrag nopan"
          tabIndex={controlTabIndex}
          aria-label={`Add a step after ${label}`}
          title="Add a step"
          onClick={() => actions.openPalette({ mode: 'append', parentId: id })}
        >
          +
        </button>
      )}
      {canAddKey && (
        <button
          type="button"
          className="cf-add-key nodrag nopan"
          tabIndex={controlTabIndex}
          aria-label={`Add a key to ${label}`}
          onClick={() => actions.addKey(id)}
        >
          + Key
        </button>
      )}
    </div>
  );
}

const MemoContent = memo(StepNodeContent);

/** React Flow passes a moved node new positions; the content only depends on the id, so a layout does not re-render it. */
function StepNodeComponent({ id }: NodeProps<StepFlowNode>) {
  return <MemoContent id={id} />;
}

export const StepNode = memo(StepNodeComponent);
