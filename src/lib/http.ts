import { safeParse, type $ZodType, type input, type output } from 'zod/v4/core';

import { authEndpoints, buildPath, type Endpoint, type PathParams } from '@portal/contract';

import { ApiError } from './api-error.ts';
import { readCookie } from './cookies.ts';
import { takeEarlyResponse } from './early-requests.ts';
import { extractErrorText, INVALID_TOKEN_MESSAGE } from './error-text.ts';
import { clearToken, getToken } from './token-storage.ts';

/**
 * The one HTTP client of the app. Every call is built from a contract endpoint: its
 * method and path, `Authorization: Token {key}` when the endpoint needs a session, the
 * `X-CSRFToken` header on every call (spec 000 section 7), and the answer parsed with the endpoint's
 * response schema, so a page never sees data the contract does not promise.
 */

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface HttpConfig {
  /** Origin (and optional prefix) of the API; empty means this page's origin. */
  baseUrl: string;
}

const config: HttpConfig = {
  baseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '',
};

export function configureHttp(next: Partial<HttpConfig>): void {
  Object.assign(config, next);
}

/** The full URL of an API path (and query): the configured base URL before it. */
export function apiUrl(pathAndQuery: string): string {
  return `${config.baseUrl}${pathAndQuery}`;
}

type Input<S> = S extends $ZodType ? input<S> : undefined;

export interface ApiCallOptions<E extends Endpoint> {
  /** Values of the path's `:name` parameters, by name. */
  params?: PathParams<E['path']>;
  query?: Input<E['query']>;
  body?: Input<E['body']>;
  signal?: AbortSignal;
  /** The token to send as `Authorization: Token {key}` instead of the session's (a journey's own, spec 001 section 6). */
  token?: string;
}

export type ApiResponse<E extends Endpoint> = output<E['response']>;

type InvalidTokenListener = () => void;
const invalidTokenListeners = new Set<InvalidTokenListener>();

/**
 * Called after an authenticated call was answered 401 "Invalid token." (the token has
 * then already been removed), so the app can send the person to sign in again.
 */
export function onInvalidToken(listener: InvalidTokenListener): () => void {
  invalidTokenListeners.add(listener);
  return () => invalidTokenListeners.delete(listener);
}

// The csrf bootstrap runs once; concurrent first calls share it.
let csrfRequest: Promise<string> | null = null;
let csrfFromServer: string | null = null;

/** Forgets the CSRF value fetched from the server (tests, and after a sign-out). */
export function resetCsrf(): void {
  csrfRequest = null;
  csrfFromServer = null;
}

/**
 * The X-CSRFToken header of a call (spec 000 section 7: all calls carry it). An unsafe call needs the value, fetched
 * once from the server when no cookie holds it; a safe one sends the value known now and never waits for one (the
 * server sets the cookie with every answer, the page's own included, and checks only unsafe calls).
 */
export async function csrfHeaders(method: string): Promise<Record<string, string>> {
  if (!SAFE_METHODS.has(method)) return { [CSRF_HEADER]: await csrfToken() };
  const known = readCookie(CSRF_COOKIE) ?? csrfFromServer;
  return known ? { [CSRF_HEADER]: known } : {};
}

/** The value unsafe calls send as X-CSRFToken: the csrftoken cookie, else fetched once from the server. */
export async function csrfToken(): Promise<string> {
  const fromCookie = readCookie(CSRF_COOKIE);
  if (fromCookie) return fromCookie;
  if (csrfFromServer) return csrfFromServer;
  csrfRequest ??= send(authEndpoints.csrf, {}, false)
    .then((answer) => {
      csrfFromServer = answer.csrftoken;
      return readCookie(CSRF_COOKIE) ?? answer.csrftoken;
    })
    .catch((error: unknown) => {
      csrfRequest = null; // let the next call try again
      throw error;
    });
  return csrfRequest;
}

/** A query object as a search string ('?a=1&b=2'; '' when empty), leaving out null and undefined. */
export function toSearch(query: unknown): string {
  if (query === undefined || query === null || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** An answer's text as JSON: undefined when empty, not ok when it is not JSON. */
export function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Calls one endpoint of the contract and answers its parsed response.
 * Throws an ApiError for an error status, a network failure or an answer that does not
 * match the contract; an aborted call rejects with the AbortError as fetch does.
 * @example const me = await apiCall(authEndpoints.me)
 */
export async function apiCall<E extends Endpoint>(
  endpoint: E,
  options: ApiCallOptions<E> = {},
): Promise<ApiResponse<E>> {
  return send(endpoint, options, true);
}

/**
 * Calls an endpoint whose answer is a file (the contract declares it `Binary`, e.g. an
 * audio download) and answers it as a Blob, untouched. Requests and failures are as
 * apiCall's: the same headers, and an error answer (which servers send as JSON even
 * from a file endpoint) becomes an ApiError with its parsed data.
 * @example const wav = await apiBlob(callFlowEndpoints.downloadCallFlowAudioFile, { params: { id: 12, name: 'welcome.wav' } })
 */
export async function apiBlob<E extends Endpoint>(endpoint: E, options: ApiCallOptions<E> = {}): Promise<Blob> {
  const { response, blob } = await exchange(endpoint, options, true, 'blob');
  return blob ?? new Blob([], { type: response.headers.get('Content-Type') ?? '' });
}

/**
 * After an error answer to an authenticated call: a 401 "Invalid token." drops the token
 * the call sent and tells the app (onInvalidToken). Only that token is dropped: another
 * tab may have signed in since.
 */
export function noteErrorAnswer(status: number, data: unknown, sentToken: string | null): void {
  if (status === 401 && sentToken && sentToken === getToken() && extractErrorText(data) === INVALID_TOKEN_MESSAGE) {
    clearToken();
    for (const listener of invalidTokenListeners) listener();
  }
}

interface Exchanged {
  response: Response;
  /** The body of a JSON answer, or of any error answer. */
  text: string;
  /** The body of a successful binary answer. */
  blob: Blob | null;
}

/** Sends the request and reads the answer; an error status throws here, whatever the mode. */
async function exchange<E extends Endpoint>(
  endpoint: E,
  options: ApiCallOptions<E>,
  withCsrf: boolean,
  mode: 'json' | 'blob',
): Promise<Exchanged> {
  const headers: Record<string, string> = { Accept: mode === 'json' ? 'application/json' : '*/*' };
  const token = endpoint.auth ? (options.token ?? getToken()) : null;
  if (token) headers.Authorization = `Token ${token}`;
  if (withCsrf) Object.assign(headers, await csrfHeaders(endpoint.method));
  const init: RequestInit = { method: endpoint.method, headers, credentials: 'same-origin' };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  const url = `${config.baseUrl}${buildPath(endpoint.path, options.params)}${toSearch(options.query)}`;
  let response: Response;
  let text = '';
  let blob: Blob | null = null;
  try {
    // The user and the navigation may have been asked for already, before the app's code ran (early-requests.ts).
    response = await (takeEarlyResponse(endpoint.method, url, token) ?? fetch(url, init));
    // Only a successful binary answer is read as bytes: an error answer holds a message.
    if (mode === 'blob' && response.ok) blob = await response.blob();
    else text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      kind: 'network',
      status: 0,
      message: `Network error calling ${endpoint.method} ${endpoint.path}`,
      cause: error,
    });
  }

  if (!response.ok) {
    const body = parseBody(text);
    const data = body.ok ? body.value : text;
    noteErrorAnswer(response.status, data, token);
    throw new ApiError({
      kind: 'http',
      status: response.status,
      data,
      message: `${endpoint.method} ${endpoint.path} answered ${response.status}`,
    });
  }
  return { response, text, blob };
}

async function send<E extends Endpoint>(
  endpoint: E,
  options: ApiCallOptions<E>,
  withCsrf: boolean,
): Promise<ApiResponse<E>> {
  const { response, text } = await exchange(endpoint, options, withCsrf, 'json');
  const body = parseBody(text);
  if (!body.ok) {
    throw new ApiError({
      kind: 'parse',
      status: response.status,
      data: text,
      message: `${endpoint.method} ${endpoint.path} answered invalid JSON`,
    });
  }
  // A 204 has no body; the contract's response schema for it is an empty object.
  const parsed = safeParse(endpoint.response, body.value === undefined && response.status === 204 ? {} : body.value);
  if (!parsed.success) {
    throw new ApiError({
      kind: 'parse',
      status: response.status,
      data: body.value,
      message: `${endpoint.method} ${endpoint.path} answered data the contract does not allow`,
      cause: parsed.error,
    });
  }
  return parsed.data as ApiResponse<E>;
}
