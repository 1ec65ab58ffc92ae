import { describe, expect, it } from 'vitest';

import type { NavigationProduct } from '@portal/contract';

import { needsEmergencyAddress } from './needs-emergency-address.ts';
import {
  isCompleteAddress,
  manualAddressErrors,
  missingFieldsText,
  noResultsMessage,
  postcodeError,
  searchablePostcode,
} from './rules.ts';

const product = (extra: Partial<NavigationProduct> = {}): NavigationProduct => ({
  account_id: 3,
  product_id: 12,
  product_kind: 'voip2',
  kind: 'voip',
  status: 'live',
  supplier: 3,
  ceased_date: null,
  confirmed_date: '2025-01-15',
  product_detail: 'Cloud phone - 1 user',
  show_product_pages: true,
  channel: 'Buy Now',
  has_installation_address: false,
  is_show_upgrade_page: false,
  ...extra,
});

describe('needsEmergencyAddress (spec 000 section 4)', () => {
  it('is true for a Buy Now product without an installation address', () => {
    expect(needsEmergencyAddress(product())).toBe(true);
  });

  it('is false with an address, for other channels, and without a product', () => {
    expect(needsEmergencyAddress(product({ has_installation_address: true }))).toBe(false);
    expect(needsEmergencyAddress(product({ channel: 'Self Sign Up' }))).toBe(false);
    expect(needsEmergencyAddress(undefined)).toBe(false);
  });
});

describe('the postcode search (spec 000 section 5)', () => {
  it('asks for a postcode, then for a valid one', () => {
    expect(postcodeError('')).toBe('Postcode is a required field');
    expect(postcodeError('  ')).toBe('Postcode is a required field');
    expect(postcodeError('LS11')).toBe('Postcode must be valid');
    expect(postcodeError('LS11 5PZ')).toBeUndefined();
    expect(postcodeError(' ls115pz ')).toBeUndefined();
  });

  it('searches only a valid postcode, written the usual way', () => {
    expect(searchablePostcode('ls115pz')).toBe('LS11 5PZ');
    expect(searchablePostcode(' cf10 1ep')).toBe('CF10 1EP');
    expect(searchablePostcode('CF10 1E')).toBeNull();
    expect(searchablePostcode('')).toBeNull();
  });

  it('says when a postcode has no addresses', () => {
    expect(noResultsMessage('ZZ99 9ZZ')).toBe('ZZ99 9ZZ returned no results, please try another postcode');
  });
});

describe('manualAddressErrors (spec 000 section 5)', () => {
  const filled = {
    post_code: 'CF10 1EP',
    line_one: '1 Tidewater Street',
    line_two: '',
    city: 'Cardiff',
    county: 'South Glamorgan',
  };

  it('gives each empty required field its message, and nothing for line 2', () => {
    expect(manualAddressErrors({ post_code: '', line_one: '', line_two: '', city: '', county: '' })).toEqual({
      post_code: 'Postcode is a required field',
      line_one: 'Address line 1 is a required field',
      city: 'Town/ City is a required field',
      county: 'County is a required field',
    });
  });

  it('is empty for a complete address, and names an invalid postcode', () => {
    expect(manualAddressErrors(filled)).toEqual({});
    expect(manualAddressErrors({ ...filled, city: '   ' })).toEqual({ city: 'Town/ City is a required field' });
    expect(manualAddressErrors({ ...filled, post_code: 'CF10' })).toEqual({ post_code: 'Postcode must be valid' });
  });
});

describe('an incomplete installation address (spec 000 section 5)', () => {
  const meadow = {
    line_one: 'Meadow Lane Veterinary Centre',
    line_two: '12 Meadow Lane',
    city: 'Bristol',
    county: '',
    post_code: 'BS3 4AB',
  };
  it('names the missing fields in words', () => {
    expect(missingFieldsText(meadow)).toBe('county');
    expect(missingFieldsText({ ...meadow, city: '' })).toBe('town or city and county');
    expect(missingFieldsText({ ...meadow, post_code: '', city: '', county: ' ' })).toBe(
      'postcode, town or city and county',
    );
    expect(missingFieldsText({ ...meadow, county: 'Bristol' })).toBe('');
  });

  it('is complete with every required field', () => {
    expect(isCompleteAddress(meadow)).toBe(false);
    expect(isCompleteAddress({ ...meadow, county: 'Bristol' })).toBe(true);
    expect(isCompleteAddress({ ...meadow, county: 'Bristol', line_two: '' })).toBe(true);
  });
});
