import type { FastifyRequest } from 'fastify';

import {
  cleanTtsText,
  MAX_AUDIO_NAME_LENGTH,
  STORAGE_LIMIT_STATUS,
  STORAGE_LIMITS,
  storageMessages,
  type AudioFile,
} from '@portal/contract';

import { defaultHoldMusic } from '../../audio/defaults.ts';
import { sendAudio } from '../../audio/serve.ts';
import { checkedUpload, newStoredFilename } from '../../audio/uploads.ts';
import { detailError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { notFound, ownedVoipProduct, type Product } from '../products/index.ts';
import {
  addAudioFileWithinLimits,
  audioFileByStoredFilename,
  audioFilesOf,
  type AudioFileRow,
} from './audio-repository.ts';
import { speakFor } from './speech.ts';

function toAudioFile(row: AudioFileRow): AudioFile {
  return {
    stored_filename: row.storedFilename,
    kind: row.kind,
    sub_kind: row.subKind,
    call_flow_filename: row.callFlowFilename,
    name: row.name,
    text: row.text,
    tts_voice: row.ttsVoice,
    duration_ms: row.durationMs,
  };
}

async function listFiles(
  request: FastifyRequest,
  productId: number,
  filter: { storedFilename?: string; kind?: AudioFileRow['kind'] } = {},
) {
  const rows = await audioFilesOf(request.server.db, productId, filter);
  return { results: rows.map(toAudioFile) };
}

type NewAudioFile = Pick<AudioFileRow, 'kind' | 'subKind' | 'name' | 'text' | 'ttsVoice'> & {
  callFlowFilename: string | null;
};

/**
 * Checks an upload and stores it as a new audio file of the product: the bytes first, then
 * the row, counted against the product's limits (409 past one); a failed or refused insert takes
 * the bytes away again, and a failed check stores nothing. A full disk while writing the bytes
 * stores nothing and answers 507 (plugins/errors.ts).
 */
async function storeAudioFile(
  request: FastifyRequest,
  product: Product,
  bytes: Uint8Array,
  file: NewAudioFile,
): Promise<AudioFileRow> {
  const audio = checkedUpload(bytes, file.kind);
  const storedFilename = newStoredFilename(file.kind);
  const storageKey = `${product.id}/${storedFilename}`;
  await request.server.audio.put(storageKey, audio.wav);
  let result;
  try {
    result = await addAudioFileWithinLimits(
      request.server.db,
      {
        productId: product.id,
        storedFilename,
        kind: file.kind,
        subKind: file.subKind,
        callFlowFilename: file.callFlowFilename ?? storedFilename,
        name: file.name,
        text: file.text,
        ttsVoice: file.ttsVoice,
        durationMs: audio.durationMs,
        contentType: 'audio/wav',
        sizeBytes: audio.wav.length,
        storageKey,
        createdAt: request.server.now(),
      },
      { files: STORAGE_LIMITS.audioFilesPerProduct, bytes: STORAGE_LIMITS.audioBytesPerProduct },
    );
  } catch (error) {
    await request.server.audio.delete(storageKey).catch(() => {});
    throw error;
  }
  if (result !== null && 'added' in result) return result.added;
  await request.server.audio.delete(storageKey).catch(() => {});
  if (result === null) throw notFound();
  throw detailError(
    STORAGE_LIMIT_STATUS,
    result.over === 'files'
      ? storageMessages.tooManyAudioFiles
      : storageMessages.audioBytesFull(result.bytes, audio.wav.length),
  );
}

/** A name for a file uploaded without one: its own name without the extension, else "Uploaded audio". */
function nameFromFilename(filename: string): string {
  const stem = cleanTtsText(filename.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]{1,5}$/, ''));
  return stem.slice(0, MAX_AUDIO_NAME_LENGTH).trim() || 'Uploaded audio';
}

export const audioHandlers = {
  listCallFlowAudioFiles: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    return listFiles(request, product.id);
  },

  listAudioFiles: async ({ params, query, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    for (const value of [query.filename, query.kind]) {
      // PostgreSQL text cannot hold NUL, so such a value matches nothing.
      if (value?.includes('\u0000')) return { results: [] };
    }
    return listFiles(request, product.id, {
      ...(query.filename !== undefined && { storedFilename: query.filename }),
      ...(query.kind !== undefined && { kind: query.kind }),
    });
  },

  downloadCallFlowAudioFile: async ({ params, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    // PostgreSQL text cannot hold NUL, so such a name can name no file.
    if (params.name.includes('\u0000')) throw notFound();
    const file = await audioFileByStoredFilename(request.server.db, product.id, params.name);
    const bytes = file ? await request.server.audio.get(file.storageKey) : null;
    if (!file || !bytes) throw notFound();
    return sendAudio(request, reply, bytes, file.storedFilename);
  },

  uploadAudioFile: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const data = body['audio-data'];
    const row = await storeAudioFile(request, product, body['audio-file'].bytes, {
      kind: data.kind,
      subKind: data.sub_kind,
      callFlowFilename: data.call_flow_filename,
      name: data.name,
      text: data.text,
      ttsVoice: data.tts_voice,
    });
    return toAudioFile(row);
  },

  uploadCallFlowAudioFile: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const file = body.file;
    const row = await storeAudioFile(request, product, file.bytes, {
      kind: 'greeting',
      subKind: 'upload',
      callFlowFilename: null,
      name: nameFromFilename(file.filename),
      text: null,
      ttsVoice: null,
    });
    return { filename: row.storedFilename };
  },

  getDefaultQueueMusic: async ({ params, request, reply }) => {
    await ownedVoipProduct(request, params.id);
    return sendAudio(request, reply, defaultHoldMusic(), 'queue-music.wav');
  },

  getTextToSpeech: async ({ params, query, request, reply }) => {
    await ownedVoipProduct(request, params.id);
    return sendAudio(request, reply, await speakFor(request, query.text, query.gender), 'text-to-speech.wav');
  },

  postTextToSpeech: async ({ params, body, request, reply }) => {
    await ownedVoipProduct(request, params.id);
    return sendAudio(request, reply, await speakFor(request, body.text, body.gender), 'text-to-speech.wav');
  },
} satisfies Pick<
  Handlers,
  | 'listCallFlowAudioFiles'
  | 'listAudioFiles'
  | 'downloadCallFlowAudioFile'
  | 'uploadAudioFile'
  | 'uploadCallFlowAudioFile'
  | 'getDefaultQueueMusic'
  | 'getTextToSpeech'
  | 'postTextToSpeech'
>;
