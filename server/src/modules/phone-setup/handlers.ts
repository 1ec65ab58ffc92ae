import type { FastifyRequest } from 'fastify';

import {
  audioCallMessages,
  audioMessages,
  DEFAULT_VOICEMAIL_GREETING_TEXT,
  type TtsVoice,
  type VoicemailConfiguration,
  type VoicemailGreetingText,
} from '@portal/contract';

import { defaultHoldMusic } from '../../audio/defaults.ts';
import { sendAudio } from '../../audio/serve.ts';
import { checkedUpload, newStoredFilename } from '../../audio/uploads.ts';
import { ApiError, detailError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { speakFor } from '../audio/index.ts';
import { ownedVoipProduct } from '../products/index.ts';
import {
  changeHoldMusicSettings,
  changeVoicemailSettings,
  holdMusicSettingsOf,
  voicemailSettingsOf,
  type VoicemailRow,
} from './phone-setup-repository.ts';

function toConfiguration(row: VoicemailRow): VoicemailConfiguration {
  return {
    custom_audio: row.customAudio,
    voicemail_delay: row.voicemailDelay,
    voicemail_to_email: { enabled: row.voicemailToEmailEnabled, email: row.voicemailToEmailAddress },
  };
}

const toGreetingText = (row: VoicemailRow): VoicemailGreetingText => ({
  text: row.greetingTtsText,
  gender: row.greetingTtsVoice,
});

/**
 * Stores new audio under a new key, points the settings row at it with `change` (one transaction in the repository), then removes
 * the bytes the row pointed at before. A failed change removes the new bytes instead, so the
 * storage never holds audio no row names (a crash between the two steps at worst leaves one
 * unreferenced file, never a row without its file).
 */
async function replaceAudio<Row>(
  request: FastifyRequest,
  productId: number,
  stem: string,
  wav: Buffer | null,
  change: (newKey: string | null) => Promise<{ row: Row; oldKey: string | null }>,
): Promise<Row> {
  const { audio } = request.server;
  const newKey = wav ? `${productId}/${newStoredFilename(stem)}` : null;
  if (newKey && wav) await audio.put(newKey, wav);
  let result: { row: Row; oldKey: string | null };
  try {
    result = await change(newKey);
  } catch (error) {
    if (newKey) await audio.delete(newKey).catch(() => {});
    throw error;
  }
  if (result.oldKey && result.oldKey !== newKey) {
    await audio
      .delete(result.oldKey)
      .catch((error: unknown) => request.log.warn({ err: error }, 'old audio not removed'));
  }
  return result.row;
}

/** Makes `wav` the greeting (custom_audio true) with the words that made it, or, with null, goes back to the default. */
function setGreeting(
  request: FastifyRequest,
  productId: number,
  wav: Buffer | null,
  words: { text: string; voice: TtsVoice } | null,
) {
  return replaceAudio(request, productId, 'voicemail-greeting', wav, async (newKey) => {
    const { row, before } = await changeVoicemailSettings(request.server.db, productId, {
      customAudio: newKey !== null,
      greetingStorageKey: newKey,
      greetingTtsText: words?.text ?? null,
      greetingTtsVoice: words?.voice ?? null,
      updatedAt: request.server.now(),
    });
    return { row, oldKey: before.greetingStorageKey };
  });
}

/** Makes `wav` the hold music (custom_audio true), or, with null, goes back to the built-in melody. */
function setHoldMusic(request: FastifyRequest, productId: number, wav: Buffer | null) {
  return replaceAudio(request, productId, 'hold-music', wav, async (newKey) => {
    const { row, before } = await changeHoldMusicSettings(request.server.db, productId, {
      customAudio: newKey !== null,
      storageKey: newKey,
      updatedAt: request.server.now(),
    });
    return { row, oldKey: before.storageKey };
  });
}

export const phoneSetupHandlers = {
  getVoicemailGreeting: async ({ params, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const settings = await voicemailSettingsOf(request.server.db, product.id);
    let greeting: Buffer | null = null;
    if (settings.customAudio) {
      greeting = settings.greetingStorageKey ? await request.server.audio.get(settings.greetingStorageKey) : null;
      if (!greeting) request.log.warn({ productId: product.id }, 'voicemail greeting audio missing from storage');
    } else {
      greeting = await request.server.speech
        .speak(DEFAULT_VOICEMAIL_GREETING_TEXT, 'female')
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'default voicemail greeting not spoken');
          return null;
        });
    }
    // Spec 001 section 8: the portal says "No audio file for voicemail greeting. Please upload one" on a 400.
    if (!greeting) throw detailError(400, audioMessages.noVoicemailGreeting);
    return sendAudio(request, reply, greeting, 'voicemail-greeting.wav');
  },

  getVoicemailGreetingText: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    return toGreetingText(await voicemailSettingsOf(request.server.db, product.id));
  },

  postVoicemailGreetingText: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const spoken = checkedUpload(await speakFor(request, body.text, body.gender), 'voicemail_greeting');
    const row = await setGreeting(request, product.id, spoken.wav, { text: body.text, voice: body.gender });
    return toGreetingText(row);
  },

  deleteVoicemailGreetingText: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const { row } = await changeVoicemailSettings(request.server.db, product.id, {
      greetingTtsText: null,
      greetingTtsVoice: null,
      updatedAt: request.server.now(),
    });
    return toGreetingText(row);
  },

  getVoicemailConfiguration: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    return { results: toConfiguration(await voicemailSettingsOf(request.server.db, product.id)) };
  },

  putVoicemailConfiguration: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const { row } = await changeVoicemailSettings(request.server.db, product.id, {
      ...(body.voicemail_delay !== undefined && { voicemailDelay: body.voicemail_delay }),
      ...(body.voicemail_to_email && {
        voicemailToEmailEnabled: body.voicemail_to_email.enabled,
        voicemailToEmailAddress: body.voicemail_to_email.email,
      }),
      updatedAt: request.server.now(),
    });
    return { result: toConfiguration(row) };
  },

  postVoicemailGreeting: async ({ params, query, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    if (query.reset === 'true') {
      // Spec 001 section 4: reset clears the audio and the text, and custom_audio becomes false.
      return { result: toConfiguration(await setGreeting(request, product.id, null, null)) };
    }
    if (!body.file) throw new ApiError(400, { file: [audioCallMessages.fileMissing('file')] });
    const greeting = checkedUpload(body.file.bytes, 'voicemail_greeting');
    return { result: toConfiguration(await setGreeting(request, product.id, greeting.wav, null)) };
  },

  getHoldMusic: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const row = await holdMusicSettingsOf(request.server.db, product.id);
    return { custom_audio: row?.customAudio ?? false };
  },

  downloadHoldMusic: async ({ params, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const row = await holdMusicSettingsOf(request.server.db, product.id);
    let music: Buffer | null = null;
    if (row?.customAudio && row.storageKey) {
      music = await request.server.audio.get(row.storageKey);
      // Callers still hear something: the melody, as they would with no music of the site's own.
      if (!music) request.log.warn({ productId: product.id }, 'hold music audio missing from storage');
    }
    return sendAudio(request, reply, music ?? defaultHoldMusic(), 'hold-music.wav');
  },

  restoreHoldMusic: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const row = await setHoldMusic(request, product.id, null);
    return { custom_audio: row.customAudio };
  },

  uploadHoldMusic: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const music = checkedUpload(body.file.bytes, 'hold_music');
    const row = await setHoldMusic(request, product.id, music.wav);
    return { custom_audio: row.customAudio };
  },
} satisfies Pick<
  Handlers,
  | 'getVoicemailGreeting'
  | 'getVoicemailGreetingText'
  | 'postVoicemailGreetingText'
  | 'deleteVoicemailGreetingText'
  | 'getVoicemailConfiguration'
  | 'putVoicemailConfiguration'
  | 'postVoicemailGreeting'
  | 'getHoldMusic'
  | 'downloadHoldMusic'
  | 'restoreHoldMusic'
  | 'uploadHoldMusic'
>;
