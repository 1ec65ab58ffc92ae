import { useMutation, useQueryClient } from '@tanstack/react-query';

import { settingsKeys, upgradeAddOns } from './settings-api.ts';

/** POST .../add-ons/upgrade/: the CRM integration add-on; the cached list takes the answer and the eligibility is fetched again. */
export function useUpgradeAddOns(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => upgradeAddOns(productId),
    onSuccess: async (list) => {
      queryClient.setQueryData(settingsKeys.addOns(productId), list);
      await queryClient.invalidateQueries({ queryKey: [...settingsKeys.addOns(productId), 'eligibility'] });
    },
  });
}
