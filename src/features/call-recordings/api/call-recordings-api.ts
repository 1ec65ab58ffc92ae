import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import {
  buildPath,
  callLogEndpoints,
  RECORDING_PASSWORD_HEADER,
  testCallEndpoints,
  usersEndpoints,
  type CallRecordingsQuery,
  type SetRecordingAdminPassword,
} from '@portal/contract';

import { ApiError } from '../../../lib/api-error.ts';
import { apiBlob, apiCall, apiUrl, csrfHeaders, noteErrorAnswer, parseBody } from '../../../lib/http.ts';
import { getToken } from '../../../lib/token-storage.ts';

/** Every query of the page starts with this key: a change invalidates them all. */
export const recordingsKey = (productId: number) => ['call-recordings', productId] as const;

/** GET .../calls/call_recordings/: one page of calls with recordings (or recently deleted ones). */
export function useCallRecordings(productId: number, query: CallRecordingsQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...recordingsKey(productId), 'list', query],
      queryFn: ({ signal }) =>
        apiCall(callLogEndpoints.listCallRecordings, { params: { id: String(productId) }, query, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useAdminPassword(productId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...recordingsKey(productId), 'admin-password'],
      queryFn: ({ signal }) =>
        apiCall(callLogEndpoints.getRecordingAdminPassword, { params: { id: String(productId) }, signal }),
    }),
  );
}

export const setAdminPassword = (productId: number, body: SetRecordingAdminPassword) =>
  apiCall(callLogEndpoints.setRecordingAdminPassword, { params: { id: String(productId) }, body });

export const deleteRecordings = (productId: number, uuids: string[]) =>
  apiCall(callLogEndpoints.deleteCallRecordings, {
    params: { id: String(productId) },
    body: { recording_uuids: uuids },
  });

export const restoreRecordings = (productId: number, uuids: string[]) =>
  apiCall(callLogEndpoints.restoreCallRecordings, {
    params: { id: String(productId) },
    body: { recording_uuids: uuids },
  });

export const getTranscript = (productId: number, uuid: string, startTime: string) =>
  apiCall(callLogEndpoints.getTranscription, {
    params: { id: String(productId), uuid },
    query: { start_time: startTime },
  });

export const downloadTranscript = (productId: number, uuid: string, startTime: string) =>
  apiBlob(callLogEndpoints.downloadTranscription, {
    params: { id: String(productId), uuid },
    query: { start_time: startTime },
  });

/** Bytes received so far, and the whole size when the server said it (a streamed zip does not). */
export type Progress = (received: number, total: number | null) => void;

/**
 * A recording answer as a Blob, sending the call-recording admin password and reporting
 * progress as the bytes arrive. An error answer (JSON inside the binary answer, spec 001
 * section 8) becomes an ApiError with its parsed data, as apiBlob's do.
 */
async function recordingBlob(
  method: 'GET' | 'POST',
  path: string,
  password: string | null,
  onProgress: Progress | undefined,
  body?: unknown,
): Promise<Blob> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: '*/*' };
  if (token) headers.Authorization = `Token ${token}`;
  if (password) headers[RECORDING_PASSWORD_HEADER] = password;
  Object.assign(headers, await csrfHeaders(method));
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new ApiError({
      kind: 'network',
      status: 0,
      message: `Network error calling ${method} ${path}`,
      cause: error,
    });
  }
  if (!response.ok) {
    const text = await response.text();
    const parsed = parseBody(text);
    const data = parsed.ok ? parsed.value : text;
    noteErrorAnswer(response.status, data, token);
    throw new ApiError({
      kind: 'http',
      status: response.status,
      data,
      message: `${method} ${path} answered ${response.status}`,
    });
  }
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.body || !onProgress) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress(received, total);
  }
  return new Blob(parts as BlobPart[], { type });
}

/** A recording's audio to play (GET .../calls/{calllog}/recording/{uuid}/). */
export const recordingAudio = (productId: number, calllog: number, uuid: string, password: string | null) =>
  recordingBlob(
    'GET',
    buildPath(callLogEndpoints.getCallRecording.path, { id: productId, calllog, uuid }),
    password,
    undefined,
  );

/** The chosen recordings: one MP3, or several as one zip (POST .../calls/call_recordings/), with progress. */
export const downloadRecordings = (productId: number, uuids: string[], password: string | null, onProgress: Progress) =>
  recordingBlob(
    'POST',
    buildPath(callLogEndpoints.downloadCallRecordings.path, { id: productId }),
    password,
    onProgress,
    { recording_uuids: uuids },
  );

/** The phone's users (seats) with their add-ons, for the recording add-on wizard. */
export function useSeats(productId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...recordingsKey(productId), 'seats'],
      queryFn: ({ signal }) => apiCall(usersEndpoints.getSeats, { params: { productId: String(productId) }, signal }),
    }),
  );
}

/** POST /api/v1/voip/users/{userId}/tariff/add-ons/: a user's whole add-on list after the change. */
export const setUserAddOns = (productId: number, userId: number, addons: number[]) =>
  apiCall(usersEndpoints.postUserAddOns, {
    params: { userId: String(userId) },
    body: { product_id: productId, addons },
  });

/** GET .../test-calls/: the phone's newest test calls, shown in call history marked as test calls. */
export function useTestCalls(productId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...recordingsKey(productId), 'test-calls'],
      queryFn: ({ signal }) => apiCall(testCallEndpoints.listTestCalls, { params: { id: String(productId) }, signal }),
    }),
  );
}

/** The message left in a test call (audio/wav). */
export const testCallVoicemail = (productId: number, flowId: string, callId: string) =>
  apiBlob(testCallEndpoints.getTestCallVoicemail, {
    params: { id: String(productId), flow: flowId, call: callId },
  });
