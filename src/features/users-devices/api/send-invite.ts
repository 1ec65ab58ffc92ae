import { useMutation } from '@tanstack/react-query';

import { sendInvite } from './users-api.ts';

/** POST .../users/{userId}/actions/send-invite-email/: the user's invite e-mail again; answers its detail. */
export function useSendInvite(productId: number) {
  return useMutation({ mutationFn: (userId: number) => sendInvite(productId, userId) });
}
