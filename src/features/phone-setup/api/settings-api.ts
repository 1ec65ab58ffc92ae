import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { phoneSetupEndpoints as endpoints, type BankHolidayRegion, type HolidayInput } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** Holiday schedule, divert, forwardings and add-ons of one product. */
export const settingsKeys = {
  holidays: (productId: number) => ['phone-setup', productId, 'holidays'] as const,
  bankHolidays: (productId: number) => ['phone-setup', productId, 'holidays', 'bank'] as const,
  divert: (productId: number) => ['phone-setup', productId, 'divert'] as const,
  forwardings: (productId: number) => ['phone-setup', productId, 'forwardings'] as const,
  addOns: (productId: number) => ['phone-setup', productId, 'add-ons'] as const,
  international: (productId: number) => ['phone-setup', productId, 'international'] as const,
};

export function holidaysQuery(productId: number) {
  return queryOptions({
    queryKey: settingsKeys.holidays(productId),
    queryFn: async ({ signal }) =>
      (await apiCall(endpoints.listHolidays, { params: { id: productId }, signal })).results,
  });
}
export const useHolidays = (productId: number) => useQuery(holidaysQuery(productId));
export const useBankHolidays = (productId: number) =>
  useQuery({
    queryKey: settingsKeys.bankHolidays(productId),
    queryFn: ({ signal }) => apiCall(endpoints.getBankHolidays, { params: { id: productId }, signal }),
  });

export const addHoliday = (productId: number, body: HolidayInput) =>
  apiCall(endpoints.addHoliday, { params: { id: productId }, body });
export const patchHoliday = (productId: number, scheduleId: number, body: HolidayInput) =>
  apiCall(endpoints.patchHoliday, { params: { id: productId, scheduleId }, body });
export const deleteHoliday = (productId: number, scheduleId: number) =>
  apiCall(endpoints.deleteHoliday, { params: { id: productId, scheduleId } });
export const addBankHolidays = (productId: number, region: BankHolidayRegion, add: boolean) =>
  apiCall(endpoints.addBankHolidays, { params: { id: productId }, body: { region, add } });

/** Spec 001 section 4: after add, update or delete the list is fetched again (and the bank holidays' "in schedule"). */
export const refetchHolidays = (queryClient: QueryClient, productId: number) =>
  queryClient.invalidateQueries({ queryKey: settingsKeys.holidays(productId) });

export function divertQuery(productId: number) {
  return queryOptions({
    queryKey: settingsKeys.divert(productId),
    queryFn: async ({ signal }) =>
      (await apiCall(endpoints.getDivert, { params: { id: productId }, signal })).results.destination,
  });
}
export const useDivert = (productId: number) => useQuery(divertQuery(productId));
export const setDivert = async (productId: number, destination: string) =>
  (await apiCall(endpoints.setDivert, { params: { id: productId }, body: { destination } })).results.destination;
export const removeDivert = async (productId: number) =>
  (await apiCall(endpoints.removeDivert, { params: { id: productId } })).results.destination;

export const useForwardings = (productId: number) =>
  useQuery({
    queryKey: settingsKeys.forwardings(productId),
    queryFn: ({ signal }) => apiCall(endpoints.listForwardings, { params: { id: productId }, signal }),
  });
export const putForwarding = async (
  productId: number,
  forwardingID: number,
  body: { activated?: boolean; destination?: string | null },
) => (await apiCall(endpoints.putForwarding, { params: { id: productId, forwardingID }, body })).results;

export const useSiteAddOns = (productId: number) =>
  useQuery({
    queryKey: settingsKeys.addOns(productId),
    queryFn: async ({ signal }) =>
      (await apiCall(endpoints.listSiteAddOns, { params: { id: productId }, signal })).results,
  });
export const patchSiteAddOn = async (productId: number, addon_id: number, enabled: boolean) =>
  (await apiCall(endpoints.patchSiteAddOn, { params: { id: productId }, body: { addon_id, enabled } })).results;
export const useCrmEligibility = (productId: number) =>
  useQuery({
    queryKey: [...settingsKeys.addOns(productId), 'eligibility'],
    queryFn: ({ signal }) => apiCall(endpoints.getAddOnUpgradeEligibility, { params: { id: productId }, signal }),
  });
export const upgradeAddOns = async (productId: number) =>
  (await apiCall(endpoints.upgradeAddOns, { params: { id: productId } })).results;

export const useInternationalTariffs = (productId: number) =>
  useQuery({
    queryKey: [...settingsKeys.international(productId), 'available'],
    queryFn: async ({ signal }) =>
      (await apiCall(endpoints.listInternationalTariffs, { params: { id: productId }, signal })).results,
  });
export const useInternationalCalling = (productId: number) =>
  useQuery({
    queryKey: settingsKeys.international(productId),
    queryFn: ({ signal }) => apiCall(endpoints.getInternationalCalling, { params: { id: productId }, signal }),
  });
export const setInternationalCalling = (productId: number, tariff_id: number) =>
  apiCall(endpoints.setInternationalCalling, { params: { id: productId }, body: { tariff_id } });
