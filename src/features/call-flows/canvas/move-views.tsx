/** What a move by drag shows: a label that follows the pointer, and why a drop or a paste was refused. */
import { useStore } from 'zustand';

import { useCanvas } from './canvas-context.ts';
import { nodeIndex } from './graph.ts';
import { nodeLabel } from './summary.ts';

/** The step under a point of the page (its `data-step-id`), or null. */
export function stepAt(x: number, y: number): string | null {
  const element = document.elementFromPoint(x, y);
  return element?.closest<HTMLElement>('[data-step-id]')?.dataset.stepId ?? null;
}

/** Follows the pointer while a step is dragged: what moves, and whether it may go after the step under the pointer. */
export function DragGhost() {
  const { store, ui } = useCanvas();
  const drag = useStore(ui, (s) => s.drag);
  const label = useStore(store, (s) => {
    const node = drag ? nodeIndex(s.flow.data).get(drag.id)?.node : undefined;
    return node ? nodeLabel(node) : '';
  });
  if (!drag) return null;
  const refused = typeof drag.verdict === 'string';
  return (
    <div
      className={refused ? 'cf-drag-ghost cf-drag-refused' : 'cf-drag-ghost'}
      style={{ transform: `translate(${drag.x + 14}px, ${drag.y + 14}px)` }}
      aria-hidden="true"
    >
      <strong>{label}</strong>
      {drag.verdict === true && <span>Drop to move it after this step</span>}
      {refused && <span>{drag.verdict}</span>}
    </div>
  );
}

/** Why the last drop or paste was refused, on screen until dismissed or the next move (the live region says it too). */
export function MoveNotice() {
  const { ui } = useCanvas();
  const notice = useStore(ui, (s) => s.notice);
  if (!notice) return null;
  return (
    <div className="cf-banner cf-move-notice">
      <span>{notice}</span>
      <button
        type="button"
        className="cf-notice-close"
        aria-label="Dismiss"
        onClick={() => ui.setState({ notice: null })}
      >
        ×
      </button>
    </div>
  );
}
