import { Box, Flex, Heading, Link } from '@chakra-ui/react';
import { callFlowMessages, type AdvancedCallFlowAddOn, type AudioFile, type CallFlowSummary, type Site, type StoredCallFlow } from '@portal/contract';
import { MSG_ENABLE_TOOLTIP, createEditorStore, createFlow, renameFlow, type CallFlow } from '@portal/editor-core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useBlocker, useLocation, useNavigate, type BlockerFunction } from 'react-router-dom';
import { useStore } from 'zustand';
import { MAIN_CONTENT_ID } from '../../../components/skip-link.tsx';
import { toaster } from '../../../components/toaster.tsx';
import * as paths from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { callFlowAudioServices } from '../api/audio-services.ts';
import { createCallFlow, storeSavedCallFlow } from '../api/create-call-flow.ts';
import { fetchAudioFile } from '../api/download-audio-file.ts';
import { useAdvancedCallFlowAddOn } from '../api/get-advanced-call-flow-add-on.ts';
import { callFlowQueryOptions, useCallFlow } from '../api/get-call-flow.ts';
import { siteUsers, useSite } from '../api/get-site.ts';
import { useSiteNumbers } from '../api/get-site-numbers.ts';
import { checkUkPhoneNumber } from '../api/is-uk-phone-number.ts';
import { callFlowKeys } from '../api/keys.ts';
import { useAudioFiles } from '../api/list-audio-files.ts';
import { useCallFlowList } from '../api/list-call-flows.ts';
import { patchCallFlow } from '../api/patch-call-flow.ts';
import { CallFlowCanvas, type CallFlowCanvasServices } from '../canvas/index.ts';
import { clearDraft, createDraftWriter, draftDiffers, readDraft, writeDraft, type CallFlowDraft } from '../logic/draft-storage.ts';
import { activeCustomFlow, copyFlowName } from '../logic/flow-list.ts';
import { changedSinceSave, planConflict, planSave, type ConflictChoice, type SaveIntent } from '../logic/save-plan.ts';
import { EditorBar } from './editor-bar.tsx';
import { ConflictDialog, DiscardChangesDialog, DraftBanner } from './editor-dialogs.tsx';
import { useEnableGate } from './enable-gate.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';

export const editorTexts = {
  created: 'Call flow created',
  saved: 'Call flow saved',
  enabled: 'Call flow saved and enabled',
  reloaded: 'The latest version is loaded',
} as const;

/** The `location.state` the editor leaves on its own moves (a new flow getting its id), so it is not rebuilt. */
export interface EditorLocationState {
  editorSession?: string;
}

interface CustomFlowEditorProps {
  productId: number;
  /** The flow to open; null for a new flow. */
  flowId: string | null;
  /** Identifies this editing session across the editor's own URL changes. */
  sessionKey: string;
  inTrial: boolean;
}

/** What the editor starts from, fixed once everything has loaded. */
interface Start {
  flow: CallFlow;
  baseVersion: number | null;
  draft: CallFlowDraft | null;
}

const namesOf = (flows: readonly CallFlowSummary[], except: string | null) => flows.filter((f) => f.id !== except).map((f) => f.name);

/**
 * The custom call-flow editor page (`/call-flows/custom/{id}?callflow_id=N`): loads the
 * flow (or starts a new one), the site, audio files, the add-on with its node limits,
 * then hands an editor-core store to the canvas and saves from the bar.
 */
export function CustomFlowEditor({ productId, flowId, sessionKey, inTrial }: CustomFlowEditorProps) {
  const flow = useCallFlow(productId, flowId);
  const list = useCallFlowList(productId);
  const site = useSite(productId);
  const audio = useAudioFiles(productId);
  const addOn = useAdvancedCallFlowAddOn(productId);
  const [start, setStart] = useState<Start | null>(null);

  const needed = [list, site, audio, addOn, ...(flowId === null ? [] : [flow])];
  const failed = needed.find((query) => query.isError);
  // An existing flow starts from a fresh copy: a cached one being fetched again is waited for.
  const ready = needed.every((query) => query.isSuccess) && (flowId === null || !flow.isFetching);

  if (start === null && ready && list.data && site.data) {
    const initial: CallFlow = flow.data
      ? { id: flow.data.id, name: flow.data.name, enable: flow.data.enable, data: flow.data.data }
      : createFlow({ existingNames: list.data.map((f) => f.name), publicNumbers: site.data.pilot_number ? [site.data.pilot_number.number] : [] });
    const draft = readDraft(productId, flowId);
    setStart({ flow: initial, baseVersion: flow.data?.version ?? null, draft: draft && draftDiffers(draft.flow, initial) ? draft : null });
  }

  if (start && addOn.data && list.data && site.data) {
    return (
      <EditorSession
        productId={productId}
        sessionKey={sessionKey}
        start={start}
        inTrial={inTrial}
        addOn={addOn.data}
        flows={list.data}
        site={site.data}
        audioFiles={audio.data ?? []}
      />
    );
  }

  const retry = () => needed.filter((query) => query.isError).forEach((query) => void query.refetch());
  return (
    <>
      <Flex as="header" h="80px" flexShrink={0} align="center" px={{ base: '3', lg: '6' }} bg="bg" borderBottomWidth="1px">
        <BackToFlows productId={productId} />
      </Flex>
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} outline="none" flex="1" p={{ base: '4', lg: '10' }}>
        <Heading as="h1" srOnly>
          Call flow editor
        </Heading>
        {failed ? (
          <Box maxW="2xl">
            <LoadError title={callFlowMessages.loadFailed} error={failed.error} onRetry={retry} retrying={needed.some((query) => query.isFetching)} />
          </Box>
        ) : (
          <Loading label="Loading call flow" />
        )}
      </Box>
    </>
  );
}

function BackToFlows({ productId }: { productId: number }) {
  return (
    <Link asChild color="brand.fg" fontWeight="semibold" textDecoration="underline">
      <RouterLink to={paths.callFlowsPage(productId)}>Back to call flows</RouterLink>
    </Link>
  );
}

interface SessionProps {
  productId: number;
  sessionKey: string;
  start: Start;
  inTrial: boolean;
  addOn: AdvancedCallFlowAddOn;
  flows: CallFlowSummary[];
  site: Site;
  audioFiles: AudioFile[];
}

function EditorSession({ productId, sessionKey, start, inTrial, addOn, flows, site, audioFiles }: SessionProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const siteNumbers = useSiteNumbers(productId);
  const [store] = useState(() => createEditorStore({ flow: start.flow, limits: addOn.node_limits, otherFlowNames: namesOf(flows, start.flow.id) }));
  const name = useStore(store, (s) => s.flow.name);
  const flowId = useStore(store, (s) => s.flow.id);
  const changesMade = useStore(store, (s) => s.changesMade);
  const problems = useStore(store, (s) => s.problems);
  const nameError = problems.find((p) => p.nodeId === null && p.code.startsWith('name_'))?.message ?? null;
  const valid = problems.length === 0;
  usePageTitle('Call flow editor');

  const baseVersion = useRef(start.baseVersion);
  const nameInput = useRef<HTMLInputElement>(null);
  const [saving, setSaving] = useState<SaveIntent | null>(null);
  const busy = useRef(false);
  const [conflict, setConflict] = useState<{ intent: SaveIntent; theirs: StoredCallFlow } | null>(null);
  const [resolving, setResolving] = useState<ConflictChoice | null>(null);
  const [draftOffer, setDraftOffer] = useState<CallFlowDraft | null>(start.draft);
  const draftOffered = useRef(start.draft !== null);

  // The account's other flows and the add-on's limits follow the server.
  useEffect(() => {
    store.getState().setOtherFlowNames(namesOf(flows, store.getState().flow.id));
  }, [store, flows, flowId]);
  useEffect(() => {
    store.getState().setLimits(addOn.node_limits);
  }, [store, addOn.node_limits]);

  // The local draft: written a moment after each change, at once when the page is hidden.
  const writer = useMemo(() => createDraftWriter((draft) => writeDraft(productId, draft.flow.id, draft)), [productId]);
  useEffect(() => {
    const unsubscribe = store.subscribe((state, previous) => {
      // While an older draft is on offer it is kept as it is: writing would replace it.
      if (state.flow !== previous.flow && state.changesMade && !draftOffered.current) {
        writer.schedule({ flow: state.flow, baseVersion: baseVersion.current, savedAt: Date.now() });
      }
    });
    const flush = () => writer.flush();
    const onHidden = () => document.visibilityState === 'hidden' && writer.flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      writer.flush();
    };
  }, [store, writer]);

  const forgetDraft = (id: string | null) => {
    writer.cancel();
    clearDraft(productId, id);
  };

  // Leaving with unsaved changes: the app's own navigation asks, a reload or close gets the browser's prompt.
  const leaving = useRef(false);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        !leaving.current && store.getState().changesMade && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
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

  /** Moves to the edit URL of a flow that just got its id, keeping this session (its undo history). */
  const moveTo = (id: string) => {
    leaving.current = true;
    const state: EditorLocationState = { editorSession: sessionKey };
    void navigate(paths.customCallFlowEditor(productId, id), { replace: true, state });
  };

  /** Records a successful save: the version, the caches, the flow's id, and whether changes are left. */
  const afterSave = (saved: StoredCallFlow, sent: CallFlow) => {
    const wasNew = sent.id === null;
    baseVersion.current = saved.version;
    storeSavedCallFlow(queryClient, productId, saved);
    if (saved.enable) void queryClient.invalidateQueries({ queryKey: callFlowKeys.simple(productId) });
    const current = store.getState().flow;
    const leftOver = changedSinceSave(sent, current);
    // Not an edit: neither recorded in the history nor marking changes.
    store.setState({ flow: { ...current, id: saved.id, enable: saved.enable } });
    if (!leftOver) {
      store.getState().markSaved();
      forgetDraft(saved.id);
    }
    if (wasNew) {
      clearDraft(productId, null);
      moveTo(saved.id);
    }
  };

  const showConflict = async (intent: SaveIntent, id: string) => {
    try {
      const theirs = await queryClient.fetchQuery({ ...callFlowQueryOptions(productId, id), staleTime: 0 });
      setConflict({ intent, theirs });
    } catch (error) {
      toaster.create({ type: 'error', title: callFlowMessages.saveFailed, description: userErrorText(error) });
    }
  };

  const saveFailed = (error: unknown) => {
    const detail = isApiError(error) && error.isClientError ? userErrorText(error) : undefined;
    toaster.create({ type: 'error', title: callFlowMessages.saveFailed, description: detail });
  };

  const refuse = (message: string) => {
    toaster.create({ type: 'error', title: message, description: message === callFlowMessages.invalidActiveFlow ? MSG_ENABLE_TOOLTIP : undefined });
    if (message !== callFlowMessages.invalidActiveFlow) nameInput.current?.focus();
  };

  const plan = (intent: SaveIntent) => {
    const state = store.getState();
    return planSave({ flow: state.flow, valid: state.problems.length === 0, otherFlowNames: state.otherFlowNames, baseVersion: baseVersion.current, intent });
  };

  /** Saves (and with 'save-and-enable' enables) the flow as it is now. A failed save keeps everything. */
  const save = async (intent: SaveIntent) => {
    // A ref, not the state: a double click comes before the re-render that disables the button.
    if (busy.current || conflict) return;
    const sent = store.getState().flow;
    const steps = plan(intent);
    if (!steps.ok) {
      refuse(steps.message);
      return;
    }
    busy.current = true;
    setSaving(intent);
    let saved: StoredCallFlow | null = null;
    try {
      for (const step of steps.steps) {
        if (step.kind === 'create') saved = await createCallFlow(productId, step.body);
        else if (step.kind === 'patch') saved = await patchCallFlow(productId, step.flowId, step.body);
        else if (saved) saved = await patchCallFlow(productId, saved.id, { enable: true, version: saved.version });
      }
      if (saved) {
        afterSave(saved, sent);
        const enabled = intent === 'save-and-enable';
        const title = enabled ? editorTexts.enabled : sent.id === null ? editorTexts.created : editorTexts.saved;
        toaster.create({ type: 'success', title, description: enabled ? `${saved.name} is now your active call flow.` : `${saved.name} has been saved.` });
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
      busy.current = false;
      setSaving(null);
    }
  };

  const gate = useEnableGate({ productId, inTrial, addOn });
  const saveAndEnable = () => {
    if (busy.current || conflict) return;
    if (!inTrial) {
      const steps = plan('save-and-enable');
      if (!steps.ok) {
        refuse(steps.message);
        return;
      }
    }
    const active = activeCustomFlow(flows);
    gate.request({ flowName: store.getState().flow.name.trim(), replacing: active && active.id !== flowId ? active.name : null, kind: 'save-and-enable', run: () => void save('save-and-enable') });
  };

  const resolveConflict = async (choice: ConflictChoice) => {
    if (!conflict || busy.current) return;
    const state = store.getState();
    const resolution = planConflict(choice, { mine: state.flow, theirs: conflict.theirs, otherFlowNames: state.otherFlowNames, intent: conflict.intent });
    if (resolution.kind === 'reload') {
      const theirs = resolution.flow;
      state.load({ id: theirs.id, name: theirs.name, enable: theirs.enable, data: theirs.data });
      baseVersion.current = theirs.version;
      forgetDraft(theirs.id);
      setConflict(null);
      toaster.create({ type: 'info', title: editorTexts.reloaded });
      return;
    }
    const sent = state.flow;
    busy.current = true;
    setResolving(choice);
    try {
      if (resolution.kind === 'patch') {
        const saved = await patchCallFlow(productId, resolution.flowId, resolution.body);
        afterSave(saved, sent);
        setConflict(null);
        toaster.create({ type: 'success', title: conflict.intent === 'save-and-enable' ? editorTexts.enabled : editorTexts.saved, description: `${saved.name} has been saved.` });
      } else {
        const created = await createCallFlow(productId, resolution.body);
        const oldId = sent.id;
        baseVersion.current = created.version;
        storeSavedCallFlow(queryClient, productId, created);
        const current = store.getState().flow;
        const leftOver = changedSinceSave(sent, current);
        store.setState({ flow: { ...current, id: created.id, name: created.name, enable: false } });
        if (!leftOver) store.getState().markSaved();
        forgetDraft(oldId);
        setConflict(null);
        moveTo(created.id);
        toaster.create({ type: 'success', title: editorTexts.created, description: `Your version has been saved as ${created.name}.` });
      }
    } catch (error) {
      if (isApiError(error) && error.status === 412 && sent.id !== null) {
        // Saved again meanwhile: the dialog stays, with the newest version.
        await showConflict(conflict.intent, sent.id);
      } else {
        setConflict(null);
        saveFailed(error);
      }
    } finally {
      busy.current = false;
      setResolving(null);
    }
  };

  const restoreDraft = () => {
    if (!draftOffer) return;
    const state = store.getState();
    state.load({ ...draftOffer.flow, id: state.flow.id, enable: state.flow.enable });
    store.setState({ changesMade: true });
    if (draftOffer.baseVersion !== null) baseVersion.current = draftOffer.baseVersion;
    draftOffered.current = false;
    setDraftOffer(null);
    writer.schedule({ flow: store.getState().flow, baseVersion: baseVersion.current, savedAt: Date.now() });
  };
  const discardDraft = () => {
    clearDraft(productId, store.getState().flow.id);
    draftOffered.current = false;
    setDraftOffer(null);
    // Changes made while the offer was showing still deserve a draft.
    if (store.getState().changesMade) writer.schedule({ flow: store.getState().flow, baseVersion: baseVersion.current, savedAt: Date.now() });
  };

  const discardAndLeave = () => {
    forgetDraft(store.getState().flow.id);
    blocker.proceed?.();
  };

  // Ctrl/Cmd+S saves.
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        if (!document.querySelector('dialog[open]')) void saveRef.current('save');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const services: CallFlowCanvasServices = useMemo(
    () => ({
      siteUsers: siteUsers(site),
      audioFiles,
      fetchAudio: (storedFilename: string) => fetchAudioFile(queryClient, productId, storedFilename),
      isUkPhoneNumber: (number: string) => checkUkPhoneNumber(queryClient, number),
      siteNumbers: siteNumbers.data?.map((entry) => entry.number),
      audio: callFlowAudioServices(queryClient, productId),
    }),
    [site, audioFiles, queryClient, productId, siteNumbers.data],
  );

  const cancel = () => {
    void navigate(paths.callFlowsPage(productId));
  };

  return (
    <>
      <EditorBar
        name={name}
        onNameChange={(next) => store.getState().run(renameFlow(next))}
        nameError={nameError}
        nameInputRef={nameInput}
        changesMade={changesMade}
        valid={valid}
        saving={saving}
        onSave={() => void save('save')}
        onSaveAndEnable={saveAndEnable}
        onCancel={cancel}
      />
      {draftOffer && <DraftBanner draft={draftOffer} onRestore={restoreDraft} onDiscard={discardDraft} />}
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} outline="none" flex="1" minH="0" position="relative" display="flex" flexDirection="column">
        <Heading as="h1" srOnly>
          {`Edit call flow ${name}`}
        </Heading>
        <Box flex="1" minH="0" position="relative">
          <CallFlowCanvas store={store} services={services} />
        </Box>
      </Box>

      {gate.dialogs}
      <DiscardChangesDialog open={blocker.state === 'blocked'} onKeep={() => blocker.reset?.()} onDiscard={discardAndLeave} />
      <ConflictDialog
        theirs={conflict?.theirs ?? null}
        copyName={conflict ? copyFlowName(name, [...store.getState().otherFlowNames, conflict.theirs.name, name]) : ''}
        busy={resolving}
        onChoose={(choice) => void resolveConflict(choice)}
        onClose={() => setConflict(null)}
      />
    </>
  );
}
