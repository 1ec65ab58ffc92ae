import { queryOptions, useQuery } from '@tanstack/react-query';

import { statusEndpoints, type LockedUser } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** The query keys of locked users; the layout resets them when it is left (spec 000 section 4, step 5). */
export const LOCKED_USERS_KEY = ['status', 'locked-users'] as const;

/** GET /api/v3/voip/{id}/users/locked/: the users of a cloud phone who are locked out. */
export function getLockedUsers(productId: number, signal?: AbortSignal) {
  return apiCall(statusEndpoints.getLockedUsers, { params: { id: productId }, signal });
}

/**
 * The locked users of several cloud phones, one call each, as one query: the cards need
 * them all. A product whose call fails counts as having none (the users page has the detail).
 */
export function lockedUsersQueryOptions(productIds: readonly number[]) {
  return queryOptions({
    queryKey: [...LOCKED_USERS_KEY, ...productIds],
    queryFn: async ({ signal }): Promise<Array<{ productId: number; users: LockedUser[] }>> =>
      Promise.all(
        productIds.map(async (productId) => ({
          productId,
          users: await getLockedUsers(productId, signal).then(
            (answer) => answer.results,
            () => [],
          ),
        })),
      ),
    enabled: productIds.length > 0,
  });
}

export function useLockedUsers(productIds: readonly number[]) {
  return useQuery(lockedUsersQueryOptions(productIds));
}
