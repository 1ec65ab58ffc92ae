import { useMutation, useQueryClient } from '@tanstack/react-query';

import { putForwarding, settingsKeys } from './settings-api.ts';

/** PUT .../forwardings/{forwardingID}/: one forwarding on or off, to a number; the forwardings are fetched again. */
export function usePutForwarding(productId: number, forwardingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { activated: boolean; destination: string | null }) =>
      putForwarding(productId, forwardingId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.forwardings(productId) }),
  });
}
