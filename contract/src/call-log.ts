// zod/mini, like the other contracts a page loads on demand: the call-recordings page loads these.
import * as z from 'zod/mini';

import { londonTime } from '@portal/editor-core';

import { Binary } from './call-flows.ts';
import { isIsoDate, isoDate } from './dates.ts';
import { endpoint } from './endpoint.ts';
import { idText } from './ids.ts';
import { pageNumber, pageSize } from './paging.ts';

/**
 * The call log and call recordings (spec 001 sections 3 "Call log" and "Call recording entry",
 * 7 "Call recordings", 9 "Date filter", "Call duration display", "Download file names"). Our
 * decisions where the spec is silent:
 *
 * - Days are UK days (Europe/London): '24h' is today, '7d' today and the 6 days before, '30d'
 *   (the default) today and the 29 before; a custom range is start_date..end_date inclusive, a
 *   start_date alone is that one day. Dates travel as YYYY-MM-DD.
 * - The recordings list answers calls that have a recording (a "call recording entry"); the
 *   recently-deleted view answers calls whose recordings were deleted. Deleted recordings are
 *   purged for good RECORDING_RETENTION_DAYS after their deletion.
 * - Our recordings are WAV (8 kHz, 16-bit mono, as every audio file of the portal): one recording
 *   downloads as call_recording_{timestamp}.wav (the spec's name, with the extension of what the
 *   file is), several as one recordings-{timestamp}.zip.
 * - With the call-recording admin password set, listening and downloading send it in the
 *   X-Call-Recording-Password header; a wrong one is counted like a failed sign-in.
 */

/** Days a deleted recording can be restored before it is purged for good. */
export const RECORDING_RETENTION_DAYS = 30;
/** Calls per page of the recordings list (default and most). */
export const CALL_RECORDINGS_PAGE_SIZE = 20;
export const MAX_CALL_RECORDINGS_PAGE_SIZE = 100;
/** Recordings one zip may hold. */
export const MAX_RECORDINGS_PER_ZIP = 500;
/** The header that carries the call-recording admin password. */
export const RECORDING_PASSWORD_HEADER = 'x-call-recording-password';
/** The longest custom date range, in days (two years and a leap day). */
export const MAX_CALL_RANGE_DAYS = 731;
export const MIN_RECORDING_PASSWORD_LENGTH = 8;

export const callLogMessages = {
  badDate: 'Enter a date as YYYY-MM-DD',
  endBeforeStart: 'The end date must not be before the start date',
  rangeTooLong: `Choose a range of at most ${MAX_CALL_RANGE_DAYS} days`,
  badRange: 'Choose 24h, 7d, 30d or custom',
  customNeedsStart: 'Choose a start date for a custom range',
  badNumber: 'Enter a phone number or extension of digits (a leading + is allowed)',
  badKeyword: 'Enter a keyword of at most 100 characters',
  badDuration: 'Choose a duration: under_1m, 1m_5m or over_5m',
  chooseRecordings: 'Choose at least one recording',
  tooManyRecordings: `Choose at most ${MAX_RECORDINGS_PER_ZIP} recordings at a time`,
  unknownRecording: 'Unknown recording',
  passwordRequired: 'Enter the call-recording admin password to listen to or download recordings',
  passwordWrong: 'The call-recording admin password is not correct',
  passwordTooShort: `The password must be at least ${MIN_RECORDING_PASSWORD_LENGTH} characters`,
  passwordTooLong: 'The password must be at most 128 characters',
  currentPasswordWrong: 'The current call-recording admin password is not correct',
  passwordSet: 'The call-recording admin password has been set',
  tooManyAttempts: 'Too many wrong passwords. Try again later.',
  recordingsHidden: 'Call recordings are not available',
  audioMissing: 'The recording audio is not available',
} as const;

// ---- Dates ----

/** The date `days` after (or before) an ISO date. @example addDays('2025-03-01', -1) // '2025-02-28' */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const CALL_DATE_RANGES = ['24h', '7d', '30d', 'custom'] as const;
export type CallDateRange = (typeof CALL_DATE_RANGES)[number];
export const DEFAULT_CALL_DATE_RANGE: CallDateRange = '30d';

/** A date filter as sent: a preset, or custom with start_date and an optional end_date. */
export interface CallDateFilter {
  range?: CallDateRange | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/**
 * The UK days a date filter covers, first and last inclusive, given today's UK date; or why not.
 * @example resolveCallDates({ range: '7d' }, '2025-03-10') // { from: '2025-03-04', to: '2025-03-10' }
 */
export function resolveCallDates(
  filter: CallDateFilter,
  today: string,
): { from: string; to: string } | { error: string } {
  const range = filter.range ?? (filter.start_date ? 'custom' : DEFAULT_CALL_DATE_RANGE);
  if (range === '24h') return { from: today, to: today };
  if (range === '7d') return { from: addDays(today, -6), to: today };
  if (range === '30d') return { from: addDays(today, -29), to: today };
  if (!filter.start_date) return { error: callLogMessages.customNeedsStart };
  if (!isIsoDate(filter.start_date) || (filter.end_date && !isIsoDate(filter.end_date)))
    return { error: callLogMessages.badDate };
  const to = filter.end_date || filter.start_date;
  if (to < filter.start_date) return { error: callLogMessages.endBeforeStart };
  if (daysBetween(filter.start_date, to) + 1 > MAX_CALL_RANGE_DAYS) return { error: callLogMessages.rangeTooLong };
  return { from: filter.start_date, to };
}

/** The UK date (YYYY-MM-DD) of an instant, by editor-core's London clock (its formatter is made once). */
export function ukDate(instant: Date): string {
  return londonTime(instant).date;
}

/** The instant a UK day starts (midnight in London, GMT or BST). */
export function ukMidnight(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // London is UTC or UTC+1; midnight London is the UTC midnight or the hour before it.
  const hourBefore = new Date(utcMidnight - 3_600_000);
  return ukDate(hourBefore) === isoDate ? hourBefore : new Date(utcMidnight);
}

// ---- Durations ----

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A call's length as the spec shows it: under 60 s 'ss Sec', under an hour 'mm:ss Min', else 'HH:mm:ss Hr'.
 * @example formatCallDuration(7) // '07 Sec'; formatCallDuration(125) // '02:05 Min'; formatCallDuration(3725) // '01:02:05 Hr'
 */
export function formatCallDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${two(s)} Sec`;
  if (s < 3600) return `${two(Math.floor(s / 60))}:${two(s % 60)} Min`;
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)} Hr`;
}

/** The duration filter's choices, in seconds [from, to). */
export const CALL_DURATION_FILTERS = {
  under_1m: { label: 'Under 1 minute', from: 0, to: 60 },
  '1m_5m': { label: '1 to 5 minutes', from: 60, to: 300 },
  over_5m: { label: 'Over 5 minutes', from: 300, to: null },
} as const;
export type CallDurationFilter = keyof typeof CALL_DURATION_FILTERS;

// ---- File names ----

/** A timestamp for file names: 2025-03-03T09-05-07 (UTC; no colons, which some systems refuse). */
export const fileTimestamp = (instant: Date): string => instant.toISOString().slice(0, 19).replace(/:/g, '-');
/** A recording's download: MP3 (spec 001 section 7 "Call recordings"). */
export const recordingFilename = (start: Date) => `call_recording_${fileTimestamp(start)}.mp3`;
export const recordingsZipFilename = (now: Date) => `recordings-${fileTimestamp(now)}.zip`;
export const transcriptFilename = (start: Date) => `transcript-${fileTimestamp(start)}.txt`;

// ---- Schemas ----

export const CALL_STATUSES = ['outbound_call', 'answered', 'missed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const Transcription = z.object({
  recording_uuid: z.string(),
  calllog_start_time: z.string(),
  /** Seconds. */
  total_transcription_time: z.number(),
});
export type Transcription = z.infer<typeof Transcription>;

export const CallRecording = z.object({
  uuid: z.string(),
  filename: z.string(),
  /** Seconds of audio. */
  duration: z.number(),
  /** When it was deleted (recently deleted view), else null. */
  deleted_at: z.nullable(z.string()),
  /** When a deleted recording is purged for good, else null. */
  purge_at: z.nullable(z.string()),
  transcriptions: z.array(Transcription),
});
export type CallRecording = z.infer<typeof CallRecording>;

/** A call with its recordings (spec 001 section 3 "Call recording entry"); `selected` is the page's, always false here. */
export const CallRecordingEntry = z.object({
  calllog_id: z.int(),
  selected: z.boolean(),
  status: z.enum(CALL_STATUSES),
  caller: z.string(),
  called: z.string(),
  start_time: z.string(),
  /** Seconds. */
  duration: z.int(),
  /** The user matched by extension (caller for outbound_call, called for answered), else null. */
  user: z.nullable(z.object({ id: z.int(), name: z.string(), extension: z.string() })),
  recordings: z.array(CallRecording),
});
export type CallRecordingEntry = z.infer<typeof CallRecordingEntry>;

export const CallRecordingsPage = z.object({
  count: z.int(),
  page: z.int(),
  page_size: z.int(),
  range_start: z.string(),
  range_end: z.string(),
  results: z.array(CallRecordingEntry),
});
export type CallRecordingsPage = z.infer<typeof CallRecordingsPage>;

const optionalDate = z.optional(isoDate(callLogMessages.badDate));

/** GET .../calls/call_recordings/ query. */
export const CallRecordingsQuery = z.object({
  range: z.optional(z.enum(CALL_DATE_RANGES, callLogMessages.badRange)),
  start_date: optionalDate,
  end_date: optionalDate,
  number: z.optional(z.string().check(z.trim(), z.regex(/^\+?[0-9]{0,20}$/, callLogMessages.badNumber))),
  duration: z.optional(
    z.enum(
      Object.keys(CALL_DURATION_FILTERS) as [CallDurationFilter, ...CallDurationFilter[]],
      callLogMessages.badDuration,
    ),
  ),
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(100, callLogMessages.badKeyword))),
  /** 'true': the recently-deleted view. */
  deleted: z.optional(z.enum(['true', 'false'])),
  page: pageNumber(),
  page_size: pageSize(MAX_CALL_RECORDINGS_PAGE_SIZE),
});
export type CallRecordingsQuery = z.input<typeof CallRecordingsQuery>;

const recordingUuid = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, callLogMessages.unknownRecording));
const RecordingUuids = z
  .array(recordingUuid)
  .check(
    z.minLength(1, callLogMessages.chooseRecordings),
    z.maxLength(MAX_RECORDINGS_PER_ZIP, callLogMessages.tooManyRecordings),
  );

/** The recordings chosen for a download, a delete or a restore. */
export const RecordingSelection = z.object({ recording_uuids: RecordingUuids });
export type RecordingSelection = z.infer<typeof RecordingSelection>;

export const RecordingsChanged = z.object({ count: z.int() });

export const TranscriptLine = z.object({ speaker: z.string(), text: z.string(), offset: z.number() });
export const TranscriptView = z.object({
  recording_uuid: z.string(),
  calllog_start_time: z.string(),
  total_transcription_time: z.number(),
  lines: z.array(TranscriptLine),
});
export type TranscriptView = z.infer<typeof TranscriptView>;

export const RecordingAdminPassword = z.object({ password_is_set: z.boolean() });
export const SetRecordingAdminPassword = z.object({
  password: z
    .string({ error: callLogMessages.passwordTooShort })
    .check(
      z.minLength(MIN_RECORDING_PASSWORD_LENGTH, callLogMessages.passwordTooShort),
      z.maxLength(128, callLogMessages.passwordTooLong),
    ),
  /** Needed when a password is set already. */
  current_password: z.optional(z.string().check(z.maxLength(128, callLogMessages.currentPasswordWrong))),
});
export type SetRecordingAdminPassword = z.infer<typeof SetRecordingAdminPassword>;

const ProductParams = z.object({ id: idText('Unknown product') });
const RecordingParams = z.object({ id: idText('Unknown product'), uuid: recordingUuid });
const StartTimeQuery = z.object({ start_time: z.optional(z.string().check(z.maxLength(40))) });

export const callLogEndpoints = {
  listCallRecordings: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/calls/call_recordings/',
    summary: 'Calls with recordings, filtered and paged (deleted=true: recently deleted)',
    auth: true,
    params: ProductParams,
    query: CallRecordingsQuery,
    response: CallRecordingsPage,
  }),
  downloadCallRecordings: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v1/voip/:id/calls/call_recordings/',
    summary: 'One recording (WAV) or several as one zip, streamed',
    auth: true,
    params: ProductParams,
    body: RecordingSelection,
    response: Binary,
  }),
  getCallRecording: endpoint({
    answers: ['throttled'],
    method: 'GET',
    path: '/api/v1/voip/:id/calls/:calllog/recording/:uuid/',
    summary: "A recording's audio (download=true: as an attachment)",
    auth: true,
    params: z.object({ id: idText('Unknown product'), calllog: idText('Unknown call'), uuid: recordingUuid }),
    query: z.object({ download: z.optional(z.enum(['true', 'false'])) }),
    response: Binary,
  }),
  deleteCallRecordings: endpoint({
    method: 'DELETE',
    path: '/api/v1/voip/:id/calls/actions/delete-recordings/',
    summary: 'Moves recordings to recently deleted',
    auth: true,
    params: ProductParams,
    body: RecordingSelection,
    response: RecordingsChanged,
  }),
  restoreCallRecordings: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:id/calls/actions/restore-deleted-recordings/',
    summary: 'Restores recently deleted recordings',
    auth: true,
    params: ProductParams,
    body: RecordingSelection,
    response: RecordingsChanged,
  }),
  getTranscription: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/calls/recording/:uuid/transcriptions/',
    summary: "A recording's transcript",
    auth: true,
    params: RecordingParams,
    query: StartTimeQuery,
    response: TranscriptView,
  }),
  downloadTranscription: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/calls/recording/:uuid/transcriptions/download/',
    summary: "A recording's transcript as a text file",
    auth: true,
    params: RecordingParams,
    query: StartTimeQuery,
    response: Binary,
  }),
  getRecordingAdminPassword: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/call-recording/admin/password/',
    summary: 'Whether the call-recording admin password is set',
    auth: true,
    params: ProductParams,
    response: RecordingAdminPassword,
  }),
  setRecordingAdminPassword: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v1/voip/:id/call-recording/admin/password/',
    summary: 'Sets the call-recording admin password',
    auth: true,
    params: ProductParams,
    body: SetRecordingAdminPassword,
    response: RecordingAdminPassword,
  }),
};
