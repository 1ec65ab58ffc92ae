import { like } from 'drizzle-orm';

import type { Reads } from '../../db/connect.ts';
import { hardwareDevices } from '../../db/schema/hardware.ts';

/** The MAC addresses some device has that start with `prefix`: the sandbox picks a copy of Acme's desk phones none has. */
export async function macAddressesStartingWith(tx: Reads, prefix: string): Promise<Set<string>> {
  const rows = await tx
    .select({ mac: hardwareDevices.macAddress })
    .from(hardwareDevices)
    .where(like(hardwareDevices.macAddress, `${prefix}%`));
  return new Set(rows.map((row) => row.mac));
}
