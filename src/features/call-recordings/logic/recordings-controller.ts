/**
 * The recordings page's state, without React: which recordings are selected, the one playing, a download's
 * progress, and the call-recording admin password (spec 001: asked for before listening or downloading when set;
 * a 403 asking for it opens the prompt, which runs the same action again with the password typed). The page hands
 * in the calls, saving a file and the toasts.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

import { callLogMessages, recordingsZipFilename, type CallRecording } from '@portal/contract';

import { isApiError } from '../../../lib/api-error.ts';
import { extractErrorText } from '../../../lib/error-text.ts';
import { progressText, toggleAll } from './recordings-logic.ts';

type Progress = (received: number, total: number | null) => void;

export interface RecordingsPorts {
  recordingAudio(calllogId: number, uuid: string, password: string | null): Promise<Blob>;
  downloadRecordings(uuids: string[], password: string | null, onProgress: Progress): Promise<Blob>;
  deleteRecordings(uuids: string[]): Promise<{ count: number }>;
  restoreRecordings(uuids: string[]): Promise<{ count: number }>;
  /** The list changed (recordings deleted or restored): read it again. */
  recordingsChanged(): Promise<void>;
  saveFile(blob: Blob, fileName: string): void;
  succeeded(title: string): void;
  failed(title: string, error: unknown): void;
}

export interface PlayingRecording {
  uuid: string;
  blob: Blob;
  label: string;
}

export interface RecordingsState {
  selected: ReadonlySet<string>;
  /** The admin password that worked last (kept for the page's life, never stored). */
  password: string | null;
  /** The admin password is asked for; `wrong` when the one sent was refused. */
  prompt: { wrong: boolean } | null;
  playing: PlayingRecording | null;
  /** What a download says in the status line. */
  progress: string | null;
  /** A download, delete or restore is under way. */
  busy: boolean;
}

type Run = (password: string | null) => Promise<void>;

/** Whether an error asks for the call-recording admin password (none sent, or a wrong one). */
export const asksForPassword = (error: unknown) =>
  isApiError(error) &&
  error.status === 403 &&
  [callLogMessages.passwordRequired, callLogMessages.passwordWrong].includes(extractErrorText(error.data) as never);

/** The file a download saves: one recording under its own name, several as one zip. */
export function downloadFileName(
  uuids: readonly string[],
  recordings: readonly CallRecording[],
  now: Date = new Date(),
): string {
  const only = uuids.length === 1 ? recordings.find((recording) => recording.uuid === uuids[0]) : undefined;
  return only ? only.filename : recordingsZipFilename(now);
}

const plural = (count: number) => `${count} recording${count === 1 ? '' : 's'}`;

export interface RecordingsController {
  state: StoreApi<RecordingsState>;
  setPorts(ports: RecordingsPorts): void;
  toggle(uuid: string, on: boolean): void;
  /** Select all, or clear all when every one of these is selected. */
  toggleAll(uuids: readonly string[]): void;
  clearSelection(): void;
  play(calllogId: number, recording: CallRecording, label: string): Promise<void>;
  download(uuids: string[], fileName: string): Promise<void>;
  /** Deletes (or restores, in the recently-deleted view) the chosen recordings. */
  change(action: 'delete' | 'restore', uuids: string[]): Promise<void>;
  /** The password typed in the prompt: the action that asked for it runs again with it. */
  submitPassword(password: string): Promise<void>;
  closePrompt(): void;
}

export function createRecordingsController(initialPorts: RecordingsPorts): RecordingsController {
  let ports = initialPorts;
  // The action waiting for the password.
  let pending: Run | null = null;
  const state = createStore<RecordingsState>(() => ({
    selected: new Set(),
    password: null,
    prompt: null,
    playing: null,
    progress: null,
    busy: false,
  }));

  /** Runs a protected action; a 403 asking for the password opens the prompt, which runs it again with one. */
  const protectedAction = async (run: Run, withPassword = state.getState().password) => {
    try {
      await run(withPassword);
      state.setState({ password: withPassword, prompt: null });
      pending = null;
    } catch (error) {
      if (asksForPassword(error)) {
        pending = run;
        state.setState({ prompt: { wrong: withPassword !== null } });
        return;
      }
      pending = null;
      state.setState({ prompt: null });
      ports.failed('The recording could not be loaded', error);
    }
  };

  return {
    state,
    setPorts(next) {
      ports = next;
    },
    toggle(uuid, on) {
      const next = new Set(state.getState().selected);
      if (on) next.add(uuid);
      else next.delete(uuid);
      state.setState({ selected: next });
    },
    toggleAll(uuids) {
      state.setState({ selected: toggleAll(state.getState().selected, uuids) });
    },
    clearSelection() {
      state.setState({ selected: new Set() });
    },
    play: (calllogId, recording, label) =>
      protectedAction(async (password) => {
        const blob = await ports.recordingAudio(calllogId, recording.uuid, password);
        state.setState({ playing: { uuid: recording.uuid, blob, label } });
      }),
    download: (uuids, fileName) =>
      protectedAction(async (password) => {
        // Said at once: the server measures every file (a demo recording is spoken first) before the first byte.
        state.setState({
          busy: true,
          progress:
            uuids.length === 1 ? 'Preparing the recording…' : `Preparing ${uuids.length} recordings as one zip…`,
        });
        try {
          const blob = await ports.downloadRecordings(uuids, password, (received, total) =>
            state.setState({ progress: `Downloading: ${progressText(received, total)}` }),
          );
          ports.saveFile(blob, fileName);
          state.setState({ progress: `Downloaded ${fileName}` });
        } catch (error) {
          state.setState({ progress: null });
          throw error;
        } finally {
          state.setState({ busy: false });
        }
      }),
    async change(action, uuids) {
      state.setState({ busy: true });
      try {
        const { count } =
          action === 'delete' ? await ports.deleteRecordings(uuids) : await ports.restoreRecordings(uuids);
        const { playing } = state.getState();
        state.setState({ selected: new Set(), ...(playing && uuids.includes(playing.uuid) && { playing: null }) });
        await ports.recordingsChanged();
        ports.succeeded(
          action === 'delete' ? `${plural(count)} moved to recently deleted` : `${plural(count)} restored`,
        );
      } catch (error) {
        ports.failed(
          action === 'delete' ? 'The recordings could not be deleted' : 'The recordings could not be restored',
          error,
        );
      } finally {
        state.setState({ busy: false });
      }
    },
    async submitPassword(password) {
      if (pending) await protectedAction(pending, password);
    },
    closePrompt() {
      pending = null;
      state.setState({ prompt: null });
    },
  };
}
