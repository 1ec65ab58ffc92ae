import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** GET /api/v1/address/?postcode=: the addresses at a UK postcode (an empty list when none). */
export function getAddressLookup(postcode: string, signal?: AbortSignal) {
  return apiCall(addressEndpoints.addressLookup, { query: { postcode }, signal });
}

export function addressLookupQueryOptions(postcode: string) {
  return queryOptions({
    queryKey: ['address-lookup', postcode],
    queryFn: ({ signal }) => getAddressLookup(postcode, signal),
    // The addresses at a postcode hardly change: going back to one asks again only after a while.
    staleTime: 10 * 60 * 1000,
  });
}

/** The lookup of `postcode` (normalised), or nothing while it is null. */
export function useAddressLookup(postcode: string | null) {
  return useQuery({ ...addressLookupQueryOptions(postcode ?? ''), enabled: postcode !== null });
}
