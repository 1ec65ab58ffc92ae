/**
 * Dragging a step onto another one to move it there, without React or the DOM: the canvas feeds it the pointer
 * (and the step under it) and it keeps `ui.drag` for the view. A press that travels less than DRAG_THRESHOLD is
 * a click, not a drag. The drop runs editor-core's move (one undo step); a refused drop changes nothing and leaves
 * its reason in `ui.notice`.
 */
import type { StoreApi } from 'zustand/vanilla';

import type { EditorStore } from '@portal/editor-core';

import type { CanvasUiState } from './canvas-controller.ts';
import { dropVerdict, moveStep, pickUpRefusal, type MoveOutcome } from './moves.ts';

/** How far (CSS pixels) the pointer travels before a press on a step becomes a drag. */
export const DRAG_THRESHOLD = 6;

export interface StepDrag {
  /** The primary button went down on a step. */
  press(id: string, x: number, y: number): void;
  /** The pointer moved to (x, y) over a step (`overId`) or over none (null). */
  move(x: number, y: number, overId: string | null): void;
  /** The button went up over a step or none: what the move did, or null when there was no drag or no step to drop on. */
  release(overId: string | null): MoveOutcome | null;
  /** Escape, or the pointer was lost: nothing moves. */
  cancel(): void;
  /** A press or a drag is under way. */
  active(): boolean;
}

export function createStepDrag(store: EditorStore, ui: StoreApi<CanvasUiState>): StepDrag {
  let pressed: { id: string; x: number; y: number } | null = null;
  // Verdicts per drop target for this drag: the tree does not change while dragging.
  const verdicts = new Map<string, true | string>();

  const verdictFor = (id: string, overId: string | null): true | string | null => {
    if (overId === null || overId === id) return null;
    let verdict = verdicts.get(overId);
    if (verdict === undefined) {
      verdict = dropVerdict(store, id, overId);
      verdicts.set(overId, verdict);
    }
    return verdict;
  };

  const reset = () => {
    pressed = null;
    verdicts.clear();
    if (ui.getState().drag !== null) ui.setState({ drag: null });
  };

  return {
    press(id, x, y) {
      reset();
      pressed = { id, x, y };
    },
    move(x, y, overId) {
      if (!pressed) return;
      const drag = ui.getState().drag;
      if (!drag) {
        if (Math.hypot(x - pressed.x, y - pressed.y) < DRAG_THRESHOLD) return;
        // The main number, in hours and out of hours stay where they are: such a press stays a click.
        if (pickUpRefusal(store, pressed.id) !== null) {
          pressed = null;
          return;
        }
        ui.setState({ notice: null });
      }
      const id = pressed.id;
      const over = overId === id ? null : overId;
      ui.setState({ drag: { id, x, y, overId: over, verdict: verdictFor(id, over) } });
    },
    release(overId) {
      const drag = ui.getState().drag;
      const id = pressed?.id;
      reset();
      if (!drag || id === undefined || overId === null || overId === id) return null;
      const outcome = moveStep(store, id, overId);
      ui.setState({ notice: outcome.moved ? null : outcome.message });
      return outcome;
    },
    cancel: reset,
    active: () => pressed !== null,
  };
}
