import { accountEndpoints, type RegisterRequest } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** POST /registration/: a new, unverified account; the same answer when the address already has one. */
export function register(body: RegisterRequest) {
  return apiCall(accountEndpoints.register, { body });
}
