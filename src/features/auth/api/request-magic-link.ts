import { accountEndpoints, type EmailRequest } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** POST /auth/magic-link/: e-mails a sign-in link; the same answer for every address. */
export function requestMagicLink(body: EmailRequest) {
  return apiCall(accountEndpoints.requestMagicLink, { body });
}
