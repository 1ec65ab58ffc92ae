import { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api-error.ts';

/** How often a failed query is tried again: never for a 4xx or an answer off-contract. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.isClientError || error.kind === 'parse')) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
