import { randomBytes } from 'node:crypto';

import { portCounts, type HardwareDevice, type HardwarePort } from '@portal/contract';

import { settings } from '../../config.ts';
import type { DeviceWithPorts } from './hardware-repository.ts';

/**
 * The devices' auto-provisioning service, where a desk phone fetches its settings: the telephony
 * platform's, not this portal's (PORTAL_PROVISIONING_URL; the sandbox's address by default).
 */
export function provisioningBase(): string {
  return settings().provisioningUrl;
}

/** A new device's secret: 24 random bytes, URL-safe. */
export const newProvisioningKey = (): string => randomBytes(24).toString('base64url');

/**
 * The device's provisioning string: the settings address for its MAC address, with its key.
 * @example provisioningString('00:1A:2B:3C:4D:5E', 'k3y') // 'https://provisioning.cloudphone.example/001a2b3c4d5e.cfg?key=k3y'
 */
export function provisioningString(macAddress: string, key: string): string {
  return `${provisioningBase()}/${macAddress.replace(/:/g, '').toLowerCase()}.cfg?key=${key}`;
}

/** A device row as the contract's HardwareDevice: every port from 1 to total_ports, free ones with no user. */
export function deviceOf(row: DeviceWithPorts): HardwareDevice {
  const ports: HardwarePort[] = Array.from({ length: row.totalPorts }, (_, index) => {
    const assigned = row.assigned.find((a) => a.port === index + 1);
    return {
      port: index + 1,
      user: assigned
        ? {
            id: assigned.user.id,
            name: `${assigned.user.firstName} ${assigned.user.lastName}`.trim(),
            extension: assigned.user.extension,
          }
        : null,
    };
  });
  return {
    id: row.id,
    product_id: row.productId,
    model_id: row.modelId,
    make: row.make,
    model: row.model,
    mac_address: row.macAddress,
    ports,
    ...portCounts(ports),
  };
}
