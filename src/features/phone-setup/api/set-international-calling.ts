import { useMutation, useQueryClient } from '@tanstack/react-query';

import { setInternationalCalling, settingsKeys } from './settings-api.ts';

/**
 * POST .../international/: chooses the international calling tariff. A successful choice changes the site's add-ons
 * wherever they show, and the call flows' view of them (spec 001 section 7).
 */
export function useSetInternationalCalling(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tariffId: number) => setInternationalCalling(productId, tariffId),
    onSuccess: async (answer) => {
      queryClient.setQueryData(settingsKeys.international(productId), {
        tariff: answer.tariff,
        kyc_passed: answer.kyc_passed,
      });
      queryClient.setQueryData(settingsKeys.addOns(productId), answer.addons);
      await queryClient.invalidateQueries({ queryKey: ['call-flows', productId] });
    },
  });
}
