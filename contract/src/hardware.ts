// zod/mini, like the other contracts a page loads on demand: the users-and-devices pages load these.
import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';
import { idInteger, idNumber, idText } from './ids.ts';
import { ShopItem } from './shop.ts';

/**
 * Hardware: a cloud phone's desk phones and adapters (spec 001 sections 3 "Hardware device",
 * 5 "MAC address: 12 hex characters" and 7 "Hardware"). The spec names the calls and the fields
 * (make, ports each with a user, total_ports, assigned_ports, free_ports = total minus assigned);
 * our decisions:
 *
 * - A device is one model of HARDWARE_MODELS (below, ours) at one MAC address; a MAC address is
 *   registered to one device only, whoever's it is.
 * - A port (a line of the phone) rings one user at a time; a user has at most one port on a device.
 * - POST .../users/{userId}/hardwares/ gives the user the device's first free port; PATCH
 *   .../hardware/assign/ sets one port to a user (a free port only) or frees it (user_id null).
 * - The provisioning string is the address the device fetches its settings from (with a key of its
 *   own): typed into the phone's web page, or set by the maker's redirect service.
 * - Buying hardware (.../hardware/purchase/) is the shop's (contract/src/shop.ts).
 */

/** A MAC address as typed: 12 hex digits, alone or in pairs split by one kind of separator (`:` or `-`). */
export const MAC_ADDRESS_PATTERN = /^[0-9A-Fa-f]{2}(?:([:-]?)[0-9A-Fa-f]{2})(?:\1[0-9A-Fa-f]{2}){4}$/;

/**
 * A MAC address in our one form, upper case in colon-separated pairs, or null when it is not one.
 * @example normaliseMacAddress(' 00-1a-2b-3c-4d-5e ') // '00:1A:2B:3C:4D:5E'
 */
export function normaliseMacAddress(text: string): string | null {
  const trimmed = text.trim();
  if (!MAC_ADDRESS_PATTERN.test(trimmed)) return null;
  const hex = trimmed.replace(/[:-]/g, '').toUpperCase();
  return hex.match(/../g)!.join(':');
}

/** The most devices one cloud phone may have. */
export const MAX_DEVICES = 50;

export const hardwareMessages = {
  macRequired: 'MAC address is a required field',
  macInvalid: 'Enter a MAC address of 12 hex digits (0-9 and A-F), such as 00:1A:2B:3C:4D:5E',
  macTaken: 'A device with this MAC address is already registered',
  modelRequired: 'Choose your device from the list',
  notBringYourOwn: 'This device cannot be brought: choose one from the list',
  tooManyDevices: `A cloud phone can have at most ${MAX_DEVICES} devices`,
  unknownDevice: 'Unknown device',
  unknownPort: 'This device has no such port',
  deviceFull: 'Every port of this device is in use: free one first',
  portInUse: 'This port is already in use: free it first',
  userOnDevice: 'This user already has a port on this device',
  userNotOnPhone: 'This user is not on that phone',
  chooseUser: 'Choose a user for the port',
  chooseDevice: 'Choose a device from the list',
  deviceDeleted: 'The device has been removed',
} as const;

/** A model of desk phone or adapter we support (the spec shows none; ours). */
export const HardwareModel = z.object({
  id: z.int(),
  make: z.string(),
  model: z.string(),
  /** Lines (ports) it has, each of which rings one user. */
  total_ports: z.int(),
  /** Whether a customer may bring their own (add it by its MAC address). */
  bring_your_own: z.boolean(),
});
export type HardwareModel = z.infer<typeof HardwareModel>;

export const HARDWARE_MODELS: readonly HardwareModel[] = [
  { id: 1, make: 'Yealink', model: 'T31P', total_ports: 2, bring_your_own: true },
  { id: 2, make: 'Yealink', model: 'T46U', total_ports: 4, bring_your_own: true },
  { id: 3, make: 'Poly', model: 'VVX 250', total_ports: 4, bring_your_own: true },
  { id: 4, make: 'Grandstream', model: 'HT802', total_ports: 2, bring_your_own: true },
  { id: 5, make: 'Yealink', model: 'W73P DECT', total_ports: 8, bring_your_own: false },
  { id: 6, make: 'Yealink', model: 'T54W', total_ports: 4, bring_your_own: false },
];

/** The user on a port, as the devices list shows them. */
export const PortUser = z.object({ id: z.int(), name: z.string(), extension: z.string() });

/** One port (line) of a device: its number from 1 and its user, null when free. */
export const HardwarePort = z.object({ port: z.int(), user: z.nullable(PortUser) });
export type HardwarePort = z.infer<typeof HardwarePort>;

/** A device of a cloud phone (spec 001 section 3 "Hardware device"). */
export const HardwareDevice = z.object({
  id: z.int(),
  product_id: z.int(),
  model_id: z.int(),
  make: z.string(),
  model: z.string(),
  /** In our one form, 00:1A:2B:3C:4D:5E. */
  mac_address: z.string(),
  ports: z.array(HardwarePort),
  total_ports: z.int(),
  assigned_ports: z.int(),
  /** total_ports minus assigned_ports. */
  free_ports: z.int(),
});
export type HardwareDevice = z.infer<typeof HardwareDevice>;

export const HardwareDevices = z.object({ results: z.array(HardwareDevice) });
export const HardwareModels = z.object({ results: z.array(HardwareModel) });
/** GET /api/v1/voip/hardware/: the models, and the shop's items (the hardware shop, spec 001 section 7; contract/src/shop.ts). */
export const HardwareCatalogue = z.object({ results: z.array(HardwareModel), items: z.array(ShopItem) });
export type HardwareCatalogue = z.infer<typeof HardwareCatalogue>;

/** free_ports = total_ports minus assigned_ports, from a device's ports. */
export function portCounts(ports: readonly HardwarePort[]): {
  total_ports: number;
  assigned_ports: number;
  free_ports: number;
} {
  const assigned = ports.filter((port) => port.user !== null).length;
  return { total_ports: ports.length, assigned_ports: assigned, free_ports: ports.length - assigned };
}

/** A MAC address from a form or a request: trimmed, checked and answered in our one form. */
export const MacAddress = z.pipe(
  z
    .string({ error: hardwareMessages.macRequired })
    .check(
      z.trim(),
      z.minLength(1, hardwareMessages.macRequired),
      z.maxLength(17, hardwareMessages.macInvalid),
      z.regex(MAC_ADDRESS_PATTERN, hardwareMessages.macInvalid),
    ),
  z.transform((text: string) => normaliseMacAddress(text)!),
);

/** POST /api/v3/voip/{id}/hardware/: bring your own device. */
export const AddDeviceRequest = z.object({
  model_id: idInteger(hardwareMessages.modelRequired),
  mac_address: MacAddress,
});
export type AddDeviceRequest = z.input<typeof AddDeviceRequest>;

/** POST /api/v1/voip/{id}/users/{userId}/hardwares/: the device whose first free port the user gets. */
export const AssignUserDeviceRequest = z.object({ device_id: idInteger(hardwareMessages.chooseDevice) });
export type AssignUserDeviceRequest = z.input<typeof AssignUserDeviceRequest>;

/** PATCH /api/v3/voip/{id}/hardware/assign/: one port to a user, or freed (user_id null). */
export const AssignPortRequest = z.object({
  device_id: idInteger(hardwareMessages.unknownDevice),
  port: z
    .int(hardwareMessages.unknownPort)
    .check(z.positive(hardwareMessages.unknownPort), z.lte(64, hardwareMessages.unknownPort)),
  user_id: z.nullable(idInteger(hardwareMessages.chooseUser)),
});
export type AssignPortRequest = z.input<typeof AssignPortRequest>;

export const ProvisioningStringQuery = z.object({ device_id: idNumber(hardwareMessages.unknownDevice) });
export const ProvisioningString = z.object({
  device_id: z.int(),
  mac_address: z.string(),
  provisioning_string: z.string(),
});
export type ProvisioningString = z.infer<typeof ProvisioningString>;

export const DevicesQuery = z.object({
  available: z.optional(z.enum(['true', 'false'], "available is 'true' or 'false'")),
});

const ProductParams = z.object({ id: idText('Unknown product') });
const UserParams = z.object({ id: idText('Unknown product'), userId: idText('Unknown user') });
const DeviceParams = z.object({ id: idText('Unknown product'), deviceId: idText(hardwareMessages.unknownDevice) });

export const hardwareEndpoints = {
  getHardwareModels: endpoint({
    method: 'GET',
    path: '/api/v1/voip/hardware/',
    summary: 'The desk phones and adapters we support, with their ports, and the shop items with their prices',
    auth: true,
    response: HardwareCatalogue,
  }),
  getProductHardwares: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/hardwares/',
    summary: "A cloud phone's devices; ?available=true only those with a free port",
    auth: true,
    params: ProductParams,
    query: DevicesQuery,
    response: HardwareDevices,
  }),
  assignUserHardware: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:id/users/:userId/hardwares/',
    summary: "Gives the user the device's first free port (409 when none is free)",
    auth: true,
    params: UserParams,
    body: AssignUserDeviceRequest,
    response: HardwareDevice,
  }),
  assignHardwarePort: endpoint({
    method: 'PATCH',
    path: '/api/v3/voip/:id/hardware/assign/',
    summary: 'Assigns one free port of a device to a user, or frees it (user_id null)',
    auth: true,
    params: ProductParams,
    body: AssignPortRequest,
    response: HardwareDevice,
  }),
  getHardware: endpoint({
    method: 'GET',
    path: '/api/v3/voip/:id/hardware/',
    summary: "A cloud phone's devices with their ports and who is on each",
    auth: true,
    params: ProductParams,
    response: HardwareDevices,
  }),
  addHardware: endpoint({
    method: 'POST',
    path: '/api/v3/voip/:id/hardware/',
    summary: 'Adds a device the customer brings, by its model and MAC address',
    auth: true,
    params: ProductParams,
    body: AddDeviceRequest,
    response: HardwareDevice,
    status: 201,
  }),
  getBringYourOwnHardware: endpoint({
    method: 'GET',
    path: '/api/v3/voip/:id/hardware/bring-your-own/',
    summary: 'The models a customer may bring and add by MAC address',
    auth: true,
    params: ProductParams,
    response: HardwareModels,
  }),
  getProvisioningString: endpoint({
    method: 'GET',
    path: '/api/v3/voip/:id/hardware/provisioning-string/',
    summary: "A device's provisioning string: where it fetches its settings",
    auth: true,
    params: ProductParams,
    query: ProvisioningStringQuery,
    response: ProvisioningString,
  }),
  deleteHardware: endpoint({
    method: 'DELETE',
    path: '/api/v3/voip/:id/hardware/:deviceId',
    summary: 'Removes a device (its ports are freed with it)',
    auth: true,
    params: DeviceParams,
    response: z.object({ detail: z.string() }),
  }),
};
