import { accountEndpoints, type EmailRequest, type PasswordResetConfirmRequest } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** POST /auth/password/reset/: e-mails a reset link; the same answer for every address. */
export function requestPasswordReset(body: EmailRequest) {
  return apiCall(accountEndpoints.passwordReset, { body });
}

/** POST /auth/password/reset/confirm/: the link's uid and token with the new password twice. */
export function confirmPasswordReset(body: PasswordResetConfirmRequest) {
  return apiCall(accountEndpoints.passwordResetConfirm, { body });
}
