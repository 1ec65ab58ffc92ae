/**
 * The canvas's keyboard shortcuts, without React. Undo and redo wherever the focus is on the editor's page (its
 * bar, the toolbar, the canvas, after a dialog closed), except in text fields and dialogs, which keep their own
 * typing undo. The others (delete, cut, copy, paste, Escape to cancel a move or a drag) while the focus is in the
 * canvas or nowhere.
 */
import type { StoreApi } from 'zustand/vanilla';

import type { EditorStore } from '@portal/editor-core';

import type { CanvasActions } from './canvas-context.ts';
import type { CanvasUiState } from './canvas-controller.ts';
import type { StepDrag } from './step-drag.ts';

export type CanvasShortcut = 'undo' | 'redo' | 'remove' | 'copy' | 'cut' | 'paste' | 'escape';

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/** The keymap: which shortcut a key press is, if any (Ctrl or Cmd alike). */
export function canvasShortcut(event: KeyPress): CanvasShortcut | null {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (mod && !event.altKey && key === 'z' && !event.shiftKey) return 'undo';
  if (!event.altKey && ((mod && key === 'z' && event.shiftKey) || (event.ctrlKey && !event.shiftKey && key === 'y')))
    return 'redo';
  if (!mod && (event.key === 'Delete' || event.key === 'Backspace')) return 'remove';
  if (mod && key === 'c') return 'copy';
  if (mod && key === 'x') return 'cut';
  if (mod && key === 'v') return 'paste';
  if (event.key === 'Escape' && !mod) return 'escape';
  return null;
}

export interface ShortcutDeps {
  store: EditorStore;
  ui: StoreApi<CanvasUiState>;
  actions: CanvasActions;
  stepDrag: StepDrag;
}

/** Where the key was pressed: in the canvas (or with the focus nowhere), and whether text is selected on the page. */
export interface ShortcutPlace {
  inCanvas: boolean;
  textSelected: boolean;
}

/** Runs a shortcut; answers whether it did something (the key's default is then prevented). */
export function runCanvasShortcut(
  shortcut: CanvasShortcut,
  place: ShortcutPlace,
  { store, ui, actions, stepDrag }: ShortcutDeps,
): boolean {
  const s = store.getState();
  if (shortcut === 'undo') s.undo();
  else if (shortcut === 'redo') s.redo();
  if (shortcut === 'undo' || shortcut === 'redo') return true;
  if (!place.inCanvas) return false;
  const selected = s.selection[0];
  if (shortcut === 'remove' && selected) actions.remove(selected);
  else if (shortcut === 'copy' && selected && !place.textSelected) actions.copy(selected);
  else if (shortcut === 'cut' && selected && !place.textSelected) actions.cut(selected);
  else if (shortcut === 'paste' && selected) actions.paste(selected);
  else if (shortcut === 'escape' && stepDrag.active()) stepDrag.cancel();
  else if (shortcut === 'escape' && ui.getState().moving !== null) actions.cancelMove();
  else return false;
  return true;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT'
  );
}

/** Inside an open dialog (its own keys, its text fields' own typing undo). */
function inDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('dialog, [role="dialog"], [role="alertdialog"]') !== null;
}

/** Listens for the shortcuts on the document while the canvas (its region) is on the page; answers the stop function. */
export function listenForCanvasShortcuts(
  region: () => HTMLElement | null,
  deps: ShortcutDeps & { readOnly: boolean },
): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const element = region();
    const target = event.target;
    if (event.defaultPrevented || !element || !(target instanceof Node)) return;
    if (isEditable(target) || inDialog(target) || deps.readOnly) return;
    const shortcut = canvasShortcut(event);
    if (shortcut === null) return;
    const wasFocused = element.contains(document.activeElement);
    const place = {
      inCanvas: element.contains(target) || target === document.body,
      textSelected: Boolean(window.getSelection()?.toString()),
    };
    if (!runCanvasShortcut(shortcut, place, deps)) return;
    event.preventDefault();
    // Undo may take away the focused step: keep the focus in the canvas.
    if ((shortcut === 'undo' || shortcut === 'redo') && wasFocused && !element.contains(document.activeElement)) {
      const after = deps.store.getState();
      deps.actions.focusNode(after.selection[0] ?? after.flow.data.id);
    }
  };
  document.addEventListener('keydown', onKeyDown);
  return () => document.removeEventListener('keydown', onKeyDown);
}
