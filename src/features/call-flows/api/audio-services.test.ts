import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AudioFile } from '@portal/contract';

import { resetCsrf } from '../../../lib/http.ts';
import { setToken } from '../../../lib/token-storage.ts';
import { clearCookies, installFakeFetch } from '../../../test/fake-fetch.ts';
import { FakeXhr, installFakeXhr, sentXhr } from '../../../test/fake-xhr.ts';
import type { AudioSaveInput } from '../../audio/index.ts';
import { callFlowAudioServices } from './audio-services.ts';
import { callFlowKeys } from './keys.ts';

const sent = sentXhr;

const productId = 12;
const existing: AudioFile = {
  stored_filename: 'hello.wav',
  kind: 'greeting',
  sub_kind: 'upload',
  call_flow_filename: null,
  name: 'Welcome',
  text: null,
  tts_voice: null,
  duration_ms: 2000,
};
const stored: AudioFile = {
  stored_filename: 'af-7.wav',
  kind: 'menu',
  sub_kind: 'text_to_speech',
  call_flow_filename: null,
  name: 'Main menu',
  text: 'Press 1 for sales.',
  tts_voice: 'male',
  duration_ms: 1500,
};

function input(overrides: Partial<AudioSaveInput> = {}): AudioSaveInput {
  return {
    wav: new Blob([new Uint8Array(44 + 2400)], { type: 'audio/wav' }),
    name: 'Main menu',
    kind: 'menu',
    sub_kind: 'text_to_speech',
    text: 'Press 1 for sales.',
    tts_voice: 'male',
    durationMs: 1500,
    ...overrides,
  };
}

let queryClient: QueryClient;

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  resetCsrf();
  document.cookie = 'csrftoken=c1';
  setToken('abc123');
  installFakeXhr();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('callFlowAudioServices: save', () => {
  it('uploads the WAV with its audio-data to the audio-file upload, reporting progress, and answers the stored file', async () => {
    const onProgress = vi.fn();
    const signal = new AbortController().signal;
    const saving = callFlowAudioServices(queryClient, productId).save(input(), { onProgress, signal });
    const xhr = await sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v3/voip/12/call-flows/current/audio-files/upload/');
    expect(xhr.headers.authorization).toBe('Token abc123');

    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(['audio-data', 'audio-file']);
    expect(JSON.parse(form.get('audio-data') as string)).toEqual({
      kind: 'menu',
      sub_kind: 'text_to_speech',
      call_flow_filename: null,
      name: 'Main menu',
      text: 'Press 1 for sales.',
      tts_voice: 'male',
    });
    const file = form.get('audio-file') as File;
    expect(file.name).toBe('greeting.wav');
    expect(file.size).toBe(44 + 2400);

    xhr.progress(50, 100);
    xhr.respond(201, JSON.stringify(stored));
    await expect(saving).resolves.toEqual(stored);
    expect(onProgress.mock.calls.map(([fraction]) => fraction as number)).toEqual([0.5, 1]);
  });

  it('sends null text and voice for a recording or an upload', async () => {
    const saving = callFlowAudioServices(queryClient, productId).save(
      input({ sub_kind: 'recording', kind: 'greeting', name: 'Welcome', text: undefined, tts_voice: undefined }),
      {
        onProgress: () => {},
        signal: new AbortController().signal,
      },
    );
    const xhr = await sent();
    expect(JSON.parse((xhr.body as FormData).get('audio-data') as string)).toEqual({
      kind: 'greeting',
      sub_kind: 'recording',
      call_flow_filename: null,
      name: 'Welcome',
      text: null,
      tts_voice: null,
    });
    xhr.respond(
      201,
      JSON.stringify({ ...stored, kind: 'greeting', sub_kind: 'recording', text: null, tts_voice: null }),
    );
    await saving;
  });

  it('adds the stored file to the audio-file list at once, and has the list fetched again', async () => {
    const key = callFlowKeys.audioFiles(productId);
    queryClient.setQueryData<AudioFile[]>(key, [existing]);
    const download = callFlowKeys.audioFile(productId, 'hello.wav');
    queryClient.setQueryData(download, new Blob(['RIFF']));

    const saving = callFlowAudioServices(queryClient, productId).save(input(), {
      onProgress: () => {},
      signal: new AbortController().signal,
    });
    (await sent()).respond(201, JSON.stringify(stored));
    await saving;

    expect(queryClient.getQueryData(key)).toEqual([existing, stored]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    // The downloaded files under the same key prefix do not change: they are kept.
    expect(queryClient.getQueryState(download)?.isInvalidated).toBe(false);
  });

  it('leaves a list that never loaded to load, and adds nothing when the upload fails', async () => {
    const key = callFlowKeys.audioFiles(productId);
    const services = callFlowAudioServices(queryClient, productId);
    const first = services.save(input(), { onProgress: () => {}, signal: new AbortController().signal });
    (await sent()).respond(201, JSON.stringify(stored));
    await first;
    expect(queryClient.getQueryData(key)).toBeUndefined();

    queryClient.setQueryData<AudioFile[]>(key, [existing]);
    FakeXhr.last = null;
    const second = services.save(input(), { onProgress: () => {}, signal: new AbortController().signal });
    (await sent()).respond(400, JSON.stringify({ detail: 'Audio must be a 8 kHz, 16-bit mono WAV file.' }));
    await expect(second).rejects.toMatchObject({ status: 400 });
    expect(queryClient.getQueryData(key)).toEqual([existing]);
  });
});

describe('callFlowAudioServices: synthesize', () => {
  it('asks the server to speak the words in the voice', async () => {
    const { calls } = installFakeFetch({ 'GET /api/v1/voip/12/audio/text-to-speech/': { text: 'RIFF' } });
    const blob = await callFlowAudioServices(queryClient, productId).synthesize!('Press 1 for sales.', 'male', {
      signal: new AbortController().signal,
    });
    expect(blob.size).toBe(4);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.headers.authorization).toBe('Token abc123');
    const url = new URL(calls[0]!.url, 'http://localhost');
    expect(url.searchParams.get('text')).toBe('Press 1 for sales.');
    expect(url.searchParams.get('gender')).toBe('male');
  });
});
