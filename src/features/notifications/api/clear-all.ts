import { useMutation, useQueryClient } from '@tanstack/react-query';

import { clearAll } from './mark-as-read.ts';

/**
 * "Clear all" of the notification centre (spec 000 section 4): every unread item read, on the
 * server and in the cached lists. Its own file, so the bell's chunk, which shares mark-as-read,
 * does not carry the mutation code.
 */
export function useClearAll() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => clearAll(queryClient) });
}
