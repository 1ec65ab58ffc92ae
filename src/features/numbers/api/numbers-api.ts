import { queryOptions, useQuery } from '@tanstack/react-query';

import {
  callFlowEndpoints,
  numberEndpoints as endpoints,
  type NumberRating,
  type TransferRequest,
} from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/**
 * The phone numbers page's calls (spec 001 section 7 "Numbers", and the site's numbers and
 * users from the call-flows contract). Everything of one product sits under ['numbers', productId].
 */
export const numberKeys = {
  product: (productId: number) => ['numbers', productId] as const,
  siteNumbers: (productId: number) => ['numbers', productId, 'site-numbers'] as const,
  users: (productId: number) => ['numbers', productId, 'users'] as const,
  inventory: ['numbers', 'inventory'] as const,
  search: (areaCode: string, rating: NumberRating | '') => ['numbers', 'inventory', areaCode, rating] as const,
  selection: (token: string) => ['numbers', 'selection', token] as const,
};

/** The notification centre's lists (its feature's keys start so): a number change or a transfer adds to them. */
export const NOTIFICATION_CENTRE_KEY = ['notification-centre'] as const;

/** GET /api/v1/voip/sites/{id}/numbers/: the site's numbers with extension and user, the pilot number first. */
export const useSiteNumbers = (productId: number) =>
  useQuery(
    queryOptions({
      queryKey: numberKeys.siteNumbers(productId),
      queryFn: async ({ signal }) =>
        (await apiCall(callFlowEndpoints.getSiteNumbers, { params: { id: productId }, signal })).results,
    }),
  );

/** GET /api/v1/voip/{id}/: the site's users (seats), main user first. */
export const useSiteUsers = (productId: number) =>
  useQuery({
    queryKey: numberKeys.users(productId),
    queryFn: async ({ signal }) =>
      Object.values((await apiCall(callFlowEndpoints.getSite, { params: { id: productId }, signal })).users),
  });

/** GET /api/v1/voip/numbers/: the inventory for an area code and rating ('' for any). */
export const useNumberSearch = (areaCode: string, rating: NumberRating | '') =>
  useQuery({
    queryKey: numberKeys.search(areaCode, rating),
    queryFn: ({ signal }) =>
      apiCall(endpoints.searchNumbers, {
        query: { ...(areaCode && { area_code: areaCode }), ...(rating && { rating }) },
        signal,
      }),
  });

/** GET /api/v1/signup/number-selection/{token}/: whose phone a number selection token opens, and whether it is spent. */
export const useNumberSelection = (token: string) =>
  useQuery({
    queryKey: numberKeys.selection(token),
    queryFn: ({ signal }) => apiCall(endpoints.numberSelection, { params: { token }, signal }),
    retry: false,
  });

/** POST /api/v1/signup/number-selection/{token}/reserve/: the token's phone takes the number. */
export const reserveSelectedNumber = (token: string, numberId: number) =>
  apiCall(endpoints.reserveSelectedNumber, { params: { token }, body: { number_id: numberId } });

export const reserveNumber = (productId: number, numberId: number) =>
  apiCall(endpoints.reserveNumber, { params: { product_id: String(productId) }, body: { number_id: numberId } });

export const patchSeatNumbers = (seatId: number, numbers: string[]) =>
  apiCall(endpoints.patchSeat, { params: { seatId: String(seatId) }, body: { numbers } });

export const transferNumbers = (productId: number, body: TransferRequest) =>
  apiCall(endpoints.transferNumbers, { params: { product_id: String(productId) }, body });
