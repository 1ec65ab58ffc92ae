import { ADD_ONS, NOT_ASSIGNED_EXTENSION, SEAT_SERVICE_PLAN, type Seat } from '@portal/contract';

import type { SeatRow } from './seats-read-model.ts';

const addOnNames = new Map(ADD_ONS.map((addOn) => [addOn.id, addOn.display_name]));

/** A user row as the contract's Seat. */
export function seatOf(row: SeatRow): Seat {
  return {
    id: row.id,
    platform_id: `seat-${row.productId}-${row.id}`,
    product_id: row.productId,
    service_plan: SEAT_SERVICE_PLAN,
    add_ons: row.addOnIds.map((id) => addOnNames.get(id) ?? `Add-on ${id}`),
    extension: row.extension || NOT_ASSIGNED_EXTENSION,
    name: `${row.firstName} ${row.lastName}`.trim(),
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    locked: row.lockedAt !== null,
    pin_set: row.pinHash !== null,
    numbers: row.numbers,
  };
}
