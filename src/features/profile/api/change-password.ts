import { profileEndpoints, type ChangePasswordRequest } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** PATCH /api/v3/me/password/: the current password and the new one twice; other sessions end. */
export function changePassword(body: ChangePasswordRequest) {
  return apiCall(profileEndpoints.changePassword, { body });
}
