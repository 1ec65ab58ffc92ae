import { profileEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { once } from '../../auth/index.ts';

/**
 * POST /api/v3/me/email/confirm/: applies the new e-mail address with the key from its link.
 * Sent once per key, however often the page's effect runs (the key is single use).
 */
export function confirmEmailChange(key: string) {
  return once(`confirm-email:${key}`, () => apiCall(profileEndpoints.confirmEmailChange, { body: { key } }));
}
