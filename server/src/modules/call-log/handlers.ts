import type { FastifyReply, FastifyRequest } from 'fastify';

import {
  CALL_RECORDINGS_PAGE_SIZE,
  callLogMessages,
  RECORDING_PASSWORD_HEADER,
  RECORDING_RETENTION_DAYS,
  recordingFilename,
  recordingsZipFilename,
  transcriptFilename,
  type CallRecordingEntry,
  type CallStatus,
} from '@portal/contract';

import { MP3_CONTENT_TYPE, wavToMp3 } from '../../audio/mp3.ts';
import { attachmentHeaders, sendAudio, streamAttachment } from '../../audio/serve.ts';
import { detailError, fieldError, tooManyRequests } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import {
  checkLoginThrottle,
  countLoginAttempt,
  hashPassword,
  loginSucceeded,
  verifyPassword,
} from '../identity/index.ts';
import { notFound, ownedVoipProduct, rowId, type Product } from '../products/index.ts';
import { recordingPage } from './call-log-read-model.ts';
import {
  markRecordingsDeleted,
  purgeRecordings,
  recordingAdminPasswordHash,
  recordingsOf,
  restoreRecordings,
  setRecordingAdminPasswordHash,
  setRecordingAudioKeys,
  setRecordingMp3Key,
  transcriptOf,
  type RecordingRow,
} from './call-log-repository.ts';
import {
  FILE_READ_BYTES,
  measureFile,
  prepareZip,
  purgeBefore,
  recordingFilter,
  sendMeasured,
  speakConversation,
  transcriptText,
  type ReadParts,
} from './rules.ts';

/** The customer's cloud phone, when call recordings are shown (PORTAL_CALL_RECORDINGS), else 404. */
async function recordingsProduct(request: FastifyRequest, id: string): Promise<Product> {
  if (request.server.callRecordingsHidden) throw detailError(404, callLogMessages.recordingsHidden);
  return ownedVoipProduct(request, rowId(id));
}

/**
 * With a call-recording admin password set, listening and downloading need it (the
 * X-Call-Recording-Password header): a wrong one counts like a failed sign-in (per phone and
 * client, then per client; identity/throttle-repository.ts), so it cannot be guessed quickly.
 */
async function checkRecordingPassword(request: FastifyRequest, product: Product): Promise<void> {
  const hash = await recordingAdminPasswordHash(request.server.db, product.id);
  if (hash === null) return;
  const sent = request.headers[RECORDING_PASSWORD_HEADER];
  const password = typeof sent === 'string' ? sent : '';
  if (password === '') throw detailError(403, callLogMessages.passwordRequired);
  await passwordAttempt(request, product, password, hash, callLogMessages.passwordWrong);
}

/** Checks a password against the phone's admin password under the sign-in throttle; throws 403 or 429. */
async function passwordAttempt(
  request: FastifyRequest,
  product: Product,
  password: string,
  hash: string,
  wrong: string,
): Promise<void> {
  const { db } = request.server;
  const now = request.server.now();
  // Its own key space beside sign-in e-mails: no e-mail contains a space.
  const keys = { email: `call-recording-admin ${product.id}`, ip: request.ip };
  const refused = await checkLoginThrottle(db, keys, now);
  if (refused !== null) throw tooManyRequests(callLogMessages.tooManyAttempts, refused);
  const attempt = await countLoginAttempt(db, keys, now);
  if (attempt.retryAfter !== null) throw tooManyRequests(callLogMessages.tooManyAttempts, attempt.retryAfter);
  if (attempt.delayMs > 0) await request.server.sleep(attempt.delayMs);
  if (!(await verifyPassword(password, hash))) throw detailError(403, wrong);
  await loginSucceeded(db, keys);
}

/** The product's recordings among `uuids` that are listed (not deleted), else 404 naming the recording. */
async function listedRecordings(
  request: FastifyRequest,
  product: Product,
  uuids: readonly string[],
): Promise<RecordingRow[]> {
  const unique = [...new Set(uuids)];
  const rows = (await recordingsOf(request.server.db, product.id, unique)).filter((row) => row.deletedAt === null);
  if (rows.length !== unique.length) throw detailError(404, callLogMessages.unknownRecording);
  return rows;
}

/** Where a recording's audio is stored: its key, or (a demo recording) spoken now from its script and stored for next time, MP3 too. */
async function recordingAudioKey(request: FastifyRequest, recording: RecordingRow): Promise<string> {
  const { audio, db, speech } = request.server;
  if (recording.audioKey) return recording.audioKey;
  if (!recording.script) throw detailError(404, callLogMessages.audioMissing);
  const spoken = await speakConversation(recording.script, recording.durationSeconds, (text, voice) =>
    speech.speak(text, voice),
  );
  const keys = { audioKey: `${recording.productId}/call-recording-${recording.uuid}.wav`, mp3Key: mp3KeyOf(recording) };
  await audio.put(keys.audioKey, spoken.wav);
  // Encoded once, as it is stored: every download after this one sends these bytes.
  await audio.put(keys.mp3Key, await wavToMp3(spoken.wav));
  await setRecordingAudioKeys(db, recording.uuid, keys, spoken.seconds, spoken.lines);
  Object.assign(recording, keys);
  return keys.audioKey;
}

const mp3KeyOf = (recording: RecordingRow) => `${recording.productId}/call-recording-${recording.uuid}.mp3`;

/**
 * Where a recording's MP3 (its download) is stored. One stored before recordings had an MP3 is
 * encoded from its WAV on its first download and kept, so it is encoded once too.
 */
async function recordingMp3Key(request: FastifyRequest, recording: RecordingRow): Promise<string> {
  if (recording.mp3Key) return recording.mp3Key;
  const wavKey = await recordingAudioKey(request, recording);
  if (recording.mp3Key) return recording.mp3Key;
  const wav = await request.server.audio.get(wavKey);
  if (!wav) throw detailError(404, callLogMessages.audioMissing);
  const key = mp3KeyOf(recording);
  await request.server.audio.put(key, await wavToMp3(wav));
  await setRecordingMp3Key(request.server.db, recording.uuid, key);
  return key;
}

/** A recording's audio, whole (to play it). */
async function recordingAudio(request: FastifyRequest, recording: RecordingRow): Promise<Buffer> {
  const bytes = await request.server.audio.get(await recordingAudioKey(request, recording));
  if (!bytes) throw detailError(404, callLogMessages.audioMissing);
  return bytes;
}

/** Reads a recording's MP3 part by part, as the zip and a download send it; audio gone is a 404 (before the first byte). */
async function recordingParts(request: FastifyRequest, recording: RecordingRow): Promise<ReadParts> {
  const key = await recordingMp3Key(request, recording);
  return async (buffer, use) => {
    if (!(await request.server.audio.readInto(key, buffer, use))) throw detailError(404, callLogMessages.audioMissing);
    return true;
  };
}

/** One recording as a download, streamed through one buffer with its length known first (the page shows a percentage). */
async function downloadRecording(
  request: FastifyRequest,
  reply: FastifyReply,
  recording: RecordingRow,
): Promise<FastifyReply> {
  const read = await recordingParts(request, recording);
  const buffer = Buffer.allocUnsafe(FILE_READ_BYTES);
  const measured = await measureFile(read, buffer);
  if (!measured) throw detailError(404, callLogMessages.audioMissing);
  const file = { filename: recordingFilename(recording.startTime), type: MP3_CONTENT_TYPE, length: measured.size };
  return streamAttachment(request, reply, file, (write) => sendMeasured(read, buffer, measured, write));
}

/** Removes for good what was deleted longer ago than the retention, audio included. */
async function purgeExpired(request: FastifyRequest, product: Product): Promise<void> {
  const keys = await purgeRecordings(request.server.db, product.id, purgeBefore(request.server.now()));
  for (const key of keys)
    await request.server.audio
      .delete(key)
      .catch((error: unknown) => request.log.warn({ error, key }, 'purged recording audio not deleted'));
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Call history and recordings (spec 001 section 7 "Call recordings"): the list with its filters,
 * listening (WAV) and downloads (one MP3, or a streamed zip of them), delete and restore, transcripts and the
 * admin password. A customer reaches only their own cloud phones' calls (404 otherwise).
 */
export const callLogHandlers = {
  listCallRecordings: async ({ params, query, request }) => {
    const product = await recordingsProduct(request, params.id);
    const resolved = recordingFilter(query, request.server.now());
    if ('error' in resolved)
      throw fieldError(query.range === 'custom' || query.start_date ? 'start_date' : 'range', resolved.error);
    if (resolved.filter.deleted) await purgeExpired(request, product);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? CALL_RECORDINGS_PAGE_SIZE;
    const { count, calls } = await recordingPage(request.server.db, product.id, resolved.filter, page, pageSize);
    const retentionMs = RECORDING_RETENTION_DAYS * 86_400_000;
    const results: CallRecordingEntry[] = calls.map((call) => ({
      calllog_id: call.id,
      selected: false,
      status: call.status as CallStatus,
      caller: call.caller,
      called: call.called,
      start_time: call.startTime.toISOString(),
      duration: call.durationSeconds,
      user:
        call.userId === null
          ? null
          : { id: call.userId, name: `${call.firstName} ${call.lastName}`, extension: call.extension ?? '' },
      recordings: call.recordings.map((recording) => ({
        uuid: recording.uuid,
        filename: recordingFilename(recording.startTime),
        duration: recording.durationSeconds,
        deleted_at: iso(recording.deletedAt),
        purge_at: recording.deletedAt ? new Date(recording.deletedAt.getTime() + retentionMs).toISOString() : null,
        transcriptions:
          recording.transcriptSeconds === null
            ? []
            : [
                {
                  recording_uuid: recording.uuid,
                  calllog_start_time: recording.startTime.toISOString(),
                  total_transcription_time: recording.transcriptSeconds,
                },
              ],
      })),
    }));
    return { count, page, page_size: pageSize, range_start: resolved.from, range_end: resolved.to, results };
  },

  downloadCallRecordings: async ({ params, body, request, reply }) => {
    const product = await recordingsProduct(request, params.id);
    await checkRecordingPassword(request, product);
    const recordings = await listedRecordings(request, product, body.recording_uuids);
    if (recordings.length === 1) return downloadRecording(request, reply, recordings[0] as RecordingRow);
    const used = new Map<string, number>();
    const entries = recordings.map((recording) => {
      // Two recordings of one second get their own names: call_recording_...-2.mp3.
      const base = recordingFilename(recording.startTime);
      const n = (used.get(base) ?? 0) + 1;
      used.set(base, n);
      // Read twice (measured, then sent): a demo recording is spoken once, on the first read.
      let parts: Promise<ReadParts> | undefined;
      const read: ReadParts = async (buffer, use) =>
        (await (parts ??= recordingParts(request, recording)))(buffer, use);
      return { name: n === 1 ? base : base.replace(/\.mp3$/, `-${n}.mp3`), modified: recording.startTime, read };
    });
    // Measured first (a recording that is gone answers 404 before any byte), then announced with its
    // length, so the page shows how much has come; every file passes through one buffer while it streams.
    const zip = await prepareZip(entries);
    return streamAttachment(
      request,
      reply,
      { filename: recordingsZipFilename(request.server.now()), type: 'application/zip', length: zip.length },
      zip.send,
    );
  },

  getCallRecording: async ({ params, query, request, reply }) => {
    const product = await recordingsProduct(request, params.id);
    await checkRecordingPassword(request, product);
    const [recording] = await listedRecordings(request, product, [params.uuid]);
    if (!recording || recording.callLogId !== rowId(params.calllog)) throw notFound();
    if (query.download === 'true') return downloadRecording(request, reply, recording);
    return sendAudio(
      request,
      reply,
      await recordingAudio(request, recording),
      recordingFilename(recording.startTime).replace(/\.mp3$/, '.wav'),
    );
  },

  deleteCallRecordings: async ({ params, body, request }) => {
    const product = await recordingsProduct(request, params.id);
    await purgeExpired(request, product);
    return {
      count: await markRecordingsDeleted(
        request.server.db,
        product.id,
        [...new Set(body.recording_uuids)],
        request.server.now(),
      ),
    };
  },

  restoreCallRecordings: async ({ params, body, request }) => {
    const product = await recordingsProduct(request, params.id);
    await purgeExpired(request, product);
    return {
      count: await restoreRecordings(
        request.server.db,
        product.id,
        [...new Set(body.recording_uuids)],
        purgeBefore(request.server.now()),
      ),
    };
  },

  getTranscription: async ({ params, request }) => {
    const product = await recordingsProduct(request, params.id);
    const row = await transcriptOf(request.server.db, product.id, params.uuid);
    if (!row || (row.deletedAt && row.deletedAt < purgeBefore(request.server.now())))
      throw detailError(404, callLogMessages.unknownRecording);
    return {
      recording_uuid: row.uuid,
      calllog_start_time: row.startTime.toISOString(),
      total_transcription_time: row.totalSeconds,
      lines: row.lines.map(({ speaker, text, offset }) => ({ speaker, text, offset })),
    };
  },

  downloadTranscription: async ({ params, request, reply }) => {
    const product = await recordingsProduct(request, params.id);
    const row = await transcriptOf(request.server.db, product.id, params.uuid);
    if (!row || (row.deletedAt && row.deletedAt < purgeBefore(request.server.now())))
      throw detailError(404, callLogMessages.unknownRecording);
    return attachmentHeaders(reply, transcriptFilename(row.startTime), 'text/plain; charset=utf-8').send(
      transcriptText(row.startTime, row.totalSeconds, row.lines),
    );
  },

  getRecordingAdminPassword: async ({ params, request }) => {
    const product = await recordingsProduct(request, params.id);
    return { password_is_set: (await recordingAdminPasswordHash(request.server.db, product.id)) !== null };
  },

  setRecordingAdminPassword: async ({ params, body, request }) => {
    const product = await recordingsProduct(request, params.id);
    const current = await recordingAdminPasswordHash(request.server.db, product.id);
    // Changing a set password needs the current one, checked under the same throttle.
    if (current !== null) {
      if (!body.current_password) throw fieldError('current_password', callLogMessages.currentPasswordWrong);
      await passwordAttempt(request, product, body.current_password, current, callLogMessages.currentPasswordWrong);
    }
    await setRecordingAdminPasswordHash(request.server.db, product.id, await hashPassword(body.password));
    return { password_is_set: true };
  },
} satisfies Pick<
  Handlers,
  | 'listCallRecordings'
  | 'downloadCallRecordings'
  | 'getCallRecording'
  | 'deleteCallRecordings'
  | 'restoreCallRecordings'
  | 'getTranscription'
  | 'downloadTranscription'
  | 'getRecordingAdminPassword'
  | 'setRecordingAdminPassword'
>;
