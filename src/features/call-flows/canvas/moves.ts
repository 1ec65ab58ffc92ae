/**
 * Moving a step with the steps after it, by drag or by cut and paste: the canvas only asks editor-core's
 * `moveNode` (the same refusals as the palette) and words the answer. React-free, so it is tested without a
 * browser. A move is one undo step: it runs as its own gesture, so two quick moves of the same step never merge.
 */
import { locate, moveNode, type EditorStore } from '@portal/editor-core';

import { nodeLabel } from './summary.ts';

/** What a move did, in words for the live region (and, for a refused drop, on screen). */
export type MoveOutcome = { moved: true; message: string } | { moved: false; message: string };

/** A refusal's reason as the end of a sentence (some of editor-core's reasons end with a full stop, some do not). */
const clause = (reason: string) => reason.replace(/\.$/, '');

const labelOf = (store: EditorStore, id: string) => {
  const node = locate(store.getState().flow.data, id)?.node;
  return node ? nodeLabel(node) : 'This step';
};

/** The current parent of a step (the step itself for the main number, which moveNode then refuses). */
function parentOf(store: EditorStore, id: string): string | null {
  const loc = locate(store.getState().flow.data, id);
  if (!loc) return null;
  return loc.ancestors[loc.ancestors.length - 1]?.id ?? id;
}

/** Whether a step may be picked up at all: null, or editor-core's reason (the main number, in hours, out of hours). */
export function pickUpRefusal(store: EditorStore, id: string): string | null {
  const parent = parentOf(store, id);
  if (parent === null) return 'This step is no longer in the call flow';
  const verdict = store.getState().check(moveNode(id, parent));
  return verdict === true ? null : verdict.reason;
}

/** Whether a step may go after a target (as its last child; into a dial menu as a key): true, or editor-core's reason. */
export function dropVerdict(store: EditorStore, id: string, targetId: string): true | string {
  const verdict = store.getState().check(moveNode(id, targetId));
  return verdict === true ? true : verdict.reason;
}

/** Moves a step (and the steps after it) to go after a target, as one undo step; a refusal changes nothing and says why. */
export function moveStep(store: EditorStore, id: string, targetId: string): MoveOutcome {
  const what = labelOf(store, id);
  const where = labelOf(store, targetId);
  if (
    parentOf(store, id) === targetId &&
    locate(store.getState().flow.data, targetId)?.node.children.at(-1)?.id === id
  ) {
    return { moved: false, message: `${what} is already after ${where}.` };
  }
  const verdict = dropVerdict(store, id, targetId);
  if (verdict !== true) return { moved: false, message: `${what} cannot go after ${where}: ${clause(verdict)}.` };
  const s = store.getState();
  s.beginGesture();
  try {
    s.run(moveNode(id, targetId));
  } finally {
    s.endGesture();
  }
  return { moved: true, message: `Moved ${what} after ${where}.` };
}
