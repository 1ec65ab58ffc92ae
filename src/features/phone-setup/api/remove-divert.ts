import { useMutation, useQueryClient } from '@tanstack/react-query';

import { removeDivert, settingsKeys } from './settings-api.ts';

/** DELETE .../temporary-call-divert/: calls ring as usual again; the cached divert takes the answer. */
export function useRemoveDivert(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeDivert(productId),
    onSuccess: (destination) => queryClient.setQueryData(settingsKeys.divert(productId), destination),
  });
}
