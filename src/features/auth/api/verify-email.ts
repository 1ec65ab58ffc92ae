import { accountEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { once } from '../link-key.ts';

/** POST /registration/verify-email/: confirms the address with its link's key, sent once per key (see `once`). */
export function verifyEmail(key: string) {
  return once(`verify-email:${key}`, () => apiCall(accountEndpoints.verifyEmail, { body: { key } }));
}
