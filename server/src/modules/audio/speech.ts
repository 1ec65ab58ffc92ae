import type { FastifyRequest } from 'fastify';

import type { TtsVoice } from '@portal/contract';

import { detailError, isStorageFull } from '../../plugins/errors.ts';
import { SpeechBusyError } from '../../speech/text-to-speech.ts';

/**
 * The words as speech (AUDIO_FORMAT WAV). A busy or failing engine answers 503: neither is the
 * client's doing, and both pass. A full disk while caching answers 507 (plugins/errors.ts).
 */
export async function speakFor(request: FastifyRequest, text: string, voice: TtsVoice): Promise<Buffer> {
  try {
    return await request.server.speech.speak(text, voice);
  } catch (error) {
    if (error instanceof SpeechBusyError) throw detailError(503, error.message, { 'Retry-After': '5' });
    if (isStorageFull(error)) throw error;
    request.log.error({ err: error }, 'text to speech failed');
    throw detailError(503, 'Text to speech is not available right now. Try again in a moment.', {
      'Retry-After': '30',
    });
  }
}
