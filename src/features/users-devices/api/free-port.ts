import { useMutation } from '@tanstack/react-query';

import { assignPort } from './hardware-api.ts';

/** PATCH /api/v3/voip/{id}/hardware/assign/ with no user: the device's port is free. */
export function useFreePort(productId: number) {
  return useMutation({
    mutationFn: ({ deviceId, port }: { deviceId: number; port: number }) =>
      assignPort(productId, { device_id: deviceId, port, user_id: null }),
  });
}
