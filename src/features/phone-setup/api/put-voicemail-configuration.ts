import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { PutVoicemailConfiguration } from '@portal/contract';

import { phoneSetupKeys, putVoicemailConfiguration } from './phone-setup-api.ts';

/** PUT .../voicemail/configuration/: one setting; the cached configuration takes the answer (all of them). */
export function usePutVoicemailConfiguration(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutVoicemailConfiguration) => putVoicemailConfiguration(productId, body),
    onSuccess: (result) => queryClient.setQueryData(phoneSetupKeys.voicemail(productId), result),
  });
}
