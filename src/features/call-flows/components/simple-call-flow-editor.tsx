import { Box, Button, chakra, Flex, Heading, Spinner, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';

import type { AudioFile, SimpleCallFlow } from '@portal/contract';

import { Checkbox } from '../../../components/checkbox.tsx';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { useAudioPlayback } from '../../../lib/use-audio-playback.ts';
import { callFlowAudioServices } from '../api/audio-services.ts';
import { fetchAudioFile } from '../api/download-audio-file.ts';
import { simpleCallFlowQueryOptions, useSimpleCallFlow } from '../api/get-simple-call-flow.ts';
import { useAudioFiles } from '../api/list-audio-files.ts';
import { usePatchSimpleCallFlow } from '../api/patch-simple-call-flow.ts';
import { withAddedFiles } from '../logic/audio-files.ts';
import {
  DEFAULT_CLOSED_GREETING,
  draftFromSaved,
  enableError,
  isSimpleFlowChanged,
  simpleFlowFieldIds,
  simpleFlowProblems,
  simpleFlowRefusal,
  type SimpleFlowDraft,
} from '../logic/simple-flow.ts';
import { AudioSelect, type AudioSelectProps } from './audio-select.tsx';
import { OpeningHoursEditor } from './opening-hours-editor.tsx';

const HEADING_ID = 'simple-flow-heading';

/** The simple call flow section: loads the flow and the audio files, then the form. */
export function SimpleCallFlowSection({ productId }: { productId: number }) {
  const flow = useSimpleCallFlow(productId);
  const audio = useAudioFiles(productId);
  return (
    <Box as="section" aria-labelledby={HEADING_ID} borderWidth="1px" rounded="lg" bg="bg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" id={HEADING_ID} size="xl" mb="1">
        Simple call flow
      </Heading>
      <Text color="fg.muted" mb="5">
        Greet callers and answer within your opening hours, without building a custom call flow.
      </Text>
      {flow.isPending ? (
        <Loading label="Loading your simple call flow" />
      ) : flow.isError ? (
        <LoadError
          title="Your simple call flow could not be loaded"
          error={flow.error}
          onRetry={() => void flow.refetch()}
          retrying={flow.isFetching}
        />
      ) : (
        <SimpleCallFlowForm
          productId={productId}
          saved={flow.data}
          audioFiles={audio.data ?? []}
          audioError={audio.isError}
        />
      )}
    </Box>
  );
}

interface FormState {
  /** The saved copy the draft started from. */
  base: SimpleCallFlow;
  draft: SimpleFlowDraft;
}

function SimpleCallFlowForm({
  productId,
  saved,
  audioFiles,
  audioError,
}: {
  productId: number;
  saved: SimpleCallFlow;
  audioFiles: AudioFile[];
  audioError: boolean;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<FormState>(() => ({ base: saved, draft: draftFromSaved(saved) }));
  // A newer saved copy (after a save, or fetched again): an untouched draft follows it,
  // a draft with changes keeps them and is compared with the newer copy from now on.
  if (state.base !== saved) {
    setState({
      base: saved,
      draft: isSimpleFlowChanged(state.base, state.draft) ? state.draft : draftFromSaved(saved),
    });
  }
  const { draft } = state;
  const changed = isSimpleFlowChanged(saved, draft);
  const [enableRefusal, setEnableRefusal] = useState<string | null>(null);
  const [tried, setTried] = useState(0);
  // The server's refusal of the last save (or of fetching the latest version after a conflict).
  const [saveError, setSaveError] = useState<ReturnType<typeof simpleFlowRefusal> | null>(null);
  // Bumped on each failed save: the summary takes the focus again.
  const [attempt, setAttempt] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const patch = usePatchSimpleCallFlow(productId);
  const load = useCallback((name: string) => fetchAudioFile(queryClient, productId, name), [queryClient, productId]);
  const preview = useAudioPlayback(load);
  // Files made here are listed at once, before the audio-file list is fetched again.
  const [added, setAdded] = useState<readonly AudioFile[]>([]);
  const files = withAddedFiles(audioFiles, added);
  const audioServices = useMemo(() => callFlowAudioServices(queryClient, productId), [queryClient, productId]);
  const newAudio = {
    services: audioServices,
    kind: 'greeting',
    onSaved: (file: AudioFile) => setAdded((list) => [...list, file]),
  } as const;

  const problems = [...(tried > 0 ? simpleFlowProblems(draft) : []), ...(saveError?.errors ?? [])];
  useEffect(() => {
    if (attempt > 0) summaryRef.current?.focus();
  }, [attempt]);
  const fail = (refusal: ReturnType<typeof simpleFlowRefusal>) => {
    setSaveError(refusal);
    setAttempt((n) => n + 1);
  };

  const update = (change: (draft: SimpleFlowDraft) => SimpleFlowDraft) => {
    setState((current) => ({ ...current, draft: change(current.draft) }));
    setSaveError(null);
  };
  const setData = <K extends keyof SimpleFlowDraft['data']>(key: K, value: SimpleFlowDraft['data'][K]) =>
    update((current) => ({ ...current, data: { ...current.data, [key]: value } }));

  const setEnabled = (enable: boolean) => {
    const refusal = enable ? enableError(draft.data) : null;
    setEnableRefusal(refusal);
    if (!refusal) update((current) => ({ ...current, enable }));
  };

  const reset = () => {
    setState({ base: saved, draft: draftFromSaved(saved) });
    setEnableRefusal(null);
    setSaveError(null);
    setTried(0);
    setAttempt(0);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (patch.isPending) return;
    if (simpleFlowProblems(draft).length > 0) {
      setTried((n) => n + 1);
      setAttempt((n) => n + 1);
      return;
    }
    setTried(0);
    setSaveError(null);
    patch.mutate(
      { enable: draft.enable, data: draft.data, version: saved.version },
      {
        onSuccess: () => toaster.create({ type: 'success', title: 'Simple call flow saved' }),
        onError: (error) => fail(simpleFlowRefusal(error)),
      },
    );
  };

  const loadLatest = () => {
    setSaveError(null);
    queryClient.fetchQuery({ ...simpleCallFlowQueryOptions(productId), staleTime: 0 }).then(
      (latest) => {
        setState({ base: latest, draft: draftFromSaved(latest) });
        setEnableRefusal(null);
        setTried(0);
      },
      (error: unknown) => fail({ errors: [{ message: userErrorText(error) }], conflict: true }),
    );
  };

  const welcome = draft.data.welcome_greeting;
  const closed = draft.data.closed_greeting;
  const outOfHours = draft.data.out_of_hours;
  const enableErrorId = `${simpleFlowFieldIds.enable}-error`;
  const welcomeAudioError =
    (tried > 0 && draft.enable ? enableError(draft.data) : null) ??
    saveError?.errors.find((error) => error.fieldId === simpleFlowFieldIds.welcomeAudio)?.message;

  return (
    <chakra.form onSubmit={save} noValidate display="flex" flexDirection="column" gap="6">
      <Box>
        <ErrorSummary ref={summaryRef} errors={problems} />
        {saveError?.conflict && (
          <Button size="sm" variant="outline" colorPalette="brand" onClick={loadLatest} mt="-3">
            Load the latest version
          </Button>
        )}
      </Box>

      <Box>
        <Checkbox
          id={simpleFlowFieldIds.enable}
          asSwitch
          label="Enable the simple call flow"
          hint="When it is on, calls follow the simple call flow instead of a custom call flow."
          checked={draft.enable}
          onChange={setEnabled}
          describedBy={enableRefusal ? enableErrorId : undefined}
        />
        {enableRefusal && (
          <Text id={enableErrorId} role="alert" color="fg.error" fontWeight="semibold" mt="2">
            {enableRefusal}
          </Text>
        )}
      </Box>

      <chakra.fieldset display="flex" flexDirection="column" gap="4">
        <chakra.legend fontSize="lg" fontWeight="semibold" mb="2">
          Opening hours
        </chakra.legend>
        <Checkbox
          id="simple-flow-out-of-hours"
          label="Close outside opening hours"
          hint="Outside these hours callers hear the closed greeting."
          checked={outOfHours.enabled}
          onChange={(enabled) => setData('out_of_hours', { ...outOfHours, enabled })}
        />
        {outOfHours.enabled && (
          <OpeningHoursEditor
            hours={outOfHours.business_hours}
            onChange={(business_hours) => setData('out_of_hours', { ...outOfHours, business_hours })}
            showProblems={tried > 0}
          />
        )}
      </chakra.fieldset>

      {audioError && (
        <Text role="alert" color="fg.error">
          Your audio files could not be loaded, so greetings cannot be chosen now.
        </Text>
      )}

      <GreetingFieldset
        legend="Welcome greeting"
        checkbox={{ id: 'simple-flow-welcome-enabled', label: 'Play a welcome greeting' }}
        enabled={welcome.enabled}
        onEnabledChange={(enabled) => setData('welcome_greeting', { ...welcome, enabled })}
        audio={{
          id: simpleFlowFieldIds.welcomeAudio,
          label: 'Welcome greeting audio',
          value: welcome.audio_file,
          onChange: (audio_file) => {
            setData('welcome_greeting', { ...welcome, audio_file });
            if (audio_file) setEnableRefusal(null);
          },
          error: welcomeAudioError ?? undefined,
          files,
          preview,
          newAudio: { ...newAudio, title: 'New welcome greeting audio', defaultName: 'Welcome greeting' },
        }}
      />

      <GreetingFieldset
        legend="Closed greeting"
        checkbox={{
          id: 'simple-flow-closed-enabled',
          label: 'Play a closed greeting',
          hint: 'Played to callers outside your opening hours.',
        }}
        enabled={closed.enabled}
        onEnabledChange={(enabled) => setData('closed_greeting', { ...closed, enabled })}
        audio={{
          id: simpleFlowFieldIds.closedAudio,
          label: 'Closed greeting audio',
          value: closed.audio_file ?? DEFAULT_CLOSED_GREETING,
          onChange: (audio_file) =>
            setData('closed_greeting', { ...closed, audio_file: audio_file ?? DEFAULT_CLOSED_GREETING }),
          builtIn: { value: DEFAULT_CLOSED_GREETING, label: 'Default closed greeting' },
          files,
          preview,
          newAudio: { ...newAudio, title: 'New closed greeting audio', defaultName: 'Closed greeting' },
        }}
      />

      {preview.error && (
        <Text role="alert" color="fg.error">
          {preview.error}
        </Text>
      )}

      <Flex gap="3" align="center" wrap="wrap">
        <SubmitButton pending={patch.isPending} pendingText="Saving" size="md" align="row">
          Save simple call flow
        </SubmitButton>
        <Button
          type="button"
          variant="outline"
          colorPalette="gray"
          onClick={reset}
          disabled={!changed || patch.isPending}
        >
          Reset
        </Button>
        <Text aria-live="polite" color="fg.muted" fontSize="sm">
          {patch.isPending ? (
            <chakra.span display="inline-flex" gap="2" alignItems="center">
              <Spinner size="xs" />
              Saving…
            </chakra.span>
          ) : changed ? (
            'You have unsaved changes'
          ) : (
            ''
          )}
        </Text>
      </Flex>
    </chakra.form>
  );
}

interface GreetingFieldsetProps {
  legend: string;
  checkbox: { id: string; label: string; hint?: string };
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  /** The audio select, shown while the greeting is on. */
  audio: AudioSelectProps;
}

/** One greeting of the simple call flow (welcome, closed): whether it plays, and its audio. */
function GreetingFieldset({ legend, checkbox, enabled, onEnabledChange, audio }: GreetingFieldsetProps) {
  return (
    <chakra.fieldset display="flex" flexDirection="column" gap="3">
      <chakra.legend fontSize="lg" fontWeight="semibold" mb="2">
        {legend}
      </chakra.legend>
      <Checkbox
        id={checkbox.id}
        label={checkbox.label}
        hint={checkbox.hint}
        checked={enabled}
        onChange={onEnabledChange}
      />
      {enabled && <AudioSelect {...audio} />}
    </chakra.fieldset>
  );
}
