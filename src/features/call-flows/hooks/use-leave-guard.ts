import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useLocation, type BlockerFunction } from 'react-router-dom';
import { useStore } from 'zustand';

import type { EditorStore } from '@portal/editor-core';

/**
 * Leaving the editor with unsaved changes: the app's own navigation is held (the page asks with the blocker), a
 * reload or close gets the browser's prompt. `leaveFreely` lets the editor's own next move through (a new flow
 * getting its id).
 */
export function useLeaveGuard(store: EditorStore) {
  const location = useLocation();
  const changesMade = useStore(store, (s) => s.changesMade);
  const leaving = useRef(false);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        !leaving.current &&
        store.getState().changesMade &&
        (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [store],
    ),
  );
  useEffect(() => {
    leaving.current = false;
  }, [location.key]);
  useEffect(() => {
    if (!changesMade) return;
    const prompt = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers need it set
    };
    window.addEventListener('beforeunload', prompt);
    return () => window.removeEventListener('beforeunload', prompt);
  }, [changesMade]);
  const leaveFreely = useCallback(() => {
    leaving.current = true;
  }, []);
  return { blocker, leaveFreely };
}
