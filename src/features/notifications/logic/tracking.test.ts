import { describe, expect, it } from 'vitest';
import { hardwareOrder } from '../test-fixtures.ts';
import { spacedNumber, transferNumbers } from './describe.ts';
import { trackingLink } from './tracking.ts';

const shipping = (overrides: Partial<ReturnType<typeof hardwareOrder>['hardware']>) => ({ ...hardwareOrder().hardware, ...overrides });

describe('trackingLink', () => {
  it('builds the DPD link from the tracking id and the post code', () => {
    expect(trackingLink(shipping({}))).toEqual({ carrier: 'DPD', href: 'https://track.dpd.co.uk/search?reference=15501234567890&postcode=LS115PZ' });
    // Without a post code there is nothing DPD can look up.
    expect(trackingLink(shipping({ shipping_post_code: null }))).toBeNull();
  });

  it('builds the APC link from the tracking id', () => {
    expect(trackingLink(shipping({ shipping_carrier_operator: 'APC', shipping_tracking_id: '7712345' }))).toEqual({
      carrier: 'APC',
      href: 'https://apcchoice.apc-overnight.com/track-parcel?id=7712345',
    });
    expect(trackingLink(shipping({ shipping_carrier_operator: 'apc overnight', shipping_tracking_id: 'a b&c' }))?.href).toBe(
      'https://apcchoice.apc-overnight.com/track-parcel?id=a+b%26c',
    );
  });

  it("uses another carrier's own link when it is a web address, and nothing otherwise", () => {
    expect(trackingLink(shipping({ shipping_carrier_operator: 'Royal Mail', shipping_tracking_link: 'https://track.example/RM1' }))).toEqual({
      carrier: 'Royal Mail',
      href: 'https://track.example/RM1',
    });
    expect(trackingLink(shipping({ shipping_carrier_operator: 'Royal Mail', shipping_tracking_link: 'javascript:alert(1)' }))).toBeNull();
    expect(trackingLink(shipping({ shipping_carrier_operator: null, shipping_tracking_id: null }))).toBeNull();
  });
});

describe('numbers', () => {
  it('spaces UK numbers and shows a range as first to last', () => {
    expect(spacedNumber('02079460103')).toBe('020 7946 0103');
    expect(spacedNumber('01632960500')).toBe('01632 960500');
    expect(spacedNumber('+441632960500')).toBe('+441632960500');
    expect(transferNumbers({ range_start: '01632960500', range_end: '01632960509', isRange: true, confirmed_transfer_date: null, cloa_status: 'SIGNED' })).toBe(
      '01632 960500 to 01632 960509',
    );
    expect(transferNumbers({ range_start: '01632960500', range_end: '01632960500', isRange: false, confirmed_transfer_date: null, cloa_status: 'SIGNED' })).toBe(
      '01632 960500',
    );
  });
});
