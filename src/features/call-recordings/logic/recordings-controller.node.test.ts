import { describe, expect, it, vi } from 'vitest';

import { callLogMessages, type CallRecording } from '@portal/contract';

import { ApiError } from '../../../lib/api-error.ts';
import { createRecordingsController, downloadFileName, type RecordingsPorts } from './recordings-controller.ts';

const recording = (uuid: string): CallRecording => ({
  uuid,
  filename: `${uuid}.wav`,
  duration: 30,
  deleted_at: null,
  purge_at: null,
  transcriptions: [],
});
const refused = (detail: string) => new ApiError({ status: 403, kind: 'http', data: { detail } });
const audio = new Blob(['RIFF']);

/** A server whose recordings ask for the admin password `secret` when `protectedBy` is set. */
function ports(protectedBy: string | null = null, overrides: Partial<RecordingsPorts> = {}) {
  const check = async (password: string | null) => {
    if (protectedBy === null || password === protectedBy) return;
    throw refused(password === null ? callLogMessages.passwordRequired : callLogMessages.passwordWrong);
  };
  const p = {
    recordingAudio: vi.fn(async (_calllog: number, _uuid: string, password: string | null) => {
      await check(password);
      return audio;
    }),
    downloadRecordings: vi.fn(
      async (
        _uuids: string[],
        password: string | null,
        onProgress: (received: number, total: number | null) => void,
      ) => {
        await check(password);
        onProgress(512, 1024);
        return audio;
      },
    ),
    deleteRecordings: vi.fn(async (uuids: string[]) => ({ count: uuids.length })),
    restoreRecordings: vi.fn(async (uuids: string[]) => ({ count: uuids.length })),
    recordingsChanged: vi.fn(async () => {}),
    saveFile: vi.fn(),
    succeeded: vi.fn(),
    failed: vi.fn(),
    ...overrides,
  } satisfies RecordingsPorts;
  return p;
}

describe('recordings controller', () => {
  it('plays a recording at once when no admin password is set', async () => {
    const controller = createRecordingsController(ports());
    await controller.play(7, recording('r1'), 'the recording of today');
    expect(controller.state.getState().playing).toEqual({ uuid: 'r1', blob: audio, label: 'the recording of today' });
    expect(controller.state.getState().prompt).toBeNull();
  });

  it('asks for the admin password, says when the one typed is wrong, runs the same action again with the right one and keeps it', async () => {
    const p = ports('secret');
    const controller = createRecordingsController(p);
    await controller.play(7, recording('r1'), 'the recording');
    expect(controller.state.getState().prompt).toEqual({ wrong: false });
    await controller.submitPassword('guess');
    expect(controller.state.getState().prompt).toEqual({ wrong: true });
    await controller.submitPassword('secret');
    expect(controller.state.getState()).toMatchObject({ prompt: null, password: 'secret', playing: { uuid: 'r1' } });
    // The next protected action sends the kept password without asking.
    await controller.download(['r2'], 'r2.wav');
    expect(p.downloadRecordings).toHaveBeenLastCalledWith(['r2'], 'secret', expect.any(Function));
    expect(controller.state.getState().prompt).toBeNull();
    expect(p.failed).not.toHaveBeenCalled();
  });

  it('a closed prompt forgets the action: nothing runs after it', async () => {
    const p = ports('secret');
    const controller = createRecordingsController(p);
    await controller.download(['r1'], 'r1.wav');
    controller.closePrompt();
    await controller.submitPassword('secret');
    expect(p.saveFile).not.toHaveBeenCalled();
    expect(controller.state.getState()).toMatchObject({ prompt: null, busy: false, progress: null });
  });

  it('downloads with its progress said, saves the file under its name and says it is done', async () => {
    const p = ports();
    const controller = createRecordingsController(p);
    const said: Array<string | null> = [];
    controller.state.subscribe((s) => said.push(s.progress));
    await controller.download(['r1', 'r2'], 'recordings.zip');
    expect(said[0]).toBe('Preparing 2 recordings as one zip…');
    expect(said).toContain('Downloading: 50% (0.0 MB of 0.0 MB)');
    expect(p.saveFile).toHaveBeenCalledWith(audio, 'recordings.zip');
    expect(controller.state.getState()).toMatchObject({ progress: 'Downloaded recordings.zip', busy: false });
  });

  it('a failed download clears the progress and says the recording could not be loaded', async () => {
    const error = new ApiError({ status: 500, kind: 'http', data: {} });
    const p = ports(null, { downloadRecordings: vi.fn(async () => Promise.reject(error)) });
    const controller = createRecordingsController(p);
    await controller.download(['r1'], 'r1.wav');
    expect(p.failed).toHaveBeenCalledWith('The recording could not be loaded', error);
    expect(controller.state.getState()).toMatchObject({ progress: null, busy: false, prompt: null });
  });

  it('selects, selects all and clears all; a delete empties the selection, stops the one playing and reads the list again', async () => {
    const p = ports();
    const controller = createRecordingsController(p);
    controller.toggle('r1', true);
    controller.toggle('r2', true);
    controller.toggle('r2', false);
    expect([...controller.state.getState().selected]).toEqual(['r1']);
    controller.toggleAll(['r1', 'r2']);
    expect([...controller.state.getState().selected]).toEqual(['r1', 'r2']);
    controller.toggleAll(['r1', 'r2']);
    expect(controller.state.getState().selected.size).toBe(0);
    await controller.play(7, recording('r1'), 'the recording');
    controller.toggleAll(['r1', 'r2']);
    await controller.change('delete', ['r1', 'r2']);
    expect(p.deleteRecordings).toHaveBeenCalledWith(['r1', 'r2']);
    expect(controller.state.getState()).toMatchObject({ playing: null, busy: false });
    expect(controller.state.getState().selected.size).toBe(0);
    expect(p.recordingsChanged).toHaveBeenCalledOnce();
    expect(p.succeeded).toHaveBeenCalledWith('2 recordings moved to recently deleted');
    await controller.change('restore', ['r1']);
    expect(p.succeeded).toHaveBeenLastCalledWith('1 recording restored');
  });

  it('names a download after the one recording, or as a zip of several', () => {
    const recordings = [recording('r1'), recording('r2')];
    expect(downloadFileName(['r2'], recordings)).toBe('r2.wav');
    expect(downloadFileName(['r1', 'r2'], recordings, new Date('2026-03-01T10:20:30Z'))).toMatch(
      /^recordings-.*\.zip$/,
    );
  });
});
