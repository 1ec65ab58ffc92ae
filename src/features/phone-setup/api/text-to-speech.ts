import { audioEndpoints, type TtsVoice } from '@portal/contract';

import { apiBlob } from '../../../lib/http.ts';

/** GET .../audio/text-to-speech/: the words spoken in the voice chosen (audio/wav), for the greeting's preview. */
export const speak = (productId: number, text: string, gender: TtsVoice, signal?: AbortSignal) =>
  apiBlob(audioEndpoints.getTextToSpeech, {
    params: { id: productId },
    query: { text, gender },
    ...(signal && { signal }),
  });
