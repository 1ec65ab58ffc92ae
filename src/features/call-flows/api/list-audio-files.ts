import { queryOptions, useQuery } from '@tanstack/react-query';

import { callFlowEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** GET /api/v1/voip/{id}/call-flows/current/audio-files/: the audio the call flows can play. */
export function listAudioFiles(productId: number, signal?: AbortSignal) {
  return apiCall(callFlowEndpoints.listCallFlowAudioFiles, { params: { id: productId }, signal }).then(
    (answer) => answer.results,
  );
}

export function audioFilesQueryOptions(productId: number) {
  return queryOptions({
    queryKey: callFlowKeys.audioFiles(productId),
    queryFn: ({ signal }) => listAudioFiles(productId, signal),
  });
}

export function useAudioFiles(productId: number) {
  return useQuery(audioFilesQueryOptions(productId));
}
