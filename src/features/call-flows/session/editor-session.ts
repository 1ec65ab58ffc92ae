/**
 * The save session of the custom call-flow editor, without React: it plans a save (logic/save-plan.ts), sends it,
 * has the editor store adopt the saved version, resolves a 412 conflict, and keeps the local draft. The flow
 * itself is only ever changed through the editor-core store; the page is a view over this controller's state.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

import { callFlowMessages, type CreateCallFlow, type PatchCallFlow, type StoredCallFlow } from '@portal/contract';
import { MSG_ENABLE_TOOLTIP, type CallFlow, type EditorStore } from '@portal/editor-core';

import { track } from '../../../lib/analytics.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { hasReadableMessage, userErrorText } from '../../../lib/error-text.ts';
import { createDraftWriter, DRAFT_WRITE_DELAY_MS, type CallFlowDraft } from '../logic/draft-storage.ts';
import { planConflict, planSave, type ConflictChoice, type SaveIntent, type SavePlan } from '../logic/save-plan.ts';

export const editorTexts = {
  created: 'Call flow created',
  saved: 'Call flow saved',
  enabled: 'Call flow saved and enabled',
  reloaded: 'The latest version is loaded',
} as const;

/** The call-flow saves tracked for analytics (spec 000 section 7): each answered save, and each failed one. */
export const CALL_FLOW_SAVED_EVENT = 'Call flow saved';
export const CALL_FLOW_SAVE_FAILED_EVENT = 'Call flow save failed';

export interface SessionState {
  /** The save on its way, if any. */
  saving: SaveIntent | null;
  /** A save met a newer version (412): the intent and their version, until a choice is made. */
  conflict: { intent: SaveIntent; theirs: StoredCallFlow } | null;
  /** The conflict choice being sent. */
  resolving: ConflictChoice | null;
  /** An older local draft offered back, kept as it is while on offer. */
  draftOffer: CallFlowDraft | null;
  /** The note the next save's version keeps; cleared once a save has taken it. */
  note: string;
}

/** The server side of a save. */
export interface SessionApi {
  create(body: CreateCallFlow): Promise<StoredCallFlow>;
  patch(flowId: string, body: PatchCallFlow): Promise<StoredCallFlow>;
  /** The flow as stored now, fetched afresh (after a 412). */
  latest(flowId: string): Promise<StoredCallFlow>;
  /** A save answered: the caches follow it. */
  stored(saved: StoredCallFlow): void;
}

/** The local drafts of this product's flows (logic/draft-storage.ts, bound to the product). */
export interface SessionDrafts {
  write(flowId: string | null, draft: CallFlowDraft): void;
  clear(flowId: string | null): void;
}

export interface SessionToast {
  type: 'success' | 'error' | 'info';
  title: string;
  description?: string;
}

/** What the page does for the session: toasts, focus after a refusal, and the move to a new flow's address. */
export interface SessionView {
  notify(toast: SessionToast): void;
  /** A save was refused before sending (a name problem, an active flow not valid). */
  refused(message: string): void;
  /** The flow got its id: the page moves to its address, keeping this session. */
  moveTo(flowId: string): void;
}

/** What the session reaches outside itself: the server, the drafts, the page. */
export interface SessionPorts {
  api: SessionApi;
  drafts: SessionDrafts;
  view: SessionView;
}

export interface EditorSessionOptions extends SessionPorts {
  store: EditorStore;
  /** The server version the edits start from (null for a new flow). */
  baseVersion: number | null;
  /** An older local draft to offer back. */
  draft: CallFlowDraft | null;
  now?: () => number;
  draftDelayMs?: number;
}

export interface EditorSession {
  state: StoreApi<SessionState>;
  /** Keeps the local draft while there are unsaved changes; answers the stop function (which writes what is pending). */
  start(): () => void;
  /** What a save would send now, or why it is refused. */
  plan(intent: SaveIntent): SavePlan;
  /** Whether a save may start now; when it may not, the view is told why (as a refused save would). */
  mayStart(intent: SaveIntent): boolean;
  /** Saves (and with 'save-and-enable' enables) the flow as it is now; a failed save keeps everything. */
  save(intent: SaveIntent): Promise<void>;
  /** Whether a save or a conflict choice is on its way, or a conflict waits for a choice. */
  busy(): boolean;
  resolveConflict(choice: ConflictChoice): Promise<void>;
  closeConflict(): void;
  restoreDraft(): void;
  discardDraft(): void;
  /** Leaving without saving: the draft goes too. */
  discardChanges(): void;
  /** Writes a pending draft at once (the page is hidden or left). */
  flushDraft(): void;
  /** Replaces the ports (the page's latest callbacks). */
  setPorts(ports: SessionPorts): void;
  /** The version the next save starts from (null for a flow not saved yet). */
  baseVersion(): number | null;
  /** Loads a flow the server saved by other means (a restored version): it becomes what the editor holds, unchanged. */
  loadSaved(saved: StoredCallFlow): void;
  /** The note for the next save's version. */
  setNote(note: string): void;
}

export function createEditorSession(options: EditorSessionOptions): EditorSession {
  const { store } = options;
  let { api, drafts, view } = options;
  const now = options.now ?? (() => Date.now());
  const state = createStore<SessionState>()(() => ({
    saving: null,
    conflict: null,
    resolving: null,
    draftOffer: options.draft,
    note: '',
  }));
  let baseVersion = options.baseVersion;
  // Not the state: a double click comes before the view re-renders with the button disabled.
  let sending = false;

  const writer = createDraftWriter(
    (draft) => drafts.write(draft.flow.id, draft),
    options.draftDelayMs ?? DRAFT_WRITE_DELAY_MS,
  );
  const scheduleDraft = () => writer.schedule({ flow: store.getState().flow, baseVersion, savedAt: now() });
  const forgetDraft = (id: string | null) => {
    writer.cancel();
    drafts.clear(id);
  };

  const refuse = (message: string) => view.refused(message);
  const saveFailed = (error: unknown) => {
    const detail = isApiError(error) && hasReadableMessage(error) ? userErrorText(error) : undefined;
    track(CALL_FLOW_SAVE_FAILED_EVENT, { error: userErrorText(error) });
    view.notify({ type: 'error', title: callFlowMessages.saveFailed, description: detail });
  };

  /** Records a successful save of `sent`: the version, the caches, the flow's id and enable, and whether changes are left. */
  const afterSave = (saved: StoredCallFlow, sent: CallFlow) => {
    track(CALL_FLOW_SAVED_EVENT, { callflow_id: saved.id, created: sent.id === null, enabled: saved.enable });
    baseVersion = saved.version;
    // The version kept it: the next save starts without a note.
    state.setState({ note: '' });
    api.stored(saved);
    store.getState().adopt({ id: saved.id, enable: saved.enable }, sent);
    if (!store.getState().changesMade) forgetDraft(saved.id);
    if (sent.id === null) {
      drafts.clear(null);
      view.moveTo(saved.id);
    }
  };

  const showConflict = async (intent: SaveIntent, id: string) => {
    try {
      const theirs = await api.latest(id);
      state.setState({ conflict: { intent, theirs } });
    } catch (error) {
      track(CALL_FLOW_SAVE_FAILED_EVENT, { error: userErrorText(error) });
      view.notify({ type: 'error', title: callFlowMessages.saveFailed, description: userErrorText(error) });
    }
  };

  const plan = (intent: SaveIntent): SavePlan => {
    const editor = store.getState();
    return planSave({
      flow: editor.flow,
      valid: editor.problems.length === 0,
      otherFlowNames: editor.otherFlowNames,
      baseVersion,
      intent,
      note: state.getState().note,
    });
  };

  const session: EditorSession = {
    state,
    plan,
    busy: () => sending || state.getState().conflict !== null,
    mayStart(intent) {
      const steps = plan(intent);
      if (!steps.ok) refuse(steps.message);
      return steps.ok;
    },
    start() {
      const unsubscribe = store.subscribe((editor, previous) => {
        // While an older draft is on offer it is kept as it is: writing would replace it.
        if (editor.flow !== previous.flow && editor.changesMade && state.getState().draftOffer === null)
          scheduleDraft();
      });
      return () => {
        unsubscribe();
        writer.flush();
      };
    },
    async save(intent) {
      if (session.busy()) return;
      const sent = store.getState().flow;
      const steps = plan(intent);
      if (!steps.ok) {
        refuse(steps.message);
        return;
      }
      sending = true;
      state.setState({ saving: intent });
      let saved: StoredCallFlow | null = null;
      try {
        for (const step of steps.steps) {
          if (step.kind === 'create') saved = await api.create(step.body);
          else if (step.kind === 'patch') saved = await api.patch(step.flowId, step.body);
          else if (saved) saved = await api.patch(saved.id, { enable: true, version: saved.version });
        }
        if (saved) {
          afterSave(saved, sent);
          const enabled = intent === 'save-and-enable';
          const title = enabled ? editorTexts.enabled : sent.id === null ? editorTexts.created : editorTexts.saved;
          view.notify({
            type: 'success',
            title,
            description: enabled ? `${saved.name} is now your active call flow.` : `${saved.name} has been saved.`,
          });
        }
      } catch (error) {
        if (saved) {
          // Created, but enabling it failed: the flow exists now, so the page moves to it.
          afterSave(saved, sent);
          saveFailed(error);
        } else if (isApiError(error) && error.status === 412 && sent.id !== null) {
          await showConflict(intent, sent.id);
        } else {
          saveFailed(error);
        }
      } finally {
        sending = false;
        state.setState({ saving: null });
      }
    },
    baseVersion: () => baseVersion,
    loadSaved(saved) {
      store.getState().load({ id: saved.id, name: saved.name, enable: saved.enable, data: saved.data });
      baseVersion = saved.version;
      api.stored(saved);
      forgetDraft(saved.id);
    },
    async resolveConflict(choice) {
      const conflict = state.getState().conflict;
      if (!conflict || sending) return;
      const editor = store.getState();
      const resolution = planConflict(choice, {
        mine: editor.flow,
        theirs: conflict.theirs,
        otherFlowNames: editor.otherFlowNames,
        intent: conflict.intent,
        note: state.getState().note,
      });
      if (resolution.kind === 'reload') {
        const theirs = resolution.flow;
        editor.load({ id: theirs.id, name: theirs.name, enable: theirs.enable, data: theirs.data });
        baseVersion = theirs.version;
        forgetDraft(theirs.id);
        state.setState({ conflict: null });
        view.notify({ type: 'info', title: editorTexts.reloaded });
        return;
      }
      const sent = editor.flow;
      sending = true;
      state.setState({ resolving: choice });
      try {
        if (resolution.kind === 'patch') {
          const saved = await api.patch(resolution.flowId, resolution.body);
          afterSave(saved, sent);
          state.setState({ conflict: null });
          view.notify({
            type: 'success',
            title: conflict.intent === 'save-and-enable' ? editorTexts.enabled : editorTexts.saved,
            description: `${saved.name} has been saved.`,
          });
        } else {
          const created = await api.create(resolution.body);
          track(CALL_FLOW_SAVED_EVENT, { callflow_id: created.id, created: true, enabled: false });
          baseVersion = created.version;
          state.setState({ note: '' });
          api.stored(created);
          store.getState().adopt({ id: created.id, name: created.name, enable: false }, sent);
          forgetDraft(sent.id);
          state.setState({ conflict: null });
          view.moveTo(created.id);
          view.notify({
            type: 'success',
            title: editorTexts.created,
            description: `Your version has been saved as ${created.name}.`,
          });
        }
      } catch (error) {
        if (isApiError(error) && error.status === 412 && sent.id !== null) {
          // Saved again meanwhile: the dialog stays, with the newest version.
          await showConflict(conflict.intent, sent.id);
        } else {
          state.setState({ conflict: null });
          saveFailed(error);
        }
      } finally {
        sending = false;
        state.setState({ resolving: null });
      }
    },
    setNote(note) {
      state.setState({ note });
    },
    closeConflict() {
      state.setState({ conflict: null });
    },
    restoreDraft() {
      const offer = state.getState().draftOffer;
      if (!offer) return;
      store.getState().restore(offer.flow);
      if (offer.baseVersion !== null) baseVersion = offer.baseVersion;
      state.setState({ draftOffer: null });
      scheduleDraft();
    },
    discardDraft() {
      drafts.clear(store.getState().flow.id);
      state.setState({ draftOffer: null });
      // Changes made while the offer was showing still deserve a draft.
      if (store.getState().changesMade) scheduleDraft();
    },
    discardChanges() {
      forgetDraft(store.getState().flow.id);
    },
    flushDraft() {
      writer.flush();
    },
    setPorts(ports) {
      ({ api, drafts, view } = ports);
    },
  };
  return session;
}

/** The words of a refused save: the enable tooltip explains an active flow that is not valid. */
export function refusalToast(message: string): SessionToast {
  return {
    type: 'error',
    title: message,
    description: message === callFlowMessages.invalidActiveFlow ? MSG_ENABLE_TOOLTIP : undefined,
  };
}
