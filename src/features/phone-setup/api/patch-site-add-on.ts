import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { SiteAddOn } from '@portal/contract';

import { patchSiteAddOn, settingsKeys } from './settings-api.ts';

/** PATCH .../add-ons/: a switchable add-on on if it was off, off if it was on; the cached list takes the answer. */
export function useToggleSiteAddOn(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addOn: SiteAddOn) => patchSiteAddOn(productId, addOn.addon_id, !addOn.enabled),
    onSuccess: (list) => queryClient.setQueryData(settingsKeys.addOns(productId), list),
  });
}
