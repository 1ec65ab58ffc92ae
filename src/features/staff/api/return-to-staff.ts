import { staffEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** POST /accounts/return/: ends a switch; the session is the staff member's own again. */
export function returnToStaff() {
  return apiCall(staffEndpoints.returnToStaff);
}
