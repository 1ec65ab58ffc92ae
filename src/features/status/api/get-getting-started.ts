import { queryOptions } from '@tanstack/react-query';

import { statusEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** GET /api/v3/voip/getting-started/: the cloud phones whose getting-started flow is due. */
export function getGettingStarted(signal?: AbortSignal) {
  return apiCall(statusEndpoints.getGettingStarted, { signal });
}

export function gettingStartedQueryOptions() {
  return queryOptions({
    queryKey: ['status', 'getting-started'],
    queryFn: ({ signal }) => getGettingStarted(signal),
  });
}
