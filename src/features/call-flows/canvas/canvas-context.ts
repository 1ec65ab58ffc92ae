import { createContext, useContext } from 'react';
import type { StoreApi } from 'zustand/vanilla';

import type { EditorStore } from '@portal/editor-core';

import type { CanvasUiState } from './canvas-controller.ts';
import type { NavigationKey } from './navigation.ts';
import type { PaletteTarget } from './palette.ts';
import type { CallFlowCanvasServices } from './types.ts';

/** What the canvas's parts do in response to gestures; every flow change inside runs an editor-core command. */
export interface CanvasActions {
  select(id: string | null): void;
  /** Selects a node, brings it on screen and moves keyboard focus to it. */
  focusNode(id: string): void;
  navigate(fromId: string, key: NavigationKey): void;
  openDialog(id: string): void;
  openPalette(target: PaletteTarget): void;
  addKey(menuId: string): void;
  remove(id: string): void;
  copy(id: string): void;
  /** Pastes the copied steps after a step; with a cut step waiting (Ctrl+X), moves that step there instead. */
  paste(parentId: string): void;
  /** Cuts a step to move it (with the steps after it): Ctrl+V on another step moves it there, Escape cancels. */
  cut(id: string): void;
  /** Forgets the cut step; answers whether one was waiting. */
  cancelMove(): boolean;
  /** The primary button went down on a step: a drag may start (see step-drag.ts). */
  pressStep(id: string, x: number, y: number): void;
  announce(text: string): void;
  /** A node took the focus it was asked to take. */
  focusDone(seq: number): void;
  /** The pointer entered a step (its body or its buttons) or left it (null). */
  pointerOver(id: string | null): void;
}

/** One object per canvas, stable for its life, so memoised nodes never re-render because of it. */
export interface CanvasContextValue {
  store: EditorStore;
  ui: StoreApi<CanvasUiState>;
  actions: CanvasActions;
  /** Prefix of the DOM ids of this canvas (descriptions, dialogs). */
  idPrefix: string;
  /** A saved version shown read-only: the steps open no dialog and nothing can be added. */
  readOnly: boolean;
  /** The page's services as last rendered (read in handlers only). */
  services: () => CallFlowCanvasServices;
}

export const CanvasContext = createContext<CanvasContextValue | null>(null);

export function useCanvas(): CanvasContextValue {
  const value = useContext(CanvasContext);
  if (!value) throw new Error('useCanvas outside CallFlowCanvas');
  return value;
}
