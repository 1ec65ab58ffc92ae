import { useEffect, useState } from 'react';
import { useStore } from 'zustand';

import { createEditorSession, type EditorSessionOptions } from './editor-session.ts';

/**
 * The editor's save session for a page (the canvas controller's split): the controller is made once, reaches the
 * page's latest callbacks, starts with the page and stops when it goes; the page re-renders on its state.
 */
export function useEditorSession(options: EditorSessionOptions) {
  const [session] = useState(() => createEditorSession(options));
  useEffect(() => {
    session.setPorts({ api: options.api, drafts: options.drafts, view: options.view });
  });

  // The draft is written at once when the page is hidden or left.
  useEffect(() => {
    const stop = session.start();
    const flush = () => session.flushDraft();
    const onHidden = () => document.visibilityState === 'hidden' && session.flushDraft();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      stop();
    };
  }, [session]);

  const saving = useStore(session.state, (s) => s.saving);
  const conflict = useStore(session.state, (s) => s.conflict);
  const resolving = useStore(session.state, (s) => s.resolving);
  const draftOffer = useStore(session.state, (s) => s.draftOffer);
  const note = useStore(session.state, (s) => s.note);
  return { session, saving, conflict, resolving, draftOffer, note };
}
