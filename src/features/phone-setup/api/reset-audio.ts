import { useMutation, useQueryClient } from '@tanstack/react-query';

import { phoneSetupKeys, resetVoicemailGreeting, restoreHoldMusic } from './phone-setup-api.ts';

/** Back to the standard voicemail greeting: the cached configuration takes the answer, then is fetched again. */
export function useResetVoicemailGreeting(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetVoicemailGreeting(productId),
    onSuccess: (result) => {
      queryClient.setQueryData(phoneSetupKeys.voicemail(productId), result);
      void queryClient.invalidateQueries({ queryKey: phoneSetupKeys.voicemail(productId) });
    },
  });
}

/** Back to the standard hold music: the cached hold music takes the answer. */
export function useRestoreHoldMusic(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => restoreHoldMusic(productId),
    onSuccess: (result) => queryClient.setQueryData(phoneSetupKeys.holdMusic(productId), result),
  });
}
