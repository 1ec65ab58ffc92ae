import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Database, Deletes, Reads } from '../../db/connect.ts';
import { hardwareDevices, hardwarePorts } from '../../db/schema/hardware.ts';
import { voipUserNames } from '../users/index.ts';

export type DeviceRow = typeof hardwareDevices.$inferSelect;

/** An assigned port with its user's name and extension. */
export interface PortRow {
  port: number;
  user: { id: number; firstName: string; lastName: string; extension: string };
}

/** A device with its assigned ports (a free port has no row). */
export interface DeviceWithPorts extends DeviceRow {
  assigned: PortRow[];
}

/** What a port change answers when it is refused. */
export type PortRefusal = 'full' | 'in-use' | 'user-on-device' | 'gone';

/** Whether the error (or one it wraps) is PostgreSQL's unique violation. */
const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error, depth = 0; e instanceof Object && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

// A cloud phone's devices and their ports (spec 001 section 7 "Hardware").

async function withPorts(db: Reads, rows: DeviceRow[]): Promise<DeviceWithPorts[]> {
  if (rows.length === 0) return [];
  const ports = await db
    .select({ deviceId: hardwarePorts.deviceId, port: hardwarePorts.port, voipUserId: hardwarePorts.voipUserId })
    .from(hardwarePorts)
    .where(
      inArray(
        hardwarePorts.deviceId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(hardwarePorts.port));
  const users = new Map(
    (
      await voipUserNames(
        db,
        ports.map((port) => port.voipUserId),
      )
    ).map((user) => [user.id, user]),
  );
  return rows.map((row) => ({
    ...row,
    assigned: ports.flatMap(({ deviceId, port, voipUserId }) => {
      const user = users.get(voipUserId);
      return deviceId === row.id && user ? [{ port, user }] : [];
    }),
  }));
}

/** The device's row, locked until the transaction ends: port changes of one device go one after the other. */
async function lockedDevice(tx: Tx, deviceId: number) {
  const [device] = await tx.select().from(hardwareDevices).where(eq(hardwareDevices.id, deviceId)).for('update');
  if (!device) return undefined;
  const ports = await tx.select().from(hardwarePorts).where(eq(hardwarePorts.deviceId, deviceId));
  return { device, ports };
}

type LockedDevice = NonNullable<Awaited<ReturnType<typeof lockedDevice>>>;

/**
 * Runs a port change on the device, locked in a transaction: 'gone' when there is no such device, and a unique
 * violation (a change that slipped in between) answered as `onConflict`.
 */
async function portChange(
  db: Pick<Database, 'transaction'>,
  deviceId: number,
  onConflict: PortRefusal,
  change: (tx: Tx, locked: LockedDevice) => Promise<PortRefusal | number>,
): Promise<PortRefusal | number> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockedDevice(tx, deviceId);
      return locked ? change(tx, locked) : ('gone' as const);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return onConflict;
    throw error;
  }
}

/** The product's devices in the order they were added. */
export async function productDevices(db: Reads, productId: number): Promise<DeviceWithPorts[]> {
  return withPorts(
    db,
    await db
      .select()
      .from(hardwareDevices)
      .where(eq(hardwareDevices.productId, productId))
      .orderBy(asc(hardwareDevices.id)),
  );
}

/** One device of the product; undefined when it is not one of its devices. */
export async function productDevice(
  db: Reads,
  productId: number,
  deviceId: number,
): Promise<DeviceWithPorts | undefined> {
  const rows = await db
    .select()
    .from(hardwareDevices)
    .where(and(eq(hardwareDevices.productId, productId), eq(hardwareDevices.id, deviceId)));
  return (await withPorts(db, rows))[0];
}

/**
 * Adds a device unless the product has `maxDevices` already ('full') or its MAC address is
 * registered ('taken', also when another add of it came first).
 */
export async function addDevice(
  db: Pick<Database, 'transaction'>,
  productId: number,
  device: Pick<DeviceRow, 'modelId' | 'make' | 'model' | 'totalPorts' | 'macAddress' | 'provisioningKey'>,
  maxDevices: number,
): Promise<DeviceRow | 'full' | 'taken'> {
  try {
    return await db.transaction(async (tx) => {
      const existing = await tx
        .select({ id: hardwareDevices.id })
        .from(hardwareDevices)
        .where(eq(hardwareDevices.productId, productId));
      if (existing.length >= maxDevices) return 'full' as const;
      const [taken] = await tx
        .select({ id: hardwareDevices.id })
        .from(hardwareDevices)
        .where(eq(hardwareDevices.macAddress, device.macAddress));
      if (taken) return 'taken' as const;
      const [row] = await tx
        .insert(hardwareDevices)
        .values({ productId, ...device })
        .returning();
      if (!row) throw new Error('hardware device not inserted');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** Removes the product's device (its ports go with it); false when it is not one of its devices. */
export async function removeDevice(db: Deletes, productId: number, deviceId: number): Promise<boolean> {
  const gone = await db
    .delete(hardwareDevices)
    .where(and(eq(hardwareDevices.productId, productId), eq(hardwareDevices.id, deviceId)))
    .returning({ id: hardwareDevices.id });
  return gone.length > 0;
}

/** Gives the user the device's first free port: answers the port, or why not. */
export async function assignFirstFreePort(
  db: Pick<Database, 'transaction'>,
  deviceId: number,
  userId: number,
): Promise<PortRefusal | number> {
  return portChange(db, deviceId, 'full', async (tx, locked) => {
    if (locked.ports.some((p) => p.voipUserId === userId)) return 'user-on-device' as const;
    const taken = new Set(locked.ports.map((p) => p.port));
    let port = 1;
    while (taken.has(port)) port++;
    if (port > locked.device.totalPorts) return 'full' as const;
    await tx.insert(hardwarePorts).values({ deviceId, port, voipUserId: userId });
    return port;
  });
}

/** Puts the user on one free port of the device, or frees the port (userId null): answers the port, or why not. */
export async function setPort(
  db: Pick<Database, 'transaction'>,
  deviceId: number,
  port: number,
  userId: number | null,
): Promise<PortRefusal | number> {
  return portChange(db, deviceId, 'in-use', async (tx, locked) => {
    if (userId === null) {
      await tx.delete(hardwarePorts).where(and(eq(hardwarePorts.deviceId, deviceId), eq(hardwarePorts.port, port)));
      return port;
    }
    const current = locked.ports.find((p) => p.port === port);
    if (current?.voipUserId === userId) return port;
    if (current) return 'in-use' as const;
    if (locked.ports.some((p) => p.voipUserId === userId)) return 'user-on-device' as const;
    await tx.insert(hardwarePorts).values({ deviceId, port, voipUserId: userId });
    return port;
  });
}
