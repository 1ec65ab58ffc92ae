import { Box, Button, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import {
  CALL_DURATION_FILTERS,
  callLogMessages,
  displayPhone,
  formatCallDuration,
  MIN_RECORDING_PASSWORD_LENGTH,
  recordingsZipFilename,
  transcriptFilename,
  type CallRecording,
  type CallRecordingEntry,
  type TranscriptView,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import * as paths from '../../../config/paths.ts';
import { Checkbox } from '../../../components/checkbox.tsx';
import { DateRangeFields, filterSelectStyle } from '../../../components/date-range-fields.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { extractErrorText, userErrorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  deleteRecordings,
  downloadRecordings,
  downloadTranscript,
  getTranscript,
  recordingAudio,
  recordingsKey,
  restoreRecordings,
  setAdminPassword,
  useAdminPassword,
  useCallRecordings,
} from '../api/call-recordings-api.ts';
import { filtersFrom, filtersSearch, highlightParts, listQuery, progressText, toggleAll, type RecordingFilters } from '../logic/recordings-logic.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { RecordingAddOnWizard } from './recording-add-on-wizard.tsx';
import { WaveformPlayer } from './waveform-player.tsx';

const STATUS_LABELS = { outbound_call: 'Outbound', answered: 'Answered', missed: 'Missed' } as const;
const timeOf = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
const whenOf = (iso: string) => `${formatDate(iso)} ${timeOf(iso)}`;

/** Whether an error asks for the call-recording admin password (none sent, or a wrong one). */
const asksForPassword = (error: unknown) =>
  isApiError(error) && error.status === 403 && [callLogMessages.passwordRequired, callLogMessages.passwordWrong].includes(extractErrorText(error.data) as never);

function FiltersForm({ filters, onApply }: { filters: RecordingFilters; onApply: (next: RecordingFilters) => void }) {
  const [draft, setDraft] = useState(filters);
  const set = <K extends keyof RecordingFilters>(key: K, value: RecordingFilters[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, page: 1 });
  };
  return (
    <chakra.form onSubmit={submit} aria-label="Filter calls" borderWidth="1px" rounded="lg" p="4" mb="5">
      <Flex gap="4" wrap="wrap" align="flex-end">
        <DateRangeFields
          idPrefix="recordings"
          range={draft.range}
          start={draft.start_date}
          end={draft.end_date}
          onRange={(range) => set('range', range)}
          onStart={(date) => set('start_date', date)}
          onEnd={(date) => set('end_date', date)}
        />
        <Box>
          <TextField id="recordings-number" label="Number" inputMode="tel" value={draft.number} onChange={(event) => set('number', event.target.value)} maxW="14rem" />
        </Box>
        <Box>
          <chakra.label htmlFor="recordings-duration" display="block" fontWeight="medium" mb="1">
            Duration
          </chakra.label>
          <chakra.select id="recordings-duration" value={draft.duration} onChange={(event) => set('duration', event.target.value as RecordingFilters['duration'])} {...filterSelectStyle}>
            <option value="">Any length</option>
            {Object.entries(CALL_DURATION_FILTERS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </chakra.select>
        </Box>
        <Box>
          <TextField id="recordings-keyword" label="Keyword in transcripts" type="search" value={draft.keyword} onChange={(event) => set('keyword', event.target.value)} maxW="16rem" />
        </Box>
        <Button type="submit" colorPalette="brand" h="12">
          Apply filters
        </Button>
      </Flex>
    </chakra.form>
  );
}

function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {highlightParts(text, keyword).map((part, i) =>
        part.match ? (
          <chakra.mark key={i} bg="yellow.200" color="black" px="0.5" rounded="sm">
            {part.text}
          </chakra.mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

function TranscriptDialog({ productId, recording, startTime, keyword, onClose }: { productId: number; recording: CallRecording; startTime: string; keyword: string; onClose: () => void }) {
  const [state, setState] = useState<{ transcript?: TranscriptView; error?: unknown }>({});
  useEffect(() => {
    let current = true;
    getTranscript(productId, recording.uuid, startTime).then(
      (transcript) => current && setState({ transcript }),
      (error: unknown) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [productId, recording.uuid, startTime]);
  const download = async () => {
    try {
      saveFile(await downloadTranscript(productId, recording.uuid, startTime), transcriptFilename(new Date(startTime)));
    } catch (error) {
      toaster.create({ type: 'error', title: 'The transcript could not be downloaded', description: userErrorText(error) });
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Transcript of ${whenOf(startTime)}`}
      width="44rem"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button colorPalette="brand" onClick={() => void download()} disabled={!state.transcript}>
            Download transcript
          </Button>
        </>
      }
    >
      {state.error !== undefined ? (
        <LoadError title="The transcript could not be loaded" error={state.error} />
      ) : !state.transcript ? (
        <Loading label="Loading the transcript" />
      ) : (
        <Stack gap="3">
          <Text color="fg.muted">
            Started {whenOf(state.transcript.calllog_start_time)} · Length {formatCallDuration(state.transcript.total_transcription_time)}
          </Text>
          <Stack as="ol" gap="2" listStyleType="none" data-testid="transcript-lines">
            {state.transcript.lines.map((line, i) => (
              <li key={i}>
                <Text>
                  <chakra.span fontWeight="semibold">{line.speaker}: </chakra.span>
                  <Highlighted text={line.text} keyword={keyword} />
                </Text>
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </Dialog>
  );
}

function PasswordPrompt({ wrong, onSubmit, onClose }: { wrong: boolean; onSubmit: (password: string) => void; onClose: () => void }) {
  const [password, setPassword] = useState('');
  return (
    <Dialog
      open
      onClose={onClose}
      title="Call-recording admin password"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="brand" type="submit" form="recording-password-form" disabled={password === ''}>
            Continue
          </Button>
        </>
      }
    >
      <chakra.form
        id="recording-password-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (password) onSubmit(password);
        }}
      >
        <Text mb="3">Recordings of this phone are protected. Enter the call-recording admin password to listen to or download them.</Text>
        <TextField id="recording-password" label="Admin password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} error={wrong ? callLogMessages.passwordWrong : undefined} autoFocus />
      </chakra.form>
    </Dialog>
  );
}

function SetPasswordDialog({ productId, isSet, onClose }: { productId: number; isSet: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_RECORDING_PASSWORD_LENGTH) return setError(callLogMessages.passwordTooShort);
    setBusy(true);
    try {
      await setAdminPassword(productId, { password, ...(isSet && { current_password: current }) });
      await queryClient.invalidateQueries({ queryKey: [...recordingsKey(productId), 'admin-password'] });
      toaster.create({ type: 'success', title: callLogMessages.passwordSet });
      onClose();
    } catch (caught) {
      setError(userErrorText(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      title={isSet ? 'Change the admin password' : 'Set an admin password'}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button colorPalette="brand" type="submit" form="set-recording-password-form" loading={busy}>
            Save password
          </Button>
        </>
      }
    >
      <chakra.form id="set-recording-password-form" onSubmit={(event) => void submit(event)}>
        <Stack gap="4">
          <Text>With an admin password set, anyone listening to or downloading a recording of this phone is asked for it.</Text>
          {isSet && <TextField id="recording-current-password" label="Current admin password" type="password" autoComplete="current-password" value={current} onChange={(event) => setCurrent(event.target.value)} />}
          <TextField
            id="recording-new-password"
            label="New admin password"
            hint={`At least ${MIN_RECORDING_PASSWORD_LENGTH} characters`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error ?? undefined}
          />
        </Stack>
      </chakra.form>
    </Dialog>
  );
}

type Pending = { run: (password: string | null) => Promise<void> } | null;

/**
 * Call history and recordings (/call-recordings/{id}, and its recently-deleted view): the calls
 * with recordings, filtered by date, number, duration and a transcript keyword; play one on its
 * waveform, download one or a zip of the selected ones, delete and restore, read a transcript;
 * the admin password is asked for before listening or downloading when set.
 */
export function CallRecordingsPage({ productId, deleted }: { productId: number; deleted: boolean }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const list = useCallRecordings(productId, listQuery(filters, deleted));
  const admin = useAdminPassword(productId);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [password, setPassword] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<{ pending: Pending; wrong: boolean } | null>(null);
  const [playing, setPlaying] = useState<{ uuid: string; blob: Blob; label: string } | null>(null);
  const [transcript, setTranscript] = useState<{ recording: CallRecording; startTime: string } | null>(null);
  const [settingPassword, setSettingPassword] = useState(false);
  const [addingRecording, setAddingRecording] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = (next: RecordingFilters) => {
    setSelected(new Set());
    setParams(filtersSearch(next));
  };
  const entries = list.data?.results ?? [];
  const allUuids = entries.flatMap((entry) => entry.recordings.map((recording) => recording.uuid));
  const chosen = allUuids.filter((uuid) => selected.has(uuid));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / list.data.page_size)) : 1;

  /** Runs a protected action; a 403 asking for the password opens the prompt, which runs it again with one. */
  const protectedAction = async (run: (password: string | null) => Promise<void>, withPassword = password) => {
    try {
      await run(withPassword);
      if (withPassword !== password) setPassword(withPassword);
      setPrompt(null);
    } catch (error) {
      if (asksForPassword(error)) {
        setPrompt({ pending: { run }, wrong: withPassword !== null });
        return;
      }
      setPrompt(null);
      toaster.create({ type: 'error', title: 'The recording could not be loaded', description: userErrorText(error) });
    }
  };

  const play = (entry: CallRecordingEntry, recording: CallRecording) =>
    protectedAction(async (withPassword) => {
      const blob = await recordingAudio(productId, entry.calllog_id, recording.uuid, withPassword);
      setPlaying({ uuid: recording.uuid, blob, label: `the recording of ${whenOf(entry.start_time)}` });
    });

  const download = (uuids: string[], fileName: string) =>
    protectedAction(async (withPassword) => {
      setBusy(true);
      // Said at once: the server measures every file (a demo recording is spoken first) before the first byte.
      setProgress(uuids.length === 1 ? 'Preparing the recording…' : `Preparing ${uuids.length} recordings as one zip…`);
      try {
        const blob = await downloadRecordings(productId, uuids, withPassword, (received, total) => setProgress(`Downloading: ${progressText(received, total)}`));
        saveFile(blob, fileName);
        setProgress(`Downloaded ${fileName}`);
      } catch (error) {
        setProgress(null);
        throw error;
      } finally {
        setBusy(false);
      }
    });

  const change = async (action: 'delete' | 'restore') => {
    setBusy(true);
    try {
      const { count } = action === 'delete' ? await deleteRecordings(productId, chosen) : await restoreRecordings(productId, chosen);
      setSelected(new Set());
      if (playing && chosen.includes(playing.uuid)) setPlaying(null);
      await queryClient.invalidateQueries({ queryKey: recordingsKey(productId) });
      toaster.create({ type: 'success', title: action === 'delete' ? `${count} recording${count === 1 ? '' : 's'} moved to recently deleted` : `${count} recording${count === 1 ? '' : 's'} restored` });
    } catch (error) {
      toaster.create({ type: 'error', title: action === 'delete' ? 'The recordings could not be deleted' : 'The recordings could not be restored', description: userErrorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const toggle = (uuid: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(uuid);
      else next.delete(uuid);
      return next;
    });

  const search = filtersSearch(filters).toString();
  const otherView = deleted ? paths.callRecordings.build({ id: productId }) : paths.callRecordingsRecentlyDeleted.build({ id: productId });

  return (
    <Box>
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap" mb="4">
        <Box>
          <Heading as="h1" size="2xl">
            {deleted ? 'Recently deleted recordings' : 'Call history and recordings'}
          </Heading>
          <Text color="fg.muted" mt="1">
            {deleted ? 'Deleted recordings can be restored for 30 days; after that they are removed for good.' : 'Calls with recordings on this phone. Listen, download, read transcripts or delete.'}
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap">
          <Button asChild variant="outline">
            <RouterLink to={`${otherView}${search ? `?${search}` : ''}`}>{deleted ? 'Back to call history' : 'Recently deleted'}</RouterLink>
          </Button>
          {!deleted && (
            <Button variant="outline" onClick={() => setAddingRecording(true)}>
              Add call recording
            </Button>
          )}
          {!deleted && (
            <Button variant="outline" onClick={() => setSettingPassword(true)} disabled={!admin.data}>
              {admin.data?.password_is_set ? 'Change admin password' : 'Set admin password'}
            </Button>
          )}
        </Flex>
      </Flex>

      <FiltersForm key={params.toString()} filters={filters} onApply={apply} />

      {list.isPending ? (
        <Loading label="Loading calls" />
      ) : list.isError ? (
        <LoadError title="The calls could not be loaded" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <Box data-testid="recordings-results" aria-busy={list.isFetching || undefined}>
          <Flex gap="3" align="center" wrap="wrap" mb="3">
            <Text fontWeight="medium" aria-live="polite">
              {list.data.count} call{list.data.count === 1 ? '' : 's'} from {formatDate(list.data.range_start)} to {formatDate(list.data.range_end)}
            </Text>
            {entries.length > 0 && (
              <Button size="sm" variant="outline" onClick={() => setSelected(toggleAll(selected, allUuids))}>
                {allUuids.length > 0 && allUuids.every((uuid) => selected.has(uuid)) ? 'Clear all' : 'Select all'}
              </Button>
            )}
            {!deleted && (
              <Button size="sm" colorPalette="brand" disabled={chosen.length === 0 || busy} onClick={() => void download(chosen, chosen.length === 1 ? entries.flatMap((e) => e.recordings).find((r) => r.uuid === chosen[0])!.filename : recordingsZipFilename(new Date()))}>
                Download selected ({chosen.length})
              </Button>
            )}
            <Button size="sm" variant="outline" colorPalette={deleted ? 'brand' : 'red'} disabled={chosen.length === 0 || busy} onClick={() => void change(deleted ? 'restore' : 'delete')}>
              {deleted ? 'Restore' : 'Delete'} selected ({chosen.length})
            </Button>
          </Flex>
          <Text role="status" color="fg.muted" fontSize="sm" minH="5" mb="2">
            {progress ?? ''}
          </Text>
          {entries.length === 0 ? (
            <Box borderWidth="1px" rounded="lg" p="6" textAlign="center">
              <Text fontWeight="medium">{deleted ? 'No recently deleted recordings in this period.' : 'No call recordings match these filters.'}</Text>
              <Text color="fg.muted">Try another date range or clear the keyword.</Text>
            </Box>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Calls with recordings">
              {entries.map((entry) => (
                <Box as="li" key={entry.calllog_id} borderWidth="1px" rounded="lg" p="4">
                  <Flex justify="space-between" gap="3" wrap="wrap">
                    <Box>
                      <Text fontWeight="semibold">{whenOf(entry.start_time)}</Text>
                      <Text color="fg.muted" fontSize="sm">
                        {STATUS_LABELS[entry.status]} · {displayPhone(entry.caller)} to {displayPhone(entry.called)}
                        {entry.user ? ` · ${entry.user.name} (ext. ${entry.user.extension})` : ''}
                      </Text>
                    </Box>
                    <Text fontVariantNumeric="tabular-nums">{formatCallDuration(entry.duration)}</Text>
                  </Flex>
                  {entry.recordings.map((recording) => {
                    const label = `recording of ${whenOf(entry.start_time)}`;
                    return (
                      <Box key={recording.uuid} mt="3">
                        <Flex gap="3" align="center" wrap="wrap">
                          <Checkbox id={`select-${recording.uuid}`} label={`Select the ${label}`} checked={selected.has(recording.uuid)} onChange={(on) => toggle(recording.uuid, on)} />
                          <Text fontSize="sm" color="fg.muted">
                            {formatCallDuration(recording.duration)}
                            {recording.purge_at ? ` · removed for good on ${formatDate(recording.purge_at)}` : ''}
                          </Text>
                          {!deleted && (
                            <Flex gap="2" wrap="wrap" ms={{ md: 'auto' }}>
                              <Button size="sm" variant="outline" aria-label={`Listen to the ${label}`} onClick={() => void play(entry, recording)}>
                                Listen
                              </Button>
                              <Button size="sm" variant="outline" aria-label={`Download the ${label}`} disabled={busy} onClick={() => void download([recording.uuid], recording.filename)}>
                                Download
                              </Button>
                              {recording.transcriptions.length > 0 && (
                                <Button size="sm" variant="outline" aria-label={`Transcript of the ${label}`} onClick={() => setTranscript({ recording, startTime: entry.start_time })}>
                                  Transcript
                                </Button>
                              )}
                            </Flex>
                          )}
                        </Flex>
                        {playing?.uuid === recording.uuid && <WaveformPlayer key={recording.uuid} blob={playing.blob} label={playing.label} />}
                      </Box>
                    );
                  })}
                </Box>
              ))}
            </Stack>
          )}
          {pages > 1 && (
            <Flex as="nav" aria-label="Pages" gap="3" align="center" justify="center" mt="5">
              <Button size="sm" variant="outline" disabled={filters.page <= 1} onClick={() => apply({ ...filters, page: filters.page - 1 })}>
                Previous
              </Button>
              <Text>
                Page {filters.page} of {pages}
              </Text>
              <Button size="sm" variant="outline" disabled={filters.page >= pages} onClick={() => apply({ ...filters, page: filters.page + 1 })}>
                Next
              </Button>
            </Flex>
          )}
        </Box>
      )}

      {transcript && <TranscriptDialog productId={productId} recording={transcript.recording} startTime={transcript.startTime} keyword={filters.keyword} onClose={() => setTranscript(null)} />}
      {prompt && (
        <PasswordPrompt
          wrong={prompt.wrong}
          onClose={() => setPrompt(null)}
          onSubmit={(typed) => {
            if (prompt.pending) void protectedAction(prompt.pending.run, typed);
          }}
        />
      )}
      {addingRecording && <RecordingAddOnWizard productId={productId} onClose={() => setAddingRecording(false)} />}
      {settingPassword && admin.data && <SetPasswordDialog productId={productId} isSet={admin.data.password_is_set} onClose={() => setSettingPassword(false)} />}
    </Box>
  );
}
