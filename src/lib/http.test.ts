import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { endpoint, authEndpoints as endpoints } from '@portal/contract';

import { installFakeFetch, resetHttpState, sampleMe } from '../test/fake-fetch.ts';
import { ApiError } from './api-error.ts';
import { apiBlob, apiCall, configureHttp, onInvalidToken } from './http.ts';
import { getToken, setToken, TOKEN_STORAGE_KEY } from './token-storage.ts';

beforeEach(resetHttpState);

afterEach(() => {
  vi.unstubAllGlobals();
});

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('apiCall: requests', () => {
  it('sends the stored token as "Authorization: Token {key}" on an authenticated endpoint', async () => {
    setToken('abc123');
    const { calls } = installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe } });
    await apiCall(endpoints.me);
    expect(calls[0]?.headers.authorization).toBe('Token abc123');
    expect(calls[0]?.headers.accept).toBe('application/json');
  });

  it('sends no Authorization header on an endpoint without auth', async () => {
    setToken('abc123');
    document.cookie = 'csrftoken=c1';
    const { calls } = installFakeFetch({ 'POST /auth/login/': { json: { key: 'k' } } });
    await apiCall(endpoints.login, { body: { email: 'a@example.com', password: 'pw' } });
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('sends no Authorization header when there is no token', async () => {
    const { calls } = installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe } });
    await apiCall(endpoints.me);
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('sends the body as JSON with a JSON content type', async () => {
    document.cookie = 'csrftoken=c1';
    const { calls } = installFakeFetch({ 'POST /auth/login/': { json: { key: 'k' } } });
    await apiCall(endpoints.login, { body: { email: 'a@example.com', password: 'pw' } });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ email: 'a@example.com', password: 'pw' });
  });

  it('fills path parameters, appends the query and prefixes the base URL', async () => {
    configureHttp({ baseUrl: 'https://api.example.co.uk' });
    const locked = endpoint({
      method: 'GET',
      path: '/api/v3/voip/:id/users/locked/',
      summary: 'test',
      auth: true,
      query: z.object({ page_size: z.number(), type: z.string().optional() }),
      response: z.array(z.object({ user_id: z.number() })),
    });
    const { calls } = installFakeFetch({ 'GET /api/v3/voip/12/users/locked/': { json: [{ user_id: 1 }] } });
    const answer = await apiCall(locked, { params: { id: 12 }, query: { page_size: 20, type: undefined } });
    expect(calls[0]?.url).toBe('https://api.example.co.uk/api/v3/voip/12/users/locked/?page_size=20');
    expect(answer).toEqual([{ user_id: 1 }]);
  });
});

describe('apiCall: CSRF', () => {
  it('sends the csrftoken cookie as X-CSRFToken on an unsafe method', async () => {
    document.cookie = 'csrftoken=from-cookie';
    const { calls } = installFakeFetch({ 'POST /auth/login/': { json: { key: 'k' } } });
    await apiCall(endpoints.login, { body: { email: 'a@example.com', password: 'pw' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['x-csrftoken']).toBe('from-cookie');
  });

  it('sends the csrftoken cookie as X-CSRFToken on a GET too (spec 000 section 7: every call)', async () => {
    document.cookie = 'csrftoken=on-a-get';
    const { calls } = installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe } });
    await apiCall(endpoints.me);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['x-csrftoken']).toBe('on-a-get');
  });

  it('never waits for a CSRF value before a GET: without a cookie it sends none and does not bootstrap it', async () => {
    const { calls } = installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe } });
    await apiCall(endpoints.me);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['x-csrftoken']).toBeUndefined();
  });

  it('sends the value fetched for an unsafe call on later GETs when no cookie holds it', async () => {
    const { calls } = installFakeFetch({
      'GET /auth/csrf/': { json: { csrftoken: 'fetched-once' } },
      'POST /auth/login/': { json: { key: 'k' } },
      'GET /api/v3/me/': { json: sampleMe },
    });
    await apiCall(endpoints.login, { body: { email: 'a@example.com', password: 'pw' } });
    await apiCall(endpoints.me);
    expect(calls.map((c) => `${c.method} ${new URL(c.url, 'http://localhost').pathname}`)).toEqual([
      'GET /auth/csrf/',
      'POST /auth/login/',
      'GET /api/v3/me/',
    ]);
    expect(calls[2]?.headers['x-csrftoken']).toBe('fetched-once');
  });

  it('without a cookie, first GETs /auth/csrf/ once, then sends the value', async () => {
    const { calls } = installFakeFetch({
      'GET /auth/csrf/': { json: { csrftoken: 'bootstrapped' }, setCookie: 'csrftoken=bootstrapped' },
      'POST /auth/logout/': { json: { detail: 'Signed out.' } },
    });
    setToken('t');
    await Promise.all([apiCall(endpoints.logout), apiCall(endpoints.logout)]);
    await apiCall(endpoints.logout);
    expect(calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`)).toEqual([
      'GET /auth/csrf/',
      'POST /auth/logout/',
      'POST /auth/logout/',
      'POST /auth/logout/',
    ]);
    expect(calls.slice(1).every((c) => c.headers['x-csrftoken'] === 'bootstrapped')).toBe(true);
  });

  it('uses the answered value when the csrf call sets no readable cookie', async () => {
    const { calls } = installFakeFetch({
      'GET /auth/csrf/': { json: { csrftoken: 'answered-only' } },
      'POST /auth/logout/': { json: { detail: 'ok' } },
    });
    await apiCall(endpoints.logout);
    await apiCall(endpoints.logout);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(calls[1]?.headers['x-csrftoken']).toBe('answered-only');
    expect(calls[2]?.headers['x-csrftoken']).toBe('answered-only');
  });

  it('tries the csrf bootstrap again after it failed', async () => {
    let attempts = 0;
    installFakeFetch({
      'GET /auth/csrf/': () => (++attempts === 1 ? 'network-error' : { json: { csrftoken: 'second' } }),
      'POST /auth/logout/': { json: { detail: 'ok' } },
    });
    const first = await rejectionOf(apiCall(endpoints.logout));
    expect(first.kind).toBe('network');
    await expect(apiCall(endpoints.logout)).resolves.toEqual({ detail: 'ok' });
    expect(attempts).toBe(2);
  });
});

describe('apiCall: answers', () => {
  it('answers the data parsed with the endpoint response schema', async () => {
    installFakeFetch({ 'GET /api/v3/me/': { json: { ...sampleMe, extra_field: 'dropped' } } });
    const me = await apiCall(endpoints.me);
    expect(me.user_profile.first_name).toBe('Ada');
    expect(me).not.toHaveProperty('extra_field');
  });

  it('throws a parse ApiError when the answer does not match the contract', async () => {
    installFakeFetch({ 'GET /api/v3/me/': { json: { id: 'not-a-number' } } });
    const error = await rejectionOf(apiCall(endpoints.me));
    expect(error.kind).toBe('parse');
    expect(error.status).toBe(200);
    expect(error.data).toEqual({ id: 'not-a-number' });
  });

  it('throws a parse ApiError when a success answer is not JSON', async () => {
    installFakeFetch({ 'GET /api/v3/me/': { text: '<html>proxy page</html>' } });
    const error = await rejectionOf(apiCall(endpoints.me));
    expect(error.kind).toBe('parse');
    expect(error.data).toBe('<html>proxy page</html>');
  });

  it('throws an http ApiError carrying status and parsed data for an error status', async () => {
    document.cookie = 'csrftoken=c';
    installFakeFetch({
      'POST /auth/login/': { status: 400, json: { detail: 'The email address or password is incorrect.' } },
    });
    const error = await rejectionOf(apiCall(endpoints.login, { body: { email: 'a@example.com', password: 'x' } }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(error.data).toEqual({ detail: 'The email address or password is incorrect.' });
    expect(error.isClientError).toBe(true);
  });

  it('keeps a non-JSON error body as text', async () => {
    installFakeFetch({ 'GET /api/v3/me/': { status: 502, text: 'Bad gateway' } });
    const error = await rejectionOf(apiCall(endpoints.me));
    expect(error.status).toBe(502);
    expect(error.data).toBe('Bad gateway');
    expect(error.isClientError).toBe(false);
  });

  it('throws a network ApiError with status 0 when fetch fails', async () => {
    installFakeFetch({ 'GET /api/v3/me/': 'network-error' });
    const error = await rejectionOf(apiCall(endpoints.me));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
  });

  it('passes an abort through as an AbortError', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    controller.abort();
    await expect(apiCall(endpoints.me, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiCall: 401 "Invalid token."', () => {
  it('clears the stored token and tells the listeners', async () => {
    setToken('stale');
    const listener = vi.fn();
    const stop = onInvalidToken(listener);
    installFakeFetch({ 'GET /api/v3/me/': { status: 401, json: { detail: 'Invalid token.' } } });
    const error = await rejectionOf(apiCall(endpoints.me));
    stop();
    expect(error.status).toBe(401);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps the token on a 401 with another message', async () => {
    setToken('kept');
    const listener = vi.fn();
    const stop = onInvalidToken(listener);
    installFakeFetch({ 'GET /api/v3/me/': { status: 401, json: { detail: 'Something else.' } } });
    await rejectionOf(apiCall(endpoints.me));
    stop();
    expect(getToken()).toBe('kept');
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps a token that replaced the one the call sent (a sign-in meanwhile)', async () => {
    setToken('old');
    installFakeFetch({
      'GET /api/v3/me/': () => {
        setToken('new');
        return { status: 401, json: { detail: 'Invalid token.' } };
      },
    });
    await rejectionOf(apiCall(endpoints.me));
    expect(getToken()).toBe('new');
  });

  it('keeps the token on a 403 "Invalid token."', async () => {
    setToken('kept');
    installFakeFetch({ 'GET /api/v3/me/': { status: 403, json: { detail: 'Invalid token.' } } });
    await rejectionOf(apiCall(endpoints.me));
    expect(getToken()).toBe('kept');
  });
});

describe('apiBlob: binary answers', () => {
  const download = endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/call-flows/current/audio-files/download/:name/',
    summary: 'test',
    auth: true,
    response: z.any().describe('binary'),
  });
  const bytes = new Uint8Array([82, 73, 70, 70, 0, 255, 10, 13]); // "RIFF" then bytes that are not text

  function stubFetch(answer: () => Response) {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return answer();
      }),
    );
    return calls;
  }

  it('answers the body as a Blob, byte for byte, with its content type', async () => {
    setToken('t1');
    const calls = stubFetch(() => new Response(bytes, { status: 200, headers: { 'Content-Type': 'audio/wav' } }));
    const blob = await apiBlob(download, { params: { id: 12, name: 'welcome greeting.wav' } });
    expect(blob.type).toBe('audio/wav');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(calls[0]?.url).toBe('/api/v1/voip/12/call-flows/current/audio-files/download/welcome%20greeting.wav/');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Token t1');
    expect(headers.Accept).toBe('*/*');
    expect(headers['X-CSRFToken']).toBeUndefined();
  });

  it('does not parse the answer with the response schema or as JSON', async () => {
    stubFetch(
      () => new Response('{"not": "parsed"', { status: 200, headers: { 'Content-Type': 'application/octet-stream' } }),
    );
    const blob = await apiBlob(download, { params: { id: 1, name: 'a.wav' } });
    expect(await blob.text()).toBe('{"not": "parsed"');
  });

  it('reads an error answer as JSON data, like apiCall', async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ detail: 'No such audio file.' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const error = await rejectionOf(apiBlob(download, { params: { id: 1, name: 'gone.wav' } }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(404);
    expect(error.data).toEqual({ detail: 'No such audio file.' });
  });

  it('keeps a non-JSON error body as text', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    const error = await rejectionOf(apiBlob(download, { params: { id: 1, name: 'a.wav' } }));
    expect(error.data).toBe('Bad gateway');
  });

  it('drops the token on 401 "Invalid token." as apiCall does', async () => {
    setToken('stale');
    const listener = vi.fn();
    const stop = onInvalidToken(listener);
    stubFetch(() => new Response(JSON.stringify({ detail: 'Invalid token.' }), { status: 401 }));
    await rejectionOf(apiBlob(download, { params: { id: 1, name: 'a.wav' } }));
    stop();
    expect(getToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('throws a network ApiError when fetch fails, and passes an abort through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect((await rejectionOf(apiBlob(download, { params: { id: 1, name: 'a.wav' } }))).kind).toBe('network');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    await expect(apiBlob(download, { params: { id: 1, name: 'a.wav' } })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends the CSRF header on an unsafe method', async () => {
    document.cookie = 'csrftoken=c9';
    const post = endpoint({
      method: 'POST',
      path: '/api/v1/voip/:id/audio/text-to-speech/',
      summary: 'test',
      auth: true,
      body: z.object({ text: z.string() }),
      response: z.any(),
    });
    const calls = stubFetch(() => new Response(bytes, { status: 200, headers: { 'Content-Type': 'audio/wav' } }));
    await apiBlob(post, { params: { id: 3 }, body: { text: 'Hello' } });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['X-CSRFToken']).toBe('c9');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"text":"Hello"}');
  });
});
