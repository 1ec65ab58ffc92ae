import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import {
  hardwareEndpoints as endpoints,
  type AddDeviceRequest,
  type AssignPortRequest,
  type HardwareDevice,
} from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { usersKeys } from './users-api.ts';

/** Hardware's calls (spec 001 section 7 "Hardware"), under the product's users-devices key so a user change refreshes them too. */
export const hardwareKeys = {
  devices: (productId: number) => [...usersKeys.product(productId), 'hardware'] as const,
  /** Under the devices' key: a change to the devices refreshes it too. */
  available: (productId: number) => [...usersKeys.product(productId), 'hardware', 'available'] as const,
  bringYourOwn: (productId: number) => [...usersKeys.product(productId), 'hardware-bring-your-own'] as const,
  provisioning: (productId: number, deviceId: number) =>
    [...usersKeys.product(productId), 'hardware-provisioning', deviceId] as const,
};

/** GET /api/v3/voip/{id}/hardware/: the phone's devices with their ports. */
export function devicesQuery(productId: number) {
  return queryOptions({
    queryKey: hardwareKeys.devices(productId),
    queryFn: async ({ signal }) =>
      (await apiCall(endpoints.getHardware, { params: { id: productId }, signal })).results,
  });
}
export const useDevices = (productId: number) => useQuery(devicesQuery(productId));

/** GET /api/v1/voip/{id}/hardwares/?available=true: the devices with a free port. */
export const useAvailableDevices = (productId: number) =>
  useQuery({
    queryKey: hardwareKeys.available(productId),
    queryFn: async ({ signal }) =>
      (
        await apiCall(endpoints.getProductHardwares, {
          params: { id: productId },
          query: { available: 'true' },
          signal,
        })
      ).results,
  });

/** GET .../hardware/bring-your-own/: the models a customer may add by MAC address. */
export const useBringYourOwnModels = (productId: number) =>
  useQuery({
    queryKey: hardwareKeys.bringYourOwn(productId),
    queryFn: async ({ signal }) =>
      (await apiCall(endpoints.getBringYourOwnHardware, { params: { id: productId }, signal })).results,
    staleTime: Infinity,
  });

/** GET .../hardware/provisioning-string/?device_id=: where the device fetches its settings. */
export const useProvisioningString = (productId: number, deviceId: number) =>
  useQuery({
    queryKey: hardwareKeys.provisioning(productId, deviceId),
    queryFn: async ({ signal }) =>
      (
        await apiCall(endpoints.getProvisioningString, {
          params: { id: productId },
          query: { device_id: String(deviceId) },
          signal,
        })
      ).provisioning_string,
    staleTime: Infinity,
  });

/** After a change to the phone's devices: its device lists (the seats' own pages read them too). */
export const refreshDevices = (queryClient: QueryClient, productId: number) =>
  queryClient.invalidateQueries({ queryKey: hardwareKeys.devices(productId) });

export const addDevice = (productId: number, body: AddDeviceRequest): Promise<HardwareDevice> =>
  apiCall(endpoints.addHardware, { params: { id: productId }, body });

export const assignPort = (productId: number, body: AssignPortRequest): Promise<HardwareDevice> =>
  apiCall(endpoints.assignHardwarePort, { params: { id: productId }, body });

export const deleteDevice = (productId: number, deviceId: number) =>
  apiCall(endpoints.deleteHardware, { params: { id: productId, deviceId } });

/** POST /api/v1/voip/{id}/users/{userId}/hardwares/: the device's first free port to the user. */
export const assignUserDevice = (productId: number, userId: number, deviceId: number): Promise<HardwareDevice> =>
  apiCall(endpoints.assignUserHardware, { params: { id: productId, userId }, body: { device_id: deviceId } });
