import { describe, expect, it } from 'vitest';

import type { HardwareOrder } from './notifications.ts';
import { trackingLink } from './orders.ts';

const shipping = (overrides: Partial<HardwareOrder>): HardwareOrder => ({
  parts_to_order: [{ name: 'Yealink T54W desk phone', quantity: 2 }],
  shipping_date: '2025-03-02',
  shipping_carrier_operator: 'DPD',
  shipping_post_code: 'LS11 5PZ',
  shipping_tracking_id: '15501234567890',
  shipping_tracking_link: null,
  ...overrides,
});

describe('trackingLink', () => {
  it('builds the DPD link from the tracking id and the post code', () => {
    expect(trackingLink(shipping({}))).toEqual({
      carrier: 'DPD',
      href: 'https://track.dpd.co.uk/search?reference=15501234567890&postcode=LS115PZ',
    });
    expect(trackingLink(shipping({ shipping_carrier_operator: ' dpd ', shipping_post_code: 'ls11 5pz' }))?.href).toBe(
      'https://track.dpd.co.uk/search?reference=15501234567890&postcode=LS115PZ',
    );
    // Without a post code there is nothing DPD can look up.
    expect(trackingLink(shipping({ shipping_post_code: null }))).toBeNull();
  });

  it('builds the APC link from the tracking id', () => {
    expect(trackingLink(shipping({ shipping_carrier_operator: 'APC', shipping_tracking_id: '7712345' }))).toEqual({
      carrier: 'APC',
      href: 'https://apcchoice.apc-overnight.com/track-parcel?id=7712345',
    });
    expect(
      trackingLink(shipping({ shipping_carrier_operator: 'apc overnight', shipping_tracking_id: 'a b&c' }))?.href,
    ).toBe('https://apcchoice.apc-overnight.com/track-parcel?id=a%20b%26c');
    expect(trackingLink(shipping({ shipping_carrier_operator: 'APC', shipping_tracking_id: null }))).toBeNull();
  });

  it("uses another carrier's own link when it is a web address, and nothing otherwise", () => {
    expect(
      trackingLink(
        shipping({ shipping_carrier_operator: 'Royal Mail', shipping_tracking_link: 'https://track.example/RM1' }),
      ),
    ).toEqual({
      carrier: 'Royal Mail',
      href: 'https://track.example/RM1',
    });
    expect(
      trackingLink(
        shipping({ shipping_carrier_operator: 'Royal Mail', shipping_tracking_link: 'javascript:alert(1)' }),
      ),
    ).toBeNull();
    expect(trackingLink(shipping({ shipping_carrier_operator: null, shipping_tracking_id: null }))).toBeNull();
  });
});
