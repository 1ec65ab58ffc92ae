/**
 * What the canvas's parts do in response to gestures, without React: every flow change runs an editor-core
 * command, every refusal is said by the live region. The component hands in what only the view knows (how to
 * bring a step on screen, which step is under the pointer, where pointer events arrive).
 */
import type { StoreApi } from 'zustand/vanilla';

import {
  copySubtree,
  insertNode,
  NODE_SPECS,
  pasteSubtree,
  removeNode,
  subtreeSize,
  type EditorStore,
} from '@portal/editor-core';

import type { CanvasActions } from './canvas-context.ts';
import type { CanvasController, CanvasUiState } from './canvas-controller.ts';
import { nodeIndex } from './graph.ts';
import { moveStep, pickUpRefusal } from './moves.ts';
import { neighbour } from './navigation.ts';
import { NOT_COPYABLE } from './palette.ts';
import type { StepDrag } from './step-drag.ts';
import { nodeLabel } from './summary.ts';

const READ_ONLY = 'This is a saved version: it opens read-only. Restore it to edit it.';

export interface CanvasActionsDeps {
  store: EditorStore;
  ui: StoreApi<CanvasUiState>;
  controller: Pick<CanvasController, 'announce' | 'requestFocus' | 'setPointerOver'>;
  stepDrag: StepDrag;
  readOnly: boolean;
  /** Brings a step on screen (the view's viewport). */
  reveal(id: string): void;
  /** The step under a point of the screen, or null. */
  stepAt(x: number, y: number): string | null;
  /** Where a drag's pointer events arrive (the window). */
  pointerEvents: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/** "the 3 steps after it" when a step has some after it, else nothing. */
function stepsAfter(more: number): string {
  return more > 0 ? ` and the ${more} ${more === 1 ? 'step' : 'steps'} after it` : '';
}

export function createCanvasActions({
  store,
  ui,
  controller,
  stepDrag,
  readOnly,
  reveal,
  stepAt,
  pointerEvents,
}: CanvasActionsDeps): CanvasActions {
  const labelOf = (id: string) => {
    const node = nodeIndex(store.getState().flow.data).get(id)?.node;
    return node ? nodeLabel(node) : 'This step';
  };
  const focusSelection = () => {
    const s = store.getState();
    actions.focusNode(s.selection[0] ?? s.flow.data.id);
  };
  const actions: CanvasActions = {
    select(id) {
      store.getState().setSelection(id ? [id] : []);
    },
    focusNode(id) {
      const s = store.getState();
      if (!nodeIndex(s.flow.data).has(id)) return;
      if (s.selection.length !== 1 || s.selection[0] !== id) s.setSelection([id]);
      reveal(id);
      controller.requestFocus(id);
    },
    navigate(fromId, key) {
      const s = store.getState();
      const to = neighbour(s.flow.data, fromId, key, s.positions, ui.getState().laidOutAs);
      if (to) actions.focusNode(to);
    },
    openDialog(id) {
      if (readOnly) {
        actions.announce(READ_ONLY);
        return;
      }
      ui.setState({ dialogNodeId: id, palette: null });
    },
    openPalette(target) {
      if (readOnly) return;
      ui.setState({ palette: target, dialogNodeId: null });
    },
    addKey(menuId) {
      if (readOnly) return;
      const verdict = store.getState().check(insertNode(menuId, 'dial_menu_key'));
      if (verdict !== true) {
        actions.announce(verdict.reason);
        return;
      }
      store.getState().run(insertNode(menuId, 'dial_menu_key'));
      const key = store.getState().selection[0];
      if (key) actions.focusNode(key);
      actions.announce(`${key ? labelOf(key) : 'Key'} added. Add a step after it for callers who press it.`);
    },
    remove(id) {
      if (readOnly) return;
      const label = labelOf(id);
      const verdict = store.getState().check(removeNode(id));
      if (verdict !== true) {
        actions.announce(verdict.reason);
        return;
      }
      store.getState().run(removeNode(id));
      actions.announce(`${label} removed.`);
      focusSelection();
    },
    copy(id) {
      const clip = copySubtree(store.getState().flow, id);
      if (!clip || NOT_COPYABLE.has(clip.type)) {
        actions.announce('This step cannot be copied on its own.');
        return;
      }
      ui.setState({ clipboard: clip });
      actions.announce(
        `Copied ${labelOf(id)}${stepsAfter(subtreeSize(clip) - 1)}. Select where it goes and press Ctrl+V to paste.`,
      );
    },
    paste(parentId) {
      if (readOnly) return;
      // Moving by keyboard: the cut step goes after this one (one undo step); a refusal keeps it cut.
      const moving = ui.getState().moving;
      if (moving !== null) {
        const outcome = moveStep(store, moving, parentId);
        ui.setState(outcome.moved ? { moving: null, notice: null } : { notice: outcome.message });
        actions.announce(outcome.message);
        if (outcome.moved) actions.focusNode(moving);
        return;
      }
      const clip = ui.getState().clipboard;
      if (!clip) {
        actions.announce('Nothing is copied yet: select a step and press Ctrl+C first.');
        return;
      }
      if (store.getState().run(pasteSubtree(clip, parentId))) {
        actions.announce(`Pasted ${NODE_SPECS[clip.type].label} after ${labelOf(parentId)}.`);
        focusSelection();
      } else {
        actions.announce(`The copied steps cannot go after ${labelOf(parentId)}: paste them on the end of a route.`);
      }
    },
    cut(id) {
      if (readOnly) return;
      const refusal = pickUpRefusal(store, id);
      if (refusal !== null) {
        actions.announce(refusal);
        return;
      }
      const node = nodeIndex(store.getState().flow.data).get(id)?.node;
      ui.setState({ moving: id, notice: null });
      actions.announce(
        `Cut ${labelOf(id)}${stepsAfter(node ? subtreeSize(node) - 1 : 0)} to move. Select the step it goes after and press Ctrl+V; Escape cancels.`,
      );
    },
    cancelMove() {
      if (ui.getState().moving === null) return false;
      ui.setState({ moving: null });
      actions.announce('Move cancelled.');
      return true;
    },
    pressStep(id, x, y) {
      if (readOnly) return;
      stepDrag.press(id, x, y);
      const onMove = (event: Event) => {
        const { clientX, clientY } = event as PointerEvent;
        stepDrag.move(clientX, clientY, stepAt(clientX, clientY));
      };
      const stop = () => {
        pointerEvents.removeEventListener('pointermove', onMove);
        pointerEvents.removeEventListener('pointerup', onUp);
        pointerEvents.removeEventListener('pointercancel', onCancel);
      };
      const onUp = (event: Event) => {
        stop();
        const { clientX, clientY } = event as PointerEvent;
        const outcome = stepDrag.release(stepAt(clientX, clientY));
        if (!outcome) return;
        actions.announce(outcome.message);
        if (outcome.moved) actions.focusNode(id);
      };
      const onCancel = () => {
        stop();
        stepDrag.cancel();
      };
      pointerEvents.addEventListener('pointermove', onMove);
      pointerEvents.addEventListener('pointerup', onUp);
      pointerEvents.addEventListener('pointercancel', onCancel);
    },
    announce: (text) => controller.announce(text),
    focusDone(seq) {
      if (ui.getState().focusRequest?.seq === seq) ui.setState({ focusRequest: null });
    },
    pointerOver: (id) => controller.setPointerOver(id),
  };
  return actions;
}

/** The side panels of the canvas: one open at a time. */
export type CanvasPanel = 'test' | 'checks' | 'versions';

/** The panel open after its toolbar button is pressed: it opens (closing the other one), or closes when it was open. */
export function togglePanel(open: CanvasPanel | null, panel: CanvasPanel): CanvasPanel | null {
  return open === panel ? null : panel;
}
