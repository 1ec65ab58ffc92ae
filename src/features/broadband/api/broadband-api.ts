import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import {
  broadbandEndpoints,
  type ApproveTelcoLeadRequest,
  type AvailabilityQuery,
  type CreateTelcoLeadRequest,
} from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { signupStore } from '../journey.ts';

/** GET /broadband/api/v1/address-search/?ref_not_empty=true&postcode=: the addresses at a postcode that can be checked. */
export function addressSearchQueryOptions(postcode: string) {
  return queryOptions({
    queryKey: ['broadband', 'address-search', postcode],
    queryFn: ({ signal }) =>
      apiCall(broadbandEndpoints.broadbandAddressSearch, { query: { postcode, ref_not_empty: 'true' }, signal }),
    staleTime: 10 * 60 * 1000,
  });
}

/** The search of `postcode` (normalised), or nothing while it is null. */
export function useAddressSearch(postcode: string | null) {
  return useQuery({ ...addressSearchQueryOptions(postcode ?? ''), enabled: postcode !== null });
}

/** GET /broadband/api/v1/availability/: broadband at an address, per type and network. */
export function availabilityQueryOptions(query: AvailabilityQuery) {
  return queryOptions({
    queryKey: ['broadband', 'availability', query.address_ref, query.css_database_code, query.postcode],
    queryFn: ({ signal }) => apiCall(broadbandEndpoints.broadbandAvailability, { query, signal }),
    staleTime: 10 * 60 * 1000,
  });
}

/** GET /broadband/api/v1/tariff-availability/: the tariffs an address can have, grouped fttp and fttc. */
export function tariffsQueryOptions(query: AvailabilityQuery) {
  return queryOptions({
    queryKey: ['broadband', 'tariffs', query.address_ref, query.css_database_code, query.postcode],
    queryFn: ({ signal }) => apiCall(broadbandEndpoints.broadbandTariffAvailability, { query, signal }),
    staleTime: 10 * 60 * 1000,
  });
}

/** POST /api/v3/signup/create-telco-lead/. */
export const createTelcoLead = (body: CreateTelcoLeadRequest) => apiCall(broadbandEndpoints.createTelcoLead, { body });

/** POST /api/v3/signup/approve-telco-lead/. */
export const approveTelcoLead = (body: ApproveTelcoLeadRequest) =>
  apiCall(broadbandEndpoints.approveTelcoLead, { body });

/**
 * The summary's "Confirm and sign up": the telco lead is created (once: a lead kept from an
 * earlier try is used again, so a retry makes no second one) and kept in the journey, then
 * approved unless it already is. Answers the approved lead.
 */
export function useConfirmBroadbandSignup() {
  return useMutation({
    mutationFn: async (request: CreateTelcoLeadRequest) => {
      const store = signupStore();
      const lead = store.getJourney().lead ?? (await createTelcoLead(request));
      store.setLead(lead);
      return lead.status === 'APPROVED' ? lead : approveTelcoLead({ lead_id: lead.id, lead_token: lead.lead_token });
    },
  });
}
