import { Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import * as z from 'zod/mini';

import { AudioName, type TtsVoice } from '@portal/contract';

import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { toStoredWav, type KeptRange, type StoredWav } from '../logic/convert.ts';
import { isAbort, readableError } from '../logic/readable-error.ts';
import { AUDIO_NAME_MAX_LENGTH, audioLimits, formatLength, keptLengthProblem } from '../logic/rules.ts';
import type { AudioMethod, NewTake, Take } from '../logic/types.ts';
import type { AudioDialogProps } from './audio-dialog.tsx';
import { MethodTabs, type TabIds } from './method-tabs.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { RecordPanel } from './record-panel.tsx';
import { TextToSpeechPanel } from './text-to-speech-panel.tsx';
import { TrimEditor } from './trim-editor.tsx';
import { UploadPanel } from './upload-panel.tsx';

export interface AudioDialogContentProps extends Omit<AudioDialogProps<unknown>, 'open'> {
  /** The dialog asks this before Escape or a backdrop click closes it. */
  closeRequestRef: RefObject<(() => void) | null>;
}

const NameForm = z.object({ name: AudioName });

type Saving = { phase: 'preparing' | 'uploading'; fraction: number };

const staleWords =
  'The words or voice have changed since the preview. Preview again, so that what is saved is what you heard.';
const noTakeHint = 'Record, type out or upload your audio first.';

/** The part kept of a new take: all of it, or the start of it up to the limit. */
function initialKept(duration: number, maxSeconds: number): KeptRange {
  return { start: 0, end: Math.min(duration, maxSeconds) };
}

/**
 * Everything inside the audio dialog, loaded when it first opens: the choice of method,
 * the three ways of making a take, listening and trimming, the name, and Save, which
 * converts the kept part to the stored format and hands it to `services.save`.
 */
export default function AudioDialogContent(props: AudioDialogContentProps) {
  const {
    kind,
    services,
    onSaved,
    onClose,
    closeRequestRef,
    defaultName = '',
    defaultText = '',
    defaultVoice = 'female',
  } = props;
  const limits = audioLimits(kind);
  const withSpeech = props.allowTextToSpeech !== false && services.synthesize !== undefined;
  const methods: AudioMethod[] = withSpeech ? ['record', 'text_to_speech', 'upload'] : ['record', 'upload'];

  const idPrefix = useId();
  const ids: TabIds = {
    tab: (method) => `${idPrefix}-tab-${method}`,
    panel: (method) => `${idPrefix}-panel-${method}`,
  };
  const nameId = `${idPrefix}-name`;
  const saveHintId = `${idPrefix}-save-hint`;
  const activeTab = useRef<HTMLButtonElement>(null);
  const endInput = useRef<HTMLInputElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);

  const [method, setMethod] = useState<AudioMethod>(
    props.initialMethod && methods.includes(props.initialMethod) ? props.initialMethod : methods[0]!,
  );
  const [take, setTake] = useState<Take | null>(null);
  const [kept, setKept] = useState<KeptRange>({ start: 0, end: 0 });
  const [ttsText, setTtsText] = useState(defaultText);
  const [ttsVoice, setTtsVoice] = useState<TtsVoice>(defaultVoice);
  const [busy, setBusy] = useState<Record<AudioMethod, boolean>>({
    record: false,
    text_to_speech: false,
    upload: false,
  });
  const [saving, setSaving] = useState<Saving | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const takeCount = useRef(0);
  const upload = useRef<AbortController | null>(null);
  // The converted kept part of the last save attempt: a retry after a failed upload reuses it.
  const converted = useRef<{ takeId: number; kept: KeptRange; stored: StoredWav } | null>(null);

  const panelBusy = busy.record || busy.text_to_speech || busy.upload;
  const unsaved = take !== null || panelBusy || saving !== null;
  const stale = take?.subKind === 'text_to_speech' && (take.text !== ttsText || take.voice !== ttsVoice);

  // Opened before this part had loaded, the dialog holds the focus itself: put it on the tabs.
  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused.tagName === 'DIALOG') activeTab.current?.focus();
  }, []);

  useEffect(() => () => upload.current?.abort(), []);

  const close = useCallback(() => {
    upload.current?.abort();
    onClose();
  }, [onClose]);

  // Escape or a click outside would throw away a recording: ask first, and close on a second one.
  useEffect(() => {
    closeRequestRef.current = () => {
      if (!unsaved || confirmingClose) close();
      else setConfirmingClose(true);
    };
  }, [closeRequestRef, unsaved, confirmingClose, close]);
  useEffect(() => {
    if (confirmingClose) keepButton.current?.focus();
  }, [confirmingClose]);

  const setPanelBusy = useCallback((which: AudioMethod, value: boolean) => {
    setBusy((current) => (current[which] === value ? current : { ...current, [which]: value }));
  }, []);
  const recordBusy = useCallback((value: boolean) => setPanelBusy('record', value), [setPanelBusy]);
  const speechBusy = useCallback((value: boolean) => setPanelBusy('text_to_speech', value), [setPanelBusy]);
  const uploadBusy = useCallback((value: boolean) => setPanelBusy('upload', value), [setPanelBusy]);

  const acceptTake = (next: NewTake) => {
    takeCount.current += 1;
    setTake({ ...next, id: takeCount.current });
    setKept(initialKept(next.audio.duration, limits.maxSeconds));
    setSaveError(null);
    setAnnouncement(`Ready to listen and trim: ${next.label}, ${formatLength(next.audio.duration)}.`);
  };

  // The name is the dialog's one typed field: the contract's AudioName checks it before anything is converted.
  const { submit: submitName, field: nameField } = useForm({
    schema: NameForm,
    ids: { name: nameId },
    initial: { name: defaultName },
    validate: 'after-submit',
    focus: 'field',
    send: ({ name }) => save(name),
  });

  const save = async (name: string) => {
    if (!take || saving) return;
    if (keptLengthProblem(kept.end - kept.start, kind)) {
      endInput.current?.focus(); // the message is beside it, and read with it
      return;
    }
    if (stale) {
      setSaveError(staleWords);
      return;
    }
    setSaveError(null);
    const controller = new AbortController();
    upload.current = controller;
    try {
      let stored = converted.current;
      if (!stored || stored.takeId !== take.id || stored.kept.start !== kept.start || stored.kept.end !== kept.end) {
        setSaving({ phase: 'preparing', fraction: 0 });
        const wav = await toStoredWav(take.audio, kept, {
          signal: controller.signal,
          onProgress: (fraction) => setSaving({ phase: 'preparing', fraction }),
        });
        stored = { takeId: take.id, kept, stored: wav };
        converted.current = stored;
      }
      setSaving({ phase: 'uploading', fraction: 0 });
      const result = await services.save(
        {
          wav: stored.stored.wav,
          name,
          kind,
          sub_kind: take.subKind,
          ...(take.subKind === 'text_to_speech' ? { text: take.text, tts_voice: take.voice } : {}),
          durationMs: stored.stored.durationMs,
        },
        { signal: controller.signal, onProgress: (fraction) => setSaving({ phase: 'uploading', fraction }) },
      );
      if (controller.signal.aborted) return;
      onSaved(result);
      onClose();
    } catch (error) {
      // Cancelled: the dialog is closing. Failed: the take stays, to try again.
      if (!controller.signal.aborted && !isAbort(error)) setSaveError(readableError(error));
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setSaving(null);
      }
    }
  };

  const savingText =
    saving &&
    `${saving.phase === 'preparing' ? 'Preparing the audio' : 'Uploading'}, ${Math.round(saving.fraction * 100)}%`;

  return (
    <Stack gap="5">
      <MethodTabs methods={methods} active={method} onChange={setMethod} ids={ids} activeTabRef={activeTab} />

      {methods.map((each) => (
        <Box key={each} role="tabpanel" id={ids.panel(each)} aria-labelledby={ids.tab(each)} hidden={each !== method}>
          {each === 'record' && (
            <RecordPanel
              active={method === 'record'}
              maxSeconds={limits.maxSeconds}
              onStart={() => setTake(null)}
              onTake={acceptTake}
              onBusyChange={recordBusy}
            />
          )}
          {each === 'text_to_speech' && services.synthesize && (
            <TextToSpeechPanel
              text={ttsText}
              voice={ttsVoice}
              onTextChange={setTtsText}
              onVoiceChange={setTtsVoice}
              synthesize={services.synthesize}
              onTake={acceptTake}
              onBusyChange={speechBusy}
            />
          )}
          {each === 'upload' && <UploadPanel onTake={acceptTake} onBusyChange={uploadBusy} />}
        </Box>
      ))}

      {/* A new take appears below the panel, away from the focus: say so. */}
      <chakra.p role="status" srOnly>
        {announcement}
      </chakra.p>
      {take && (
        <>
          <TrimEditor key={take.id} take={take} kind={kind} kept={kept} onKeptChange={setKept} endInputRef={endInput} />
          {take.audio.duration > limits.maxSeconds && (
            <Text fontSize="sm" color="fg.muted">
              This audio is longer than the limit, so only part of it is kept. Move the shaded part to choose which.
            </Text>
          )}
          {stale && (
            <Text role="status" fontSize="sm" fontWeight="semibold">
              {staleWords}
            </Text>
          )}
        </>
      )}

      <TextField
        {...nameField('name')}
        label="Name"
        hint="How this audio is listed in your portal."
        maxLength={AUDIO_NAME_MAX_LENGTH}
        required
        autoComplete="off"
      />

      {saving && savingText && <ProgressBar label="Saving" value={saving.fraction} valueText={savingText} />}
      {saveError && (
        <Text
          role="alert"
          color="fg.error"
          fontWeight="semibold"
          borderInlineStartWidth="4px"
          borderColor="border.error"
          ps="3"
        >
          {saveError}
        </Text>
      )}

      {confirmingClose ? (
        <Box role="alert" borderWidth="2px" borderColor="gray.700" rounded="md" p="4">
          <Text fontWeight="semibold" mb="3">
            Close without saving? The audio you made here will be lost.
          </Text>
          <Flex gap="3" justify="flex-end" wrap="wrap">
            <Button
              ref={keepButton}
              type="button"
              variant="outline"
              colorPalette="gray"
              onClick={() => setConfirmingClose(false)}
            >
              Keep editing
            </Button>
            <Button type="button" colorPalette="gray" onClick={close}>
              Discard and close
            </Button>
          </Flex>
        </Box>
      ) : (
        <Flex gap="3" justify="flex-end" align="center" wrap="wrap">
          {!take && (
            <chakra.p id={saveHintId} fontSize="sm" color="fg.muted" me="auto">
              {noTakeHint}
            </chakra.p>
          )}
          <Button type="button" variant="outline" colorPalette="gray" onClick={close}>
            Cancel
          </Button>
          <Button
            type="button"
            colorPalette="brand"
            onClick={() => {
              if (take && !saving) submitName();
            }}
            disabled={!take || panelBusy || saving !== null}
            loading={saving !== null}
            loadingText="Saving"
            aria-describedby={!take ? saveHintId : undefined}
          >
            Save
          </Button>
        </Flex>
      )}
    </Stack>
  );
}
