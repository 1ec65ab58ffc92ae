import { HARDWARE_MODELS } from '@portal/contract';

import type { Inserts } from '../../db/connect.ts';
import { hardwareDevices, hardwarePorts } from '../../db/schema/hardware.ts';
import { newProvisioningKey } from './rules.ts';

const model = (id: number) => {
  const found = HARDWARE_MODELS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`seed: hardware model ${id} missing`);
  return { modelId: found.id, make: found.make, model: found.model, totalPorts: found.total_ports };
};

/** The MAC address of desk phone `n` (1 or 2) of copy `copy` of Acme's desk phones. */
export const acmeHardwareMac = (copy: number, n: 1 | 2) =>
  `00:15:65:A${Math.floor(copy / 256)}:${(copy % 256).toString(16).toUpperCase().padStart(2, '0')}:0${n}`;

/**
 * Two desk phones for a copy of Acme: a Yealink T46U with Alex on port 1 and Priya on port 2 (two
 * free), and a Yealink T31P with Tom on port 1 (one free). `copy` keeps each copy's MAC addresses its
 * own (0 for the demo's Acme, then one per customer like Acme the sandbox makes).
 */
export async function seedAcmeHardware(
  tx: Inserts,
  productId: number,
  users: { alex: number; priya: number; tom: number },
  copy: number,
): Promise<void> {
  const mac = (n: 1 | 2) => acmeHardwareMac(copy, n);
  const [deskPhone, smallPhone] = await tx
    .insert(hardwareDevices)
    .values([
      { productId, ...model(2), macAddress: mac(1), provisioningKey: newProvisioningKey() },
      { productId, ...model(1), macAddress: mac(2), provisioningKey: newProvisioningKey() },
    ])
    .returning();
  if (!deskPhone || !smallPhone) throw new Error('seed: hardware devices not inserted');
  await tx.insert(hardwarePorts).values([
    { deviceId: deskPhone.id, port: 1, voipUserId: users.alex },
    { deviceId: deskPhone.id, port: 2, voipUserId: users.priya },
    { deviceId: smallPhone.id, port: 1, voipUserId: users.tom },
  ]);
}
