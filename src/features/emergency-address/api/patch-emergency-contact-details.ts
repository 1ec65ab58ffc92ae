import { useMutation, useQueryClient } from '@tanstack/react-query';

import { addressEndpoints, addressMessages, type InstallationAddressInput } from '@portal/contract';

import { toaster } from '../../../components/toaster.tsx';
import { apiCall } from '../../../lib/http.ts';
import { navigationQueryOptions } from '../../navigation/index.ts';

/** PATCH /api/v1/voip/{product_id}/emergency-contact-details/: the cloud phone's installation address. */
export function patchEmergencyContactDetails(productId: number, installationAddress: InstallationAddressInput) {
  return apiCall(addressEndpoints.patchEmergencyContactDetails, {
    params: { product_id: productId },
    body: { installation_address: installationAddress },
  });
}

/**
 * Saves the address. On success (spec 000 section 4): the toast "Your emergency address was
 * successfully updated", and the navigation says at once that the product has one, so the
 * dialog closes without waiting; then the navigation is fetched again. Both happen here rather
 * than in the dialog, which is gone by then.
 */
export function useSaveEmergencyAddress(productId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = navigationQueryOptions();
  return useMutation({
    mutationFn: (address: InstallationAddressInput) => patchEmergencyContactDetails(productId, address),
    onSuccess: () => {
      toaster.create({ type: 'success', title: addressMessages.updated });
      queryClient.setQueryData(
        queryKey,
        (navigation) =>
          navigation && {
            ...navigation,
            products: navigation.products.map((product) =>
              product.product_id === productId ? { ...product, has_installation_address: true } : product,
            ),
          },
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
