import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { endpoint } from '@portal/contract';

import { clearCookies, installFakeFetch } from '../test/fake-fetch.ts';
import { FakeXhr, installFakeXhr, sentXhr } from '../test/fake-xhr.ts';
import { ApiError } from './api-error.ts';
import { configureHttp, onInvalidToken, resetCsrf } from './http.ts';
import { getToken, setToken } from './token-storage.ts';
import { apiUpload, uploadMultipart } from './upload.ts';

const sent = sentXhr;

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  resetCsrf();
  installFakeXhr();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadMultipart', () => {
  it('posts the form with the token, the CSRF cookie and a JSON Accept, and answers the parsed JSON', async () => {
    setToken('abc123');
    document.cookie = 'csrftoken=c1';
    const form = new FormData();
    form.append('file', new Blob(['RIFF'], { type: 'audio/wav' }), 'greeting.wav');
    const answer = uploadMultipart('/api/v1/voip/12/voicemail/greeting/?audio_type=greeting', form);
    const xhr = await sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/voip/12/voicemail/greeting/?audio_type=greeting');
    expect(xhr.headers.authorization).toBe('Token abc123');
    expect(xhr.headers['x-csrftoken']).toBe('c1');
    expect(xhr.headers.accept).toBe('application/json');
    expect(xhr.headers['content-type']).toBeUndefined(); // the browser adds the multipart boundary
    expect(xhr.body).toBe(form);
    xhr.respond(201, JSON.stringify({ filename: 'greeting-1.wav' }));
    await expect(answer).resolves.toEqual({ filename: 'greeting-1.wav' });
  });

  it('uses PUT when asked and answers undefined for an empty answer', async () => {
    document.cookie = 'csrftoken=c1';
    const answer = uploadMultipart('/api/v1/voip/12/call-flows/current/audio-files/upload/', new FormData(), {
      method: 'PUT',
    });
    const xhr = await sent();
    expect(xhr.method).toBe('PUT');
    expect(xhr.headers.authorization).toBeUndefined();
    xhr.respond(204, '');
    await expect(answer).resolves.toBeUndefined();
  });

  it('fetches the CSRF value from the server when there is no cookie', async () => {
    const { calls } = installFakeFetch({ 'GET /auth/csrf/': { json: { csrftoken: 'from-server' } } });
    const answer = uploadMultipart('/upload/', new FormData());
    const xhr = await sent();
    expect(calls.map((call) => call.url)).toEqual(['/auth/csrf/']);
    expect(xhr.headers['x-csrftoken']).toBe('from-server');
    xhr.respond(200, '{}');
    await answer;
  });

  it('reports upload progress as a fraction, ending at 1', async () => {
    document.cookie = 'csrftoken=c1';
    const onProgress = vi.fn();
    const answer = uploadMultipart('/upload/', new FormData(), { onProgress });
    const xhr = await sent();
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(200, '{"ok":true}');
    await answer;
    expect(onProgress.mock.calls.map(([fraction]) => fraction as number)).toEqual([0.25, 1, 1]);
  });

  it('turns an error answer into an ApiError whose data holds the readable text', async () => {
    document.cookie = 'csrftoken=c1';
    const answer = uploadMultipart('/upload/', new FormData());
    (await sent()).respond(400, JSON.stringify({ detail: 'Audio must be a 8 kHz, 16-bit mono WAV file.' }));
    const error = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      data: { detail: 'Audio must be a 8 kHz, 16-bit mono WAV file.' },
    });
    expect((error as ApiError).isClientError).toBe(true);
  });

  it('keeps a non-JSON error body as text', async () => {
    document.cookie = 'csrftoken=c1';
    const answer = uploadMultipart('/upload/', new FormData());
    (await sent()).respond(502, '<html>Bad gateway</html>');
    await expect(answer).rejects.toMatchObject({ kind: 'http', status: 502, data: '<html>Bad gateway</html>' });
  });

  it('refuses a successful answer that is not JSON', async () => {
    document.cookie = 'csrftoken=c1';
    const answer = uploadMultipart('/upload/', new FormData());
    (await sent()).respond(200, 'not json');
    await expect(answer).rejects.toMatchObject({ kind: 'parse', status: 200 });
  });

  it('drops the token it sent on a 401 "Invalid token."', async () => {
    setToken('stale');
    document.cookie = 'csrftoken=c1';
    const answer = uploadMultipart('/upload/', new FormData());
    (await sent()).respond(401, JSON.stringify({ detail: 'Invalid token.' }));
    await expect(answer).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });

  it('keeps the token on another 401, and a token signed in since the call was sent', async () => {
    setToken('mine');
    document.cookie = 'csrftoken=c1';
    const first = uploadMultipart('/upload/', new FormData());
    (await sent()).respond(401, JSON.stringify({ detail: 'Authentication credentials were not provided.' }));
    await expect(first).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('mine');

    const second = uploadMultipart('/upload/', new FormData());
    const xhr = await sent();
    setToken('newer');
    xhr.respond(401, JSON.stringify({ detail: 'Invalid token.' }));
    await expect(second).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('newer');
  });

  it('prefixes the configured base URL and tells the app about an invalid token', async () => {
    configureHttp({ baseUrl: 'https://api.example.co.uk' });
    setToken('stale');
    document.cookie = 'csrftoken=c1';
    const listener = vi.fn();
    const stop = onInvalidToken(listener);
    const answer = uploadMultipart('/upload/', new FormData());
    const xhr = await sent();
    expect(xhr.url).toBe('https://api.example.co.uk/upload/');
    xhr.respond(401, JSON.stringify({ detail: 'Invalid token.' }));
    await expect(answer).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    configureHttp({ baseUrl: '' });
  });

  it('turns a network failure into an ApiError of kind network', async () => {
    document.cookie = 'csrftoken=c1';
    const answer = uploadMultipart('/upload/', new FormData());
    (await sent()).failNetwork();
    await expect(answer).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('aborts the request when the signal fires, rejecting with an AbortError', async () => {
    document.cookie = 'csrftoken=c1';
    const controller = new AbortController();
    const answer = uploadMultipart('/upload/', new FormData(), { signal: controller.signal });
    const xhr = await sent();
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });

  it('sends nothing when the signal has already fired', async () => {
    document.cookie = 'csrftoken=c1';
    const controller = new AbortController();
    controller.abort();
    await expect(uploadMultipart('/upload/', new FormData(), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.last).toBeNull();
  });
});

describe('apiUpload', () => {
  const greeting = endpoint({
    method: 'POST',
    path: '/api/v1/voip/:id/voicemail/greeting/',
    summary: 'test',
    auth: true,
    query: z.object({ audio_type: z.string().optional() }),
    response: z.object({ filename: z.string() }),
  });

  it('builds the path from the endpoint, sends the text fields before the files, and parses the answer', async () => {
    setToken('abc123');
    document.cookie = 'csrftoken=c1';
    const wav = new Blob(['RIFF'], { type: 'audio/wav' });
    const answer = apiUpload(greeting, {
      params: { id: 12 },
      query: { audio_type: 'greeting' },
      fields: { 'audio-data': { kind: 'greeting', name: 'Welcome' }, note: 'plain', skipped: undefined },
      files: { 'audio-file': { blob: wav, filename: 'welcome.wav' } },
    });
    const xhr = await sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/voip/12/voicemail/greeting/?audio_type=greeting');
    expect(xhr.headers.authorization).toBe('Token abc123');
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(['audio-data', 'note', 'audio-file']);
    expect(JSON.parse(form.get('audio-data') as string)).toEqual({ kind: 'greeting', name: 'Welcome' });
    expect(form.get('note')).toBe('plain');
    expect((form.get('audio-file') as File).name).toBe('welcome.wav');
    xhr.respond(201, JSON.stringify({ filename: 'greeting-1.wav', extra: 'dropped' }));
    await expect(answer).resolves.toEqual({ filename: 'greeting-1.wav' });
  });

  it('sends no token to an endpoint without auth, and reads a 204 as an empty object', async () => {
    setToken('abc123');
    document.cookie = 'csrftoken=c1';
    const open = endpoint({ method: 'PUT', path: '/open/', summary: 'test', auth: false, response: z.object({}) });
    const answer = apiUpload(open, { files: { file: { blob: new Blob(['x']), filename: 'x.wav' } } });
    const xhr = await sent();
    expect(xhr.method).toBe('PUT');
    expect(xhr.headers.authorization).toBeUndefined();
    xhr.respond(204, '');
    await expect(answer).resolves.toEqual({});
  });

  it('refuses an answer the contract does not allow', async () => {
    document.cookie = 'csrftoken=c1';
    const answer = apiUpload(greeting, {
      params: { id: 1 },
      files: { file: { blob: new Blob(['x']), filename: 'x.wav' } },
    });
    (await sent()).respond(200, JSON.stringify({ filename: 42 }));
    await expect(answer).rejects.toMatchObject({ kind: 'parse', status: 200, data: { filename: 42 } });
  });
});
