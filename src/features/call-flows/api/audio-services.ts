import type { QueryClient } from '@tanstack/react-query';

import { AUDIO_UPLOAD_FIELDS, audioEndpoints, type AudioData, type AudioFile } from '@portal/contract';

import { apiBlob } from '../../../lib/http.ts';
import { apiUpload } from '../../../lib/upload.ts';
import type { AudioSaveInput, AudioSaveOptions, AudioServices } from '../../audio/index.ts';
import { callFlowKeys } from './keys.ts';

/**
 * POST /api/v3/voip/{id}/call-flows/current/audio-files/upload/: stores audio made in the audio
 * dialog as a new audio file of the site (multipart: audio-data as JSON, then audio-file) and
 * answers it.
 */
export function uploadAudioFile(
  productId: number,
  input: AudioSaveInput,
  { onProgress, signal }: AudioSaveOptions,
): Promise<AudioFile> {
  const data: AudioData = {
    kind: input.kind,
    sub_kind: input.sub_kind,
    call_flow_filename: null,
    name: input.name,
    text: input.text ?? null,
    tts_voice: input.tts_voice ?? null,
  };
  return apiUpload(audioEndpoints.uploadAudioFile, {
    params: { id: productId },
    files: { [AUDIO_UPLOAD_FIELDS.file]: { blob: input.wav, filename: 'greeting.wav' } },
    fields: { [AUDIO_UPLOAD_FIELDS.data]: JSON.stringify(data) },
    onProgress,
    signal,
  });
}

/**
 * Puts a new file into the site's audio-file list at once (at the end, as the server lists them),
 * then fetches the list again. A list that never loaded is left to load.
 */
export function addAudioFileToList(queryClient: QueryClient, productId: number, file: AudioFile): void {
  const queryKey = callFlowKeys.audioFiles(productId);
  queryClient.setQueryData<AudioFile[]>(queryKey, (files) =>
    files ? [...files.filter((f) => f.stored_filename !== file.stored_filename), file] : undefined,
  );
  // exact: the downloaded files sit under this key too, and they do not change.
  void queryClient.invalidateQueries({ queryKey, exact: true });
}

/**
 * What the audio dialog needs on the call-flow pages: text to speech by the server, and saving
 * as a new audio file of the site, which joins the audio-file list straight away.
 */
export function callFlowAudioServices(queryClient: QueryClient, productId: number): AudioServices<AudioFile> {
  return {
    synthesize: (text, gender, { signal }) =>
      apiBlob(audioEndpoints.getTextToSpeech, { params: { id: productId }, query: { text, gender }, signal }),
    save: async (input, options) => {
      const file = await uploadAudioFile(productId, input, options);
      addAudioFileToList(queryClient, productId, file);
      return file;
    },
  };
}
