import { staffEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** POST /auth/resend-verification-email/: a new verification e-mail; the same answer for every address. */
export function resendVerificationEmail(email: string) {
  return apiCall(staffEndpoints.resendVerificationEmail, { body: { email } });
}
