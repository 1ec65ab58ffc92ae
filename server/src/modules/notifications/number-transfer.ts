import { isNumberRange, type NumberTransfer, type NumberTransferOrder } from '@portal/contract';

import type { OrderRow } from './notifications-repository.ts';

/** A number transfer order as the API answers it (also the transfer call's answer, modules/numbers). */
export function numberTransferAnswer(row: OrderRow): NumberTransferOrder {
  const d = row.detail as Omit<NumberTransfer, 'isRange'>;
  return {
    id: row.id,
    status: row.status,
    account_id: row.accountId,
    order_id: row.reference,
    date_ordered: row.dateOrdered.toISOString(),
    last_updated_date: row.lastUpdatedDate.toISOString(),
    read: row.readAt !== null,
    kind: 'NUMBER_TRANSFER',
    number_transfer: {
      range_start: d.range_start,
      range_end: d.range_end,
      isRange: isNumberRange(d.range_start, d.range_end),
      confirmed_transfer_date: d.confirmed_transfer_date,
      cloa_status: d.cloa_status,
    },
  };
}
