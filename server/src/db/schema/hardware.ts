import { index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.ts';
import { products } from './customers.ts';
import { voipUsers } from './users.ts';

// Hardware (spec 001 section 3 "Hardware device"): a cloud phone's desk phones and adapters and who is on each port.

/** A device of a cloud phone: its model (contract/src/hardware.ts HARDWARE_MODELS, kept as it was when added) and MAC address. */
export const hardwareDevices = pgTable(
  'hardware_devices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    modelId: integer().notNull(),
    make: text().notNull(),
    model: text().notNull(),
    totalPorts: integer().notNull(),
    /** Upper case in colon-separated pairs (contract normaliseMacAddress); one device per MAC address. */
    macAddress: text().notNull().unique(),
    /** The secret in the device's provisioning string. */
    provisioningKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('hardware_devices_product_id_idx').on(t.productId)],
);

/**
 * The assigned ports of a device, one row each (a free port has none): the primary key keeps one
 * user per port, the unique one port per user on a device.
 */
export const hardwarePorts = pgTable(
  'hardware_ports',
  {
    deviceId: integer()
      .notNull()
      .references(() => hardwareDevices.id, { onDelete: 'cascade' }),
    /** From 1 to the device's total_ports. */
    port: integer().notNull(),
    voipUserId: integer()
      .notNull()
      .references(() => voipUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.port] }),
    unique('hardware_ports_one_port_per_user').on(t.deviceId, t.voipUserId),
    index('hardware_ports_voip_user_id_idx').on(t.voipUserId),
  ],
);
