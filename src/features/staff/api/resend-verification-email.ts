import { staffEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** POST /auth/resend-verification-email/: a new verification e-mail, if the address has an unverified account. */
export function resendVerificationEmail(email: string) {
  return apiCall(staffEndpoints.resendVerificationEmail, { body: { email } });
}
