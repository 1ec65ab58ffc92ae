import type { Chip, HardwareOrder, LoaStatus, Order } from './notifications.ts';

/**
 * The order rules shared by the notification centre, the order tracker (/my-orders) and the
 * server (spec 000 section 4, "Order chips"): what an order's status and a letter of authority
 * show, and where a parcel is tracked. The server answers data (and the tracking link built
 * here); these rules turn it into what is shown.
 */

/** A chip, marked urgent when it needs the customer to act (an unsigned letter of authority). */
export interface DisplayChip extends Chip {
  urgent?: boolean;
}

const COMPLETED_TRANSFER = new Set(['COMPLETED', 'PORTED']);
const ACCEPTED_TRANSFER = new Set([
  'COMMITTED',
  'SUBMITTED',
  'ACCEPTED',
  'REJECTED',
  'PRE_ORDER_VALIDATION',
  'READY_TO_PORT',
  'PORTING',
]);

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

/**
 * Carrier tracking links (spec 000 section 4): built for DPD from the post code and tracking
 * id, and for APC from the tracking id (its consignment number); other carriers use the link
 * stored with the order when it is a web address. The URL templates are the carriers' public
 * tracking pages as we know them; confirm them with each carrier before going live. The server
 * answers this link as `shipping_tracking_link`; the SPA names the carrier with it.
 */
export interface TrackingLink {
  carrier: string;
  href: string;
}

const compactPostCode = (postCode: string) => postCode.replace(/\s+/g, '').toUpperCase();

/**
 * Where to follow a hardware order's parcel, or null when there is nothing to follow.
 * @example trackingLink({ shipping_carrier_operator: 'APC', shipping_tracking_id: '7712345', ... }) // { carrier: 'APC', href: 'https://apcchoice.apc-overnight.com/track-parcel?id=7712345' }
 */
export function trackingLink(hardware: HardwareOrder): TrackingLink | null {
  const carrier = hardware.shipping_carrier_operator?.trim() ?? '';
  const id = hardware.shipping_tracking_id?.trim() ?? '';
  const postCode = hardware.shipping_post_code?.trim() ?? '';
  const name = carrier.toUpperCase();
  if (name === 'DPD' && id && postCode) {
    return {
      carrier: 'DPD',
      href: `https://track.dpd.co.uk/search?reference=${encodeURIComponent(id)}&postcode=${encodeURIComponent(compactPostCode(postCode))}`,
    };
  }
  if ((name === 'APC' || name.startsWith('APC ')) && id) {
    return { carrier: 'APC', href: `https://apcchoice.apc-overnight.com/track-parcel?id=${encodeURIComponent(id)}` };
  }
  const given = hardware.shipping_tracking_link?.trim();
  if (given && /^https?:\/\//i.test(given)) return { carrier: carrier || 'the carrier', href: given };
  return null;
}
