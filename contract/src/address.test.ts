import { describe, expect, it } from 'vitest';

import {
  AddressLookupQuery,
  addressMessages,
  addressSummaryLine,
  InstallationAddressInput,
  isUkPostcode,
  normalisePostcode,
  UkPostcode,
} from './address.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('the UK postcode rule (spec 000 section 5)', () => {
  it('accepts every shape of UK postcode, in any case, with or without the space, trimmed', () => {
    for (const value of [
      'M1 1AE',
      'B33 8TH',
      'CR2 6XH',
      'DN55 1PT',
      'W1A 0AX',
      'EC1A 1BB',
      'SW1A1AA',
      'ls11 5pz',
      '  BN1 1YE  ',
      'so143jf',
    ]) {
      expect(isUkPostcode(value), value).toBe(true);
      expect(UkPostcode.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses what is not one', () => {
    for (const value of [
      'LS11',
      '5PZ',
      'LS11 5P',
      'LS11 55Z',
      '1S11 5PZ',
      'ABCD1 1AA',
      'LS115 5PZ',
      'LS11  5PZ',
      'LS11-5PZ',
      'LS11 5PZ X',
      'L 5PZ',
      'L5PZ',
    ]) {
      expect(isUkPostcode(value), value).toBe(false);
      expect(firstMessage(UkPostcode.safeParse(value)), value).toBe(addressMessages.postcodeInvalid);
    }
  });

  it('asks for a postcode when there is none', () => {
    for (const value of ['', '   ', undefined, null, 42]) {
      expect(firstMessage(UkPostcode.safeParse(value)), String(value)).toBe(addressMessages.postcodeRequired);
    }
    expect(firstMessage(AddressLookupQuery.safeParse({}))).toBe('Postcode is a required field');
  });

  it('answers the postcode written the usual way', () => {
    expect(normalisePostcode(' ls115pz ')).toBe('LS11 5PZ');
    expect(normalisePostcode('sw1a 1aa')).toBe('SW1A 1AA');
    expect(normalisePostcode('M11AE')).toBe('M1 1AE');
    expect(normalisePostcode('not a postcode ')).toBe('not a postcode');
    expect(UkPostcode.parse('ec1a1bb')).toBe('EC1A 1BB');
  });

  it('says "{postcode} returned no results, please try another postcode"', () => {
    expect(addressMessages.noResults('ZZ9 9ZZ')).toBe('ZZ9 9ZZ returned no results, please try another postcode');
  });
});

describe('the manual address (spec 000 section 5)', () => {
  const filled = {
    post_code: 'ls11 5pz',
    line_one: ' Unit 4, Canal Wharf ',
    line_two: '',
    city: 'Leeds',
    county: 'West Yorkshire',
  };

  it('answers the values trimmed, line_two empty when blank or left out', () => {
    expect(InstallationAddressInput.parse(filled)).toEqual({
      ...filled,
      post_code: 'LS11 5PZ',
      line_one: 'Unit 4, Canal Wharf',
    });
    const { line_two: _, ...withoutLineTwo } = filled;
    expect(InstallationAddressInput.parse(withoutLineTwo).line_two).toBe('');
    expect(InstallationAddressInput.parse({ ...filled, line_two: '   ' }).line_two).toBe('');
  });

  it('gives each required field its own message', () => {
    const result = InstallationAddressInput.safeParse({
      post_code: '',
      line_one: ' ',
      line_two: '',
      city: '',
      county: '',
    });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      post_code: 'Postcode is a required field',
      line_one: 'Address line 1 is a required field',
      city: 'Town/ City is a required field',
      county: 'County is a required field',
    });
    expect(InstallationAddressInput.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual([
      'Postcode is a required field',
      'Address line 1 is a required field',
      'Town/ City is a required field',
      'County is a required field',
    ]);
  });

  it('refuses an invalid postcode and overlong lines', () => {
    expect(firstMessage(InstallationAddressInput.safeParse({ ...filled, post_code: 'LS11' }))).toBe(
      'Postcode must be valid',
    );
    expect(firstMessage(InstallationAddressInput.safeParse({ ...filled, line_two: 'x'.repeat(101) }))).toBe(
      'Address line 2 must be 100 characters or fewer',
    );
    expect(InstallationAddressInput.safeParse({ ...filled, line_one: 'x'.repeat(100) }).success).toBe(true);
  });
});

describe('addressSummaryLine', () => {
  it('joins the lines, town and postcode, leaving out empty parts', () => {
    expect(
      addressSummaryLine({ line_one: 'Unit 4, Canal Wharf', line_two: '', city: 'Leeds', post_code: 'LS11 5PZ' }),
    ).toBe('Unit 4, Canal Wharf, Leeds, LS11 5PZ');
    expect(
      addressSummaryLine({ line_one: '12 Kiln Yard', line_two: 'Hope Street', city: 'Norwich', post_code: 'NR2 4PL' }),
    ).toBe('12 Kiln Yard, Hope Street, Norwich, NR2 4PL');
  });
});
