import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { callFlowMessages, type StoredCallFlow } from '@portal/contract';
import { createEditorStore, createFlow, removeSubtree, renameFlow, type CallFlow } from '@portal/editor-core';

import { ApiError } from '../../../lib/api-error.ts';
import type { CallFlowDraft } from '../logic/draft-storage.ts';
import {
  CALL_FLOW_SAVE_FAILED_EVENT,
  CALL_FLOW_SAVED_EVENT,
  createEditorSession,
  editorTexts,
  type SessionApi,
} from './editor-session.ts';

// The session tracks its saves (lib/analytics.ts) on the page's dataLayer: without a DOM, a bare window stands in.
beforeEach(() => {
  vi.stubGlobal('window', { location: { hostname: 'portal.example' } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const stored = (
  flow: CallFlow,
  id: string,
  version: number,
  overrides: Partial<StoredCallFlow> = {},
): StoredCallFlow => ({
  id,
  name: flow.name.trim(),
  enable: flow.enable,
  data: flow.data,
  version,
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

function setUp(
  options: {
    flow?: CallFlow;
    baseVersion?: number | null;
    draft?: CallFlowDraft | null;
    api?: Partial<SessionApi>;
    otherFlowNames?: string[];
  } = {},
) {
  const flow = options.flow ?? createFlow({ existingNames: [], publicNumbers: ['01632960123'] });
  const store = createEditorStore({ flow, otherFlowNames: options.otherFlowNames ?? [] });
  const calls: string[] = [];
  const api: SessionApi = {
    create: vi.fn(async (body) => stored({ id: null, ...body }, '41', 1)),
    patch: vi.fn(async (id, body) =>
      stored(
        {
          ...store.getState().flow,
          ...body,
          enable: body.enable ?? store.getState().flow.enable,
          name: body.name ?? store.getState().flow.name,
          data: body.data ?? store.getState().flow.data,
        },
        id,
        (body.version ?? 0) + 1,
      ),
    ),
    latest: vi.fn(async (id) => stored({ ...flow, name: 'Their edit' }, id, 9)),
    stored: vi.fn(),
    ...options.api,
  };
  const drafts = { write: vi.fn(), clear: vi.fn() };
  const view = { notify: vi.fn(), refused: vi.fn(), moveTo: vi.fn((id: string) => calls.push(`move ${id}`)) };
  const session = createEditorSession({
    store,
    baseVersion: options.baseVersion ?? null,
    draft: options.draft ?? null,
    api,
    drafts,
    view,
    draftDelayMs: 10,
  });
  return { store, session, api, drafts, view, calls };
}

const existing = (): CallFlow => ({
  ...createFlow({ existingNames: [], publicNumbers: ['01632960123'] }),
  id: '7',
  name: 'Sales',
});

describe('editor session', () => {
  it('creates a new flow, moves to its address and has the store adopt it', async () => {
    const { store, session, api, view, drafts } = setUp();
    store.getState().run(renameFlow('Front desk'));
    await session.save('save');
    expect(api.create).toHaveBeenCalledWith({ name: 'Front desk', enable: false, data: store.getState().flow.data });
    expect(store.getState().flow.id).toBe('41');
    expect(store.getState().changesMade).toBe(false);
    expect(view.moveTo).toHaveBeenCalledWith('41');
    expect(drafts.clear).toHaveBeenCalledWith(null);
    expect(view.notify).toHaveBeenCalledWith({
      type: 'success',
      title: editorTexts.created,
      description: 'Front desk has been saved.',
    });
    // The save is not an edit: undo takes back the rename, not the adopted id.
    expect(store.getState().canUndo()).toBe(true);
    // Tracked for analytics (spec 000 section 7).
    expect(window.dataLayer).toEqual([
      { event: CALL_FLOW_SAVED_EVENT, callflow_id: '41', created: true, enabled: false },
    ]);
  });

  it('patches an existing flow with the version it started from, then the next save with the saved version', async () => {
    const { store, session, api } = setUp({ flow: existing(), baseVersion: 4 });
    store.getState().run(renameFlow('Sales team'));
    await session.save('save');
    expect(api.patch).toHaveBeenLastCalledWith('7', {
      name: 'Sales team',
      data: store.getState().flow.data,
      version: 4,
    });
    store.getState().run(renameFlow('Sales line'));
    await session.save('save');
    expect(api.patch).toHaveBeenLastCalledWith('7', {
      name: 'Sales line',
      data: store.getState().flow.data,
      version: 5,
    });
  });

  it('refuses before sending when the name is missing, and sends nothing twice', async () => {
    const { store, session, api, view } = setUp({ flow: existing(), baseVersion: 1 });
    store.getState().run(renameFlow(' '));
    await session.save('save');
    expect(view.refused).toHaveBeenCalledWith('Please set a callflow name');
    expect(api.patch).not.toHaveBeenCalled();
    store.getState().run(renameFlow('Sales'));
    await Promise.all([session.save('save'), session.save('save')]);
    expect(api.patch).toHaveBeenCalledTimes(1);
    // Save & Enable asks before its confirmation: an unfinished flow is refused with the spec's words.
    store.getState().run(removeSubtree('n5'));
    expect(session.mayStart('save-and-enable')).toBe(false);
    expect(view.refused).toHaveBeenLastCalledWith(callFlowMessages.invalidActiveFlow);
    expect(session.mayStart('save')).toBe(true);
  });

  it('keeps changes made while the save was on its way', async () => {
    let answer: (saved: StoredCallFlow) => void = () => {};
    const { store, session } = setUp({
      flow: existing(),
      baseVersion: 1,
      api: { patch: () => new Promise((resolve) => (answer = resolve)) },
    });
    store.getState().run(renameFlow('Sales 2'));
    const saving = session.save('save');
    expect(session.state.getState().saving).toBe('save');
    const sent = store.getState().flow;
    expect(store.getState().run(renameFlow('Sales 3'))).toBe(true);
    answer(stored(sent, '7', 2));
    await saving;
    expect(store.getState().changesMade).toBe(true);
    expect(session.state.getState().saving).toBeNull();
    expect(store.getState().flow.name).toBe('Sales 3');
  });

  it('after a 412 offers their version; overwrite sends mine with their version', async () => {
    const patch = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'http', status: 412 }))
      .mockImplementation(async (id: string, body: { name: string; version: number }) =>
        stored(existing(), id, body.version + 1, { name: body.name }),
      );
    const { store, session, view } = setUp({ flow: existing(), baseVersion: 3, api: { patch } });
    store.getState().run(renameFlow('Mine'));
    await session.save('save');
    expect(session.state.getState().conflict?.theirs.name).toBe('Their edit');
    expect(session.busy()).toBe(true);
    await session.resolveConflict('overwrite');
    expect(patch).toHaveBeenLastCalledWith('7', { name: 'Mine', data: store.getState().flow.data, version: 9 });
    expect(session.state.getState().conflict).toBeNull();
    expect(store.getState().changesMade).toBe(false);
    expect(view.notify).toHaveBeenLastCalledWith({
      type: 'success',
      title: editorTexts.saved,
      description: 'Mine has been saved.',
    });
  });

  it('after a 412, reload loads their version into the store; copy saves mine as a new flow', async () => {
    const conflict = () => vi.fn().mockRejectedValue(new ApiError({ kind: 'http', status: 412 }));
    const reload = setUp({ flow: existing(), baseVersion: 3, api: { patch: conflict() } });
    reload.store.getState().run(removeSubtree('n5'));
    await reload.session.save('save');
    await reload.session.resolveConflict('reload');
    expect(reload.store.getState().flow.name).toBe('Their edit');
    expect(reload.store.getState().changesMade).toBe(false);
    expect(reload.store.getState().canUndo()).toBe(false);
    expect(reload.view.notify).toHaveBeenLastCalledWith({ type: 'info', title: editorTexts.reloaded });

    const copy = setUp({ flow: existing(), baseVersion: 3, api: { patch: conflict() }, otherFlowNames: ['Other'] });
    copy.store.getState().run(renameFlow('Mine'));
    await copy.session.save('save');
    await copy.session.resolveConflict('copy');
    expect(copy.api.create).toHaveBeenCalledWith({
      name: 'Mine (copy)',
      enable: false,
      data: copy.store.getState().flow.data,
    });
    expect(copy.store.getState().flow).toMatchObject({ id: '41', name: 'Mine (copy)', enable: false });
    expect(copy.view.moveTo).toHaveBeenCalledWith('41');
  });

  it('sends the note with the save, keeps it when the save fails, and clears it once a version has it', async () => {
    const failing = vi.fn().mockRejectedValueOnce(new ApiError({ kind: 'network', status: 0 }));
    const { store, session, api } = setUp({ flow: existing(), baseVersion: 3, api: { patch: failing } });
    store.getState().run(renameFlow('Sales team'));
    session.setNote('Renamed for the new team');
    await session.save('save');
    expect(failing).toHaveBeenLastCalledWith('7', {
      name: 'Sales team',
      data: store.getState().flow.data,
      version: 3,
      note: 'Renamed for the new team',
    });
    expect(session.state.getState().note).toBe('Renamed for the new team');
    failing.mockImplementation(async (id: string, body: { name: string; version: number }) =>
      stored(existing(), id, body.version + 1, { name: body.name }),
    );
    await session.save('save');
    expect(api.patch).toHaveBeenCalledTimes(2);
    expect(failing).toHaveBeenLastCalledWith('7', expect.objectContaining({ note: 'Renamed for the new team' }));
    expect(session.state.getState().note).toBe('');
  });

  it('says a failed save and keeps everything', async () => {
    const { store, session, view } = setUp({
      flow: existing(),
      baseVersion: 3,
      api: { patch: vi.fn().mockRejectedValue(new ApiError({ kind: 'network', status: 0 })) },
    });
    store.getState().run(renameFlow('Mine'));
    await session.save('save');
    expect(view.notify).toHaveBeenCalledWith({
      type: 'error',
      title: callFlowMessages.saveFailed,
      description: undefined,
    });
    expect(store.getState().changesMade).toBe(true);
    expect(store.getState().flow.name).toBe('Mine');
    expect(window.dataLayer).toEqual([{ event: CALL_FLOW_SAVE_FAILED_EVENT, error: expect.any(String) }]);
  });

  it('writes a draft a moment after a change, none while an older draft is on offer, and restores the offer', async () => {
    vi.useFakeTimers();
    const older: CallFlowDraft = { flow: { ...existing(), name: 'Draft name' }, baseVersion: 2, savedAt: 1 };
    const { store, session, drafts, api } = setUp({ flow: existing(), baseVersion: 3, draft: older });
    const stop = session.start();
    store.getState().run(renameFlow('Edited'));
    vi.advanceTimersByTime(50);
    expect(drafts.write).not.toHaveBeenCalled();
    session.restoreDraft();
    expect(store.getState().flow).toMatchObject({ id: '7', name: 'Draft name' });
    expect(store.getState().changesMade).toBe(true);
    expect(session.state.getState().draftOffer).toBeNull();
    vi.advanceTimersByTime(50);
    expect(drafts.write).toHaveBeenCalledWith('7', expect.objectContaining({ baseVersion: 2 }));
    store.getState().run(renameFlow('Edited again'));
    stop();
    expect(drafts.write).toHaveBeenLastCalledWith(
      '7',
      expect.objectContaining({ flow: expect.objectContaining({ name: 'Edited again' }) }),
    );
    vi.useRealTimers();
    // A restored draft keeps the version it started from, so a save over a newer one meets the conflict.
    await session.save('save');
    expect(api.patch).toHaveBeenCalledWith('7', expect.objectContaining({ version: 2 }));
  });

  it('discarding the offer clears the stored draft; discarding changes forgets the pending one', () => {
    vi.useFakeTimers();
    const { store, session, drafts } = setUp({
      flow: existing(),
      baseVersion: 3,
      draft: { flow: existing(), baseVersion: 3, savedAt: 1 },
    });
    const stop = session.start();
    session.discardDraft();
    expect(drafts.clear).toHaveBeenCalledWith('7');
    store.getState().run(renameFlow('Edited'));
    session.discardChanges();
    vi.advanceTimersByTime(50);
    stop();
    expect(drafts.write).not.toHaveBeenCalled();
  });

  it('loads a restored version as saved: no changes left, the next save starts from its version, the draft goes', async () => {
    const { store, session, api, drafts } = setUp({ flow: existing(), baseVersion: 4 });
    store.getState().run(renameFlow('Unsaved edit'));
    const restored = stored({ ...existing(), name: 'Sales' }, '7', 6);
    session.loadSaved(restored);
    expect(store.getState().flow.name).toBe('Sales');
    expect(store.getState().changesMade).toBe(false);
    expect(session.baseVersion()).toBe(6);
    expect(api.stored).toHaveBeenCalledWith(restored);
    expect(drafts.clear).toHaveBeenCalledWith('7');
    store.getState().run(renameFlow('After restore'));
    await session.save('save');
    expect(api.patch).toHaveBeenLastCalledWith('7', expect.objectContaining({ version: 6 }));
  });
});
