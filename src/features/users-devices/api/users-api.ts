import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import {
  usersEndpoints as endpoints,
  type AddUserRequest,
  type PatchUserRequest,
  type ResetPinRequest,
  type Seat,
} from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/**
 * Users and devices' calls (spec 001 section 7 "Users, seats and add-ons"). Everything of
 * one product sits under `['users-devices', productId]`.
 */
export const usersKeys = {
  product: (productId: number) => ['users-devices', productId] as const,
  seats: (productId: number) => ['users-devices', productId, 'seats'] as const,
  addOns: (productId: number, userId: number) => ['users-devices', productId, 'add-ons', userId] as const,
  catalogue: ['users-devices', 'add-on-catalogue'] as const,
  /** Every phone's seats at once: a user's own page looks for the user among them. */
  allSeats: ['users-devices', 'all-seats'] as const,
};

/** GET /api/v1/voip/{productId}/users/: the phone's seats. */
export function seatsQuery(productId: number) {
  return queryOptions({
    queryKey: usersKeys.seats(productId),
    queryFn: async ({ signal }) => (await apiCall(endpoints.getSeats, { params: { productId }, signal })).results,
  });
}
export const useSeats = (productId: number) => useQuery(seatsQuery(productId));

/** GET /api/v1/voip/pricing/add-ons/?tariff_version=3: the add-ons on sale. */
export const useAddOnCatalogue = () =>
  useQuery({
    queryKey: usersKeys.catalogue,
    queryFn: async ({ signal }) =>
      (await apiCall(endpoints.getAddOnCatalogue, { query: { tariff_version: '3' }, signal })).results,
    staleTime: Infinity,
  });

/** GET .../users/{userId}/tariff/addons/: the ids of the user's add-ons. */
export const useUserAddOns = (productId: number, userId: number) =>
  useQuery({
    queryKey: usersKeys.addOns(productId, userId),
    queryFn: async ({ signal }) =>
      (await apiCall(endpoints.getUserAddOns, { params: { productId, userId }, signal })).addons.map(
        (addOn) => addOn.addon_id,
      ),
  });

/**
 * Other features' queries this one changes: the status cards' (the status feature's LOCKED_USERS_KEY is
 * ['status', 'locked-users']) and the call-flow editor's site data (callFlowKeys.site, the transfer step's
 * users). Named here, not imported: importing their modules from this lazy chunk splits them out of the
 * chunks they live in, which costs the home page's first load bytes it has no room for.
 */
const STATUS_QUERIES = ['status'] as const;
const callFlowSite = (productId: number) => ['call-flows', productId, 'site'] as const;

/** After a change to the phone's users: its seats, its site data (the transfer step's picker) and, for an unlock, the locked users. */
export async function refreshUsers(queryClient: QueryClient, productId: number, { locked = false } = {}) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: usersKeys.product(productId) }),
    queryClient.invalidateQueries({ queryKey: usersKeys.allSeats }),
    queryClient.invalidateQueries({ queryKey: callFlowSite(productId) }),
    locked ? queryClient.invalidateQueries({ queryKey: STATUS_QUERIES }) : undefined,
  ]);
}

export const addUser = (productId: number, body: AddUserRequest): Promise<Seat> =>
  apiCall(endpoints.addUser, { params: { id: productId }, body });

export const patchUser = (productId: number, userId: number, body: PatchUserRequest): Promise<Seat> =>
  apiCall(endpoints.patchSeatUser, { params: { productId, userId }, body });

export const resetPin = (productId: number, userId: number, body: ResetPinRequest) =>
  apiCall(endpoints.resetPin, { params: { productId, userId }, body });

export const sendInvite = (productId: number, userId: number) =>
  apiCall(endpoints.sendInviteEmail, { params: { productId, userId }, body: {} });

/** POST /api/v1/voip/users/{userId}/tariff/add-ons/: the user's whole add-on list; answers it as the server kept it. */
export async function postUserAddOns(productId: number, userId: number, addons: number[]): Promise<number[]> {
  const answer = await apiCall(endpoints.postUserAddOns, {
    params: { userId },
    body: { product_id: productId, addons },
  });
  return answer.children[0]?.addons.map((addOn) => addOn.addon_id) ?? [];
}
