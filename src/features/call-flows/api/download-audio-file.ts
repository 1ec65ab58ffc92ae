import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { callFlowEndpoints } from '@portal/contract';

import { apiBlob } from '../../../lib/http.ts';
import { callFlowKeys } from './keys.ts';

/** GET /api/v1/voip/{id}/call-flows/current/audio-files/download/{name}/: the audio file itself (a Blob). */
export function downloadAudioFile(productId: number, storedFilename: string, signal?: AbortSignal) {
  return apiBlob(callFlowEndpoints.downloadCallFlowAudioFile, {
    params: { id: productId, name: storedFilename },
    signal,
  });
}

export function audioFileQueryOptions(productId: number, storedFilename: string) {
  return queryOptions({
    queryKey: callFlowKeys.audioFile(productId, storedFilename),
    queryFn: ({ signal }) => downloadAudioFile(productId, storedFilename, signal),
    // A stored file keeps its name for its lifetime; played again, it comes from memory.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

/** Fetches an audio file (from the cache when played before). */
export function fetchAudioFile(queryClient: QueryClient, productId: number, storedFilename: string): Promise<Blob> {
  return queryClient.fetchQuery(audioFileQueryOptions(productId, storedFilename));
}
