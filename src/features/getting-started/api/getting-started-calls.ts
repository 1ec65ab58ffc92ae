import { queryOptions } from '@tanstack/react-query';

import { gettingStartedEndpoints, type GettingStartedPinRequest } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/**
 * The key the default layout's start-up reads GET /api/v3/voip/getting-started/ by (the status
 * feature's gettingStartedQueryOptions; getting-started-page.test.tsx checks they are the
 * same). Not imported from there: a module shared with the default layout would be split into
 * a chunk of its own that every page loads (the home page's bundle budget).
 */
export const GETTING_STARTED_LIST_KEY = ['status', 'getting-started'] as const;

/** GET /api/v1/voip/{product_id}/getting-started/: the phone's users and the steps done so far. */
export function gettingStartedDetailsQueryOptions(productId: number) {
  return queryOptions({
    queryKey: ['getting-started', productId],
    queryFn: ({ signal }) =>
      apiCall(gettingStartedEndpoints.getGettingStartedDetails, { params: { product_id: productId }, signal }),
    // The page starts from what the server says each time it opens.
    staleTime: 0,
  });
}

/** PUT .../getting-started/users/: the users who will use the phone. */
export const putGettingStartedUsers = (productId: number, userIds: number[]) =>
  apiCall(gettingStartedEndpoints.putGettingStartedUsers, {
    params: { product_id: productId },
    body: { user_ids: userIds },
  });

/** POST .../getting-started/pin/: the chosen users' PIN. */
export const postGettingStartedPin = (productId: number, body: GettingStartedPinRequest) =>
  apiCall(gettingStartedEndpoints.postGettingStartedPin, { params: { product_id: productId }, body });

/** POST .../getting-started/complete/: the product leaves the getting-started list. */
export const postGettingStartedComplete = (productId: number) =>
  apiCall(gettingStartedEndpoints.postGettingStartedComplete, { params: { product_id: productId }, body: {} });
