import type { HardwareOrder } from '@portal/contract';

/**
 * Carrier tracking links (spec 000 section 4): built for DPD from the post code and tracking
 * id, and for APC from the tracking id (its consignment number); other carriers use the link
 * the server answers. The URL templates are the carriers' public tracking pages as we know
 * them; confirm them with each carrier before going live.
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
    const search = new URLSearchParams({ reference: id, postcode: compactPostCode(postCode) });
    return { carrier: 'DPD', href: `https://track.dpd.co.uk/search?${search.toString()}` };
  }
  if ((name === 'APC' || name.startsWith('APC ')) && id) {
    return { carrier: 'APC', href: `https://apcchoice.apc-overnight.com/track-parcel?${new URLSearchParams({ id }).toString()}` };
  }
  const given = hardware.shipping_tracking_link?.trim();
  if (given && /^https?:\/\//i.test(given)) return { carrier: carrier || 'the carrier', href: given };
  return null;
}
