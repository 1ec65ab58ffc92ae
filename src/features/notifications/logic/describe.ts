import { displayPhone, type NumberTransfer, type Order } from '@portal/contract';

import { formatDate } from '../../../lib/format.ts';
import type { CentreItem } from './items.ts';

/** What each item is called in the list, by type (spec: each item carries a type). */
export const TYPE_LABELS: Record<CentreItem['type'], string> = {
  SERVICE_UPDATE: 'Service update',
  NOTIFICATION: 'Notification',
  ORDER: 'Order',
};

/** The numbers a transfer moves: one number, or "first to last" for a range. */
export function transferNumbers(transfer: NumberTransfer): string {
  const start = displayPhone(transfer.range_start);
  return transfer.isRange && transfer.range_end ? `${start} to ${displayPhone(transfer.range_end)}` : start;
}

/** An order's title, by kind. */
export function orderTitle(order: Order): string {
  switch (order.kind) {
    case 'NUMBER_TRANSFER':
      return `Number transfer ${order.order_id}`;
    case 'HARDWARE_ORDER':
      return `Hardware order ${order.order_id}`;
    case 'APPOINTMENT':
      return `${order.appointment.appointment_type} appointment`;
  }
}

/** An order's line of text in the list. */
export function orderText(order: Order): string {
  switch (order.kind) {
    case 'NUMBER_TRANSFER':
      return transferNumbers(order.number_transfer);
    case 'HARDWARE_ORDER':
      return order.hardware.parts_to_order.map((part) => `${part.quantity} × ${part.name}`).join(', ');
    case 'APPOINTMENT':
      return `${formatDate(order.appointment.appointment_date)}, ${order.appointment.appointment_window}`;
  }
}

/** Title and text of any item, as the list shows them. */
export function itemSummary(item: CentreItem): { title: string; text: string } {
  switch (item.type) {
    case 'SERVICE_UPDATE':
      return { title: item.data.title, text: item.data.summary || item.data.subtitle };
    case 'NOTIFICATION':
      return { title: item.data.title, text: item.data.text };
    case 'ORDER':
      return { title: orderTitle(item.data), text: orderText(item.data) };
  }
}
