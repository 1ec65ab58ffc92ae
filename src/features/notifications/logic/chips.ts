import type { Chip, LoaStatus, Notification, Order, ServiceUpdate, Tag, TagColor } from '@portal/contract';

/**
 * The chips of the notification centre (spec 000 section 4, "Order chips"): what an
 * order's status, a letter of authority and a service update show. The server answers
 * data; these rules turn it into what is shown.
 */

/** A chip, marked urgent when it needs the customer to act (an unsigned letter of authority). */
export interface DisplayChip extends Chip {
  urgent?: boolean;
}

const COMPLETED_TRANSFER = new Set(['COMPLETED', 'PORTED']);
const ACCEPTED_TRANSFER = new Set(['COMMITTED', 'SUBMITTED', 'ACCEPTED', 'REJECTED', 'PRE_ORDER_VALIDATION', 'READY_TO_PORT', 'PORTING']);

/**
 * Number transfer: COMPLETED or PORTED "Completed"; COMMITTED, SUBMITTED, ACCEPTED, REJECTED,
 * PRE_ORDER_VALIDATION, READY_TO_PORT or PORTING "Accepted"; CANCELLED "Cancelled"; else "Processing".
 */
export function numberTransferChip(status: string): DisplayChip {
  if (COMPLETED_TRANSFER.has(status)) return { type: 'success', text: 'Completed' };
  if (ACCEPTED_TRANSFER.has(status)) return { type: 'info', text: 'Accepted' };
  if (status === 'CANCELLED') return { type: 'error', text: 'Cancelled' };
  return { type: 'neutral', text: 'Processing' };
}

/** Hardware: COMPLETED "Delivered"; COMMITTED "Accepted"; CANCELLED "Cancelled"; else "Processing". */
export function hardwareChip(status: string): DisplayChip {
  if (status === 'COMPLETED') return { type: 'success', text: 'Delivered' };
  if (status === 'COMMITTED') return { type: 'info', text: 'Accepted' };
  if (status === 'CANCELLED') return { type: 'error', text: 'Cancelled' };
  return { type: 'neutral', text: 'Processing' };
}

/** Appointment: UPCOMING "Upcoming", COMPLETED "Completed", CANCELLED "Cancelled" (the contract allows no other). */
export function appointmentChip(status: 'UPCOMING' | 'COMPLETED' | 'CANCELLED'): DisplayChip {
  if (status === 'UPCOMING') return { type: 'info', text: 'Upcoming' };
  if (status === 'COMPLETED') return { type: 'success', text: 'Completed' };
  return { type: 'error', text: 'Cancelled' };
}

/** An order's chip, by its kind's table. */
export function orderChip(order: Order): DisplayChip {
  switch (order.kind) {
    case 'NUMBER_TRANSFER':
      return numberTransferChip(order.status);
    case 'HARDWARE_ORDER':
      return hardwareChip(order.status);
    case 'APPOINTMENT':
      return appointmentChip(order.appointment.status);
  }
}

/** Letter of authority: Signed, Unsigned, Expired or Cancelled; Unsigned is urgent. */
export function loaChip(status: LoaStatus): DisplayChip {
  switch (status) {
    case 'SIGNED':
      return { type: 'success', text: 'Signed' };
    case 'UNSIGNED':
      return { type: 'warning', text: 'Unsigned', urgent: true };
    case 'EXPIRED':
      return { type: 'error', text: 'Expired' };
    case 'CANCELLED':
      return { type: 'neutral', text: 'Cancelled' };
  }
}

/** A number transfer's letter-of-authority chip (the spec's cloaStatusChip); null for other orders. */
export function cloaStatusChip(order: Order): DisplayChip | null {
  return order.kind === 'NUMBER_TRANSFER' ? loaChip(order.number_transfer.cloa_status) : null;
}

const TAG_CHIP: Record<TagColor, Chip['type']> = { green: 'success', blue: 'info', orange: 'warning', red: 'error', grey: 'neutral' };

/** A tag as a chip. */
export function tagChip(tag: Tag): DisplayChip {
  return { type: TAG_CHIP[tag.color], text: tag.name };
}

/** A service update's chip: its own, else its first tag's (spec: "the first shows as a chip"); null when neither. */
export function serviceUpdateChip(update: ServiceUpdate): DisplayChip | null {
  if (update.chip) return update.chip;
  const [first] = update.tags;
  return first ? tagChip(first) : null;
}

/** A notification's chip: the letter of authority's status, Added/Removed for a number change, else the first tag. */
export function notificationChip(notification: Notification): DisplayChip | null {
  switch (notification.kind) {
    case 'CLOA':
      return loaChip(notification.cloa.kind);
    case 'NUMBER_CHANGE':
      return notification.number_change.type === 'ADDED' ? { type: 'success', text: 'Added' } : { type: 'neutral', text: 'Removed' };
    case 'TARGETED': {
      const [first] = notification.targeted.tags.length > 0 ? notification.targeted.tags : notification.tags;
      return first ? tagChip(first) : null;
    }
  }
}
