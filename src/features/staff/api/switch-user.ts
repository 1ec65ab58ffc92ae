import { staffEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** POST /accounts/: this session acts as the customer with this e-mail (staff with the role). */
export function switchUser(email: string) {
  return apiCall(staffEndpoints.switchUser, { body: { email } });
}
