import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';

import { HARDWARE_MODELS } from '@portal/contract';

import type { Inserts, Reads } from '../../db/connect.ts';
import { hardwareDevices } from '../../db/schema/hardware.ts';
import { newProvisioningKey } from './rules.ts';

// The devices a customer buys in the shop (spec 001 sections 3 and 7), added to their cloud phone in the shop's
// purchase transaction: each function takes that transaction.

/**
 * A bought device's MAC address: the maker's is printed on the box when it ships; until then a
 * locally administered one (02:...) of our own, random, stands for it.
 */
const shippedMac = () =>
  ['02', ...[...randomBytes(5)].map((byte) => byte.toString(16).toUpperCase().padStart(2, '0'))].join(':');

/** How many devices the product has. */
export async function deviceCount(tx: Reads, productId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(hardwareDevices).where(eq(hardwareDevices.productId, productId));
  return row?.n ?? 0;
}

/** Adds `quantity` devices of each bought hardware model to the product; answers how many it added. */
export async function addBoughtDevices(
  tx: Inserts,
  productId: number,
  bought: ReadonlyArray<{ hardwareModelId: number; quantity: number }>,
): Promise<number> {
  const devices = bought.flatMap(({ hardwareModelId, quantity }) => {
    const model = HARDWARE_MODELS.find((candidate) => candidate.id === hardwareModelId);
    if (!model) throw new Error(`shop: hardware model ${hardwareModelId} missing`);
    return Array.from({ length: quantity }, () => ({
      productId,
      modelId: model.id,
      make: model.make,
      model: model.model,
      totalPorts: model.total_ports,
      macAddress: shippedMac(),
      provisioningKey: newProvisioningKey(),
    }));
  });
  if (devices.length > 0) await tx.insert(hardwareDevices).values(devices);
  return devices.length;
}
