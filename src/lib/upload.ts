import { safeParse } from 'zod/v4/core';

import { buildPath, type Endpoint } from '@portal/contract';

import { ApiError } from './api-error.ts';
import {
  apiUrl,
  CSRF_HEADER,
  csrfToken,
  noteErrorAnswer,
  parseBody,
  toSearch,
  type ApiCallOptions,
  type ApiResponse,
} from './http.ts';
import { getToken } from './token-storage.ts';

/**
 * File uploads with progress. fetch cannot report how much of a request body has gone, so
 * uploads use XMLHttpRequest, with the rules of http.ts: the same base URL,
 * `Authorization: Token {key}`, the `X-CSRFToken` header, an ApiError for an error answer
 * and the same handling of a 401 "Invalid token.".
 */

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** How much of the request has been sent, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

interface Answer {
  status: number;
  /** The parsed JSON answer; undefined when it was empty. */
  value: unknown;
}

async function send(
  method: string,
  path: string,
  form: FormData,
  withToken: boolean,
  options: Omit<UploadOptions, 'method'>,
): Promise<Answer> {
  const { onProgress, signal } = options;
  if (signal?.aborted) throw abortError();
  const token = withToken ? getToken() : null;
  const csrf = await csrfToken();
  if (signal?.aborted) throw abortError();

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(method, apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.setRequestHeader(CSRF_HEADER, csrf);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
    }
    xhr.onload = () => {
      settle();
      const text = xhr.responseText;
      const body = parseBody(text);
      if (xhr.status < 200 || xhr.status >= 300) {
        const data = body.ok ? body.value : text;
        noteErrorAnswer(xhr.status, data, token);
        reject(
          new ApiError({ kind: 'http', status: xhr.status, data, message: `${method} ${path} answered ${xhr.status}` }),
        );
        return;
      }
      if (!body.ok) {
        reject(
          new ApiError({
            kind: 'parse',
            status: xhr.status,
            data: text,
            message: `${method} ${path} answered invalid JSON`,
          }),
        );
        return;
      }
      onProgress?.(1);
      resolve({ status: xhr.status, value: body.value });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError({ kind: 'network', status: 0, message: `Network error calling ${method} ${path}` }));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}

/**
 * Sends a multipart form (files and fields) to an API path (with its query, if any) and
 * answers the parsed JSON answer, undefined for an empty one. The browser sets the
 * multipart Content-Type. Throws an ApiError for an error status, a network failure or an
 * answer that is not JSON; an aborted upload rejects with an AbortError, as fetch does.
 * @example
 * const form = new FormData();
 * form.append('file', wav, 'hold-music.wav');
 * await uploadMultipart(`/api/v1/products/${id}/configuration/hold-music/`, form, { onProgress: setFraction, signal });
 */
export async function uploadMultipart(path: string, form: FormData, options: UploadOptions = {}): Promise<unknown> {
  const { method = 'POST', ...rest } = options;
  return (await send(method, path, form, true, rest)).value;
}

export interface ApiUploadOptions<E extends Endpoint> extends Omit<UploadOptions, 'method'> {
  /** Values of the path's `:name` parameters. */
  params?: Record<string, string | number>;
  query?: ApiCallOptions<E>['query'];
  /** The files, by form field. */
  files: Record<string, { blob: Blob; filename: string }>;
  /** Text fields, by form field: a string is sent as it is, anything else as JSON text. Sent before the files. */
  fields?: Record<string, unknown>;
}

/**
 * Uploads to one endpoint of the contract (method, path, auth from it) and answers its
 * response parsed with the endpoint's schema, as apiCall does for JSON calls.
 * @example
 * await apiUpload(endpoints.uploadHoldMusic, { params: { id }, files: { file: { blob: wav, filename: 'hold-music.wav' } }, onProgress, signal })
 */
export async function apiUpload<E extends Endpoint>(
  endpoint: E,
  options: ApiUploadOptions<E>,
): Promise<ApiResponse<E>> {
  const { params, query, files, fields = {}, ...rest } = options;
  const form = new FormData();
  // Text first: a server reading the stream knows what the file is before it arrives.
  for (const [field, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(field, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const [field, file] of Object.entries(files)) form.append(field, file.blob, file.filename);
  const path = `${buildPath(endpoint.path, params)}${toSearch(query)}`;
  const answer = await send(endpoint.method, path, form, endpoint.auth, rest);
  // A 204 has no body; the contract's response schema for it is an empty object.
  const parsed = safeParse(endpoint.response, answer.value === undefined && answer.status === 204 ? {} : answer.value);
  if (!parsed.success) {
    throw new ApiError({
      kind: 'parse',
      status: answer.status,
      data: answer.value,
      message: `${endpoint.method} ${endpoint.path} answered data the contract does not allow`,
      cause: parsed.error,
    });
  }
  return parsed.data as ApiResponse<E>;
}
