import { Box, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';

import {
  callFlowMessages,
  type AdvancedCallFlowAddOn,
  type AudioFile,
  type CallFlowSummary,
  type Site,
} from '@portal/contract';
import { createEditorStore, createFlow, diffFlows, flowNamesOf, renameFlow, type CallFlow } from '@portal/editor-core';

import { MAIN_CONTENT_ID } from '../../../components/skip-link.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { MOBILE_MEDIA_QUERY } from '../../../config/breakpoints.ts';
import * as paths from '../../../config/paths.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { callFlowAudioServices } from '../api/audio-services.ts';
import { createCallFlow, storeSavedCallFlow } from '../api/create-call-flow.ts';
import { fetchAudioFile } from '../api/download-audio-file.ts';
import { useAdvancedCallFlowAddOn } from '../api/get-advanced-call-flow-add-on.ts';
import { callFlowQueryOptions, useCallFlow } from '../api/get-call-flow.ts';
import { useHolidaySchedule } from '../api/get-holidays.ts';
import { useSiteNumbers } from '../api/get-site-numbers.ts';
import { siteUsers, useSite } from '../api/get-site.ts';
import { checkUkPhoneNumber } from '../api/is-uk-phone-number.ts';
import { callFlowKeys } from '../api/keys.ts';
import { useAudioFiles } from '../api/list-audio-files.ts';
import { useCallFlowList } from '../api/list-call-flows.ts';
import { patchCallFlow } from '../api/patch-call-flow.ts';
import { testCallApi } from '../api/test-calls.ts';
import { CallFlowCanvas, type CallFlowCanvasServices } from '../canvas/index.ts';
import { useArrangementPreference } from '../hooks/use-arrangement-preference.ts';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';
import { useSaveShortcut } from '../hooks/use-save-shortcut.ts';
import { clearDraft, draftDiffers, readDraft, writeDraft, type CallFlowDraft } from '../logic/draft-storage.ts';
import { activeCustomFlow, copyFlowName } from '../logic/flow-list.ts';
import { customCallFlowEditor } from '../logic/route-params.ts';
import { refusalToast } from '../session/editor-session.ts';
import { useEditorSession } from '../session/use-editor-session.ts';
import { EditorBar } from './editor-bar.tsx';
import { ConflictDialog, DiscardChangesDialog, DraftBanner } from './editor-dialogs.tsx';
import { useEnableGate, type EnableRequest } from './enable-gate.tsx';
import { RestoreVersionDialog, useFlowVersions, VersionsPanelFor } from './versions-panel.tsx';

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

const namesOf = (flows: readonly CallFlowSummary[], except: string | null) =>
  flows.filter((f) => f.id !== except).map((f) => f.name);

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
      : createFlow({
          existingNames: list.data.map((f) => f.name),
          publicNumbers: site.data.pilot_number ? [site.data.pilot_number.number] : [],
        });
    const draft = readDraft(productId, flowId);
    setStart({
      flow: initial,
      baseVersion: flow.data?.version ?? null,
      draft: draft && draftDiffers(draft.flow, initial) ? draft : null,
    });
  }

  if (start && addOn.data && list.data && site.data) {
    return (
      <OpenFlowEditor
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
      <Flex
        as="header"
        h="80px"
        flexShrink={0}
        align="center"
        px={{ base: '3', lg: '6' }}
        bg="bg"
        borderBottomWidth="1px"
      >
        <BackToFlows productId={productId} />
      </Flex>
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} outline="none" flex="1" p={{ base: '4', lg: '10' }}>
        <Heading as="h1" srOnly>
          Call flow editor
        </Heading>
        {failed ? (
          <Box maxW="2xl">
            <LoadError
              title={callFlowMessages.loadFailed}
              error={failed.error}
              onRetry={retry}
              retrying={needed.some((query) => query.isFetching)}
            />
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

/** The editor once its flow, site, audio and add-on have loaded: the store, its save session and the canvas. */
function OpenFlowEditor({ productId, sessionKey, start, inTrial, addOn, flows, site, audioFiles }: SessionProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const siteNumbers = useSiteNumbers(productId);
  const holidays = useHolidaySchedule(productId);
  const [store] = useState(() =>
    createEditorStore({ flow: start.flow, limits: addOn.node_limits, otherFlowNames: namesOf(flows, start.flow.id) }),
  );
  const name = useStore(store, (s) => s.flow.name);
  const flowId = useStore(store, (s) => s.flow.id);
  const changesMade = useStore(store, (s) => s.changesMade);
  const problems = useStore(store, (s) => s.problems);
  const nameError = problems.find((p) => p.nodeId === null && p.code.startsWith('name_'))?.message ?? null;
  const valid = problems.length === 0;
  usePageTitle('Call flow editor');
  const nameInput = useRef<HTMLInputElement>(null);

  const { blocker, leaveFreely } = useLeaveGuard(store);

  const { session, saving, conflict, resolving, draftOffer, note } = useEditorSession({
    store,
    baseVersion: start.baseVersion,
    draft: start.draft,
    api: {
      create: (body) => createCallFlow(productId, body),
      patch: (id, body) => patchCallFlow(productId, id, body),
      latest: (id) => queryClient.fetchQuery({ ...callFlowQueryOptions(productId, id), staleTime: 0 }),
      stored: (saved) => {
        storeSavedCallFlow(queryClient, productId, saved);
        void queryClient.invalidateQueries({ queryKey: callFlowKeys.versions(productId, saved.id) });
        if (saved.enable) void queryClient.invalidateQueries({ queryKey: callFlowKeys.simple(productId) });
      },
    },
    drafts: {
      write: (id, draft) => writeDraft(productId, id, draft),
      clear: (id) => clearDraft(productId, id),
    },
    view: {
      notify: (toast) => toaster.create(toast),
      refused: (message) => {
        toaster.create(refusalToast(message));
        if (message !== callFlowMessages.invalidActiveFlow) nameInput.current?.focus();
      },
      // Moves to the edit URL of a flow that just got its id, keeping this session (its undo history).
      moveTo: (id) => {
        leaveFreely();
        const state: EditorLocationState = { editorSession: sessionKey };
        void navigate(customCallFlowEditor(productId, id), { replace: true, state });
      },
    },
  });

  // The account's other flows and the add-on's limits follow the server.
  useEffect(() => {
    store.getState().setOtherFlowNames(namesOf(flows, store.getState().flow.id));
  }, [store, flows, flowId]);
  useEffect(() => {
    store.getState().setLimits(addOn.node_limits);
  }, [store, addOn.node_limits]);

  const names = useMemo(() => flowNamesOf(siteUsers(site), audioFiles), [site, audioFiles]);
  const gate = useEnableGate({ productId, inTrial, addOn });
  const saveAndEnable = () => {
    // In a trial the gate offers the add-on first; the save refuses then if it must.
    if (session.busy() || (!inTrial && !session.mayStart('save-and-enable'))) return;
    const active = activeCustomFlow(flows);
    const ask = (changes: EnableRequest['changes']) =>
      gate.request({
        flowName: store.getState().flow.name.trim(),
        replacing: active && active.id !== flowId ? active.name : null,
        kind: 'save-and-enable',
        changes,
        run: () => void session.save('save-and-enable'),
      });
    if (!active) {
      ask(null);
      return;
    }
    // The difference against the flow active now (its saved copy when it is this one); without it, the dialogs all the same.
    // Another flow shares no step with this one: its steps are matched by the routes callers take.
    const match = active.id === flowId ? 'id' : 'route';
    queryClient
      .fetchQuery(callFlowQueryOptions(productId, active.id))
      .then((live) =>
        ask({
          against: active.name,
          texts: diffFlows(live.data, store.getState().flow.data, names, { match }).changes.map((c) => c.text),
        }),
      )
      .catch(() => ask(null));
  };

  const discardAndLeave = () => {
    session.discardChanges();
    blocker.proceed?.();
  };

  useSaveShortcut(useCallback(() => void session.save('save'), [session]));
  const { arrangement, onArrangementChange } = useArrangementPreference();

  const services: CallFlowCanvasServices = useMemo(
    () => ({
      siteUsers: siteUsers(site),
      audioFiles,
      fetchAudio: (storedFilename: string) => fetchAudioFile(queryClient, productId, storedFilename),
      isUkPhoneNumber: (number: string) => checkUkPhoneNumber(queryClient, number),
      siteNumbers: siteNumbers.data?.map((entry) => entry.number),
      // The test call treats the holiday schedule's days as closed (editor-core openingStatusAt).
      holidays: holidays.data?.map(({ start_date, end_date }) => ({ start_date, end_date })),
      audio: callFlowAudioServices(queryClient, productId),
      // A real test call plays the flow as saved: none for a flow never saved.
      ...(flowId !== null && { liveCall: testCallApi(productId, flowId) }),
    }),
    [site, audioFiles, queryClient, productId, siteNumbers.data, holidays.data, flowId],
  );

  const versions = useFlowVersions({
    productId,
    flowId,
    names,
    baseVersion: () => session.baseVersion(),
    onRestored: (saved) => session.loadSaved(saved),
  });
  const versionsPanel =
    flowId === null
      ? undefined
      : (close: () => void) => (
          <VersionsPanelFor
            controller={versions.controller}
            productId={productId}
            flowId={flowId}
            onClose={close}
            note={note}
            onNoteChange={(next) => session.setNote(next)}
          />
        );
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  // Two versions side by side (desktop only: a phone shows them one at a time).
  const sideBySide = mobile ? null : versions.sideBySide;

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
        onSave={() => void session.save('save')}
        onSaveAndEnable={saveAndEnable}
        onCancel={cancel}
        note={note}
        onNoteChange={(next) => session.setNote(next)}
      />
      {draftOffer && (
        <DraftBanner draft={draftOffer} onRestore={session.restoreDraft} onDiscard={session.discardDraft} />
      )}
      <Box
        as="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        outline="none"
        flex="1"
        minH="0"
        position="relative"
        display="flex"
        flexDirection="column"
      >
        <Heading as="h1" srOnly>
          {`Edit call flow ${name}`}
        </Heading>
        {sideBySide ? (
          <Flex flex="1" minH="0">
            {(['older', 'newer'] as const).map((which) => (
              <Flex
                key={which}
                direction="column"
                flex="1"
                minW="0"
                minH="0"
                borderStartWidth={which === 'newer' ? '2px' : undefined}
              >
                <Text px="3" py="1" fontSize="sm" fontWeight="semibold" bg="bg.muted" borderBottomWidth="1px">
                  {`Version ${sideBySide[which].number}${which === 'older' ? ' (older)' : ' (newer)'}`}
                </Text>
                <Box flex="1" minH="0" position="relative">
                  <CallFlowCanvas
                    store={sideBySide[which].store}
                    services={services}
                    readOnly
                    diffMarks={sideBySide[which].marks}
                    versionsPanel={which === 'newer' ? versionsPanel : undefined}
                    versionsOpen={which === 'newer'}
                    arrangement={arrangement}
                    aria-label={`Call flow canvas, version ${sideBySide[which].number}, read-only`}
                  />
                </Box>
              </Flex>
            ))}
          </Flex>
        ) : (
          <Box flex="1" minH="0" position="relative">
            <CallFlowCanvas
              store={versions.viewing ?? store}
              services={services}
              readOnly={versions.viewing !== null}
              diffMarks={versions.marks}
              versionsPanel={versionsPanel}
              versionsOpen={versions.used}
              arrangement={arrangement}
              onArrangementChange={onArrangementChange}
              aria-label={
                versions.viewingNumber === null
                  ? undefined
                  : `Call flow canvas, version ${versions.viewingNumber}, read-only`
              }
            />
          </Box>
        )}
      </Box>

      {gate.dialogs}
      <RestoreVersionDialog controller={versions.controller} changesMade={changesMade} />
      <DiscardChangesDialog
        open={blocker.state === 'blocked'}
        onKeep={() => blocker.reset?.()}
        onDiscard={discardAndLeave}
      />
      <ConflictDialog
        theirs={conflict?.theirs ?? null}
        copyName={conflict ? copyFlowName(name, [...store.getState().otherFlowNames, conflict.theirs.name, name]) : ''}
        busy={resolving}
        onChoose={(choice) => void session.resolveConflict(choice)}
        onClose={session.closeConflict}
      />
    </>
  );
}
