// zod/mini: the emergency-address dialog loads on demand, and mini tree-shakes to what is used.
import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';
import { idText } from './ids.ts';

/**
 * Addresses: the postcode lookup and a cloud phone's installation (emergency) address
 * (spec 000 sections 2, 3, 5 and 7; spec 001 "Address and site"). The one UK postcode rule
 * of the portal lives here; the emergency-address dialog and the server both use it.
 *
 * Where the spec is silent, these are our decisions:
 * - A postcode is trimmed and compared case-insensitively; the server looks it up and stores
 *   it normalised: upper case, one space before the last three characters ("ls115pz" is
 *   "LS11 5PZ").
 * - The manual form's postcode must be a valid UK postcode too, not only present: emergency
 *   services are sent to it. Its messages are the search's ("Postcode must be valid").
 * - Each text field holds at most ADDRESS_LINE_MAX_LENGTH characters.
 * - summary_line is built from the parts (addressSummaryLine), never sent by the client.
 * - A lookup result is the installation address plus an id and country United Kingdom
 *   (spec 001 section 5); the dialog sends its parts back as the installation address.
 */

/**
 * A UK postcode (spec 000 section 5): 1-2 letters, 1-2 alphanumerics, an optional space, a
 * digit and 2 letters, in any case. Test the trimmed value.
 * @example UK_POSTCODE_PATTERN.test('ls11 5pz') // true
 */
export const UK_POSTCODE_PATTERN = /^[A-Z]{1,2}[0-9A-Z]{1,2} ?[0-9][A-Z]{2}$/i;

/** Longest text of one address field, in characters. */
export const ADDRESS_LINE_MAX_LENGTH = 100;

/** Messages of the postcode search and the manual address form (spec 000 section 5); the server answers the same. */
export const addressMessages = {
  postcodeRequired: 'Postcode is a required field',
  postcodeInvalid: 'Postcode must be valid',
  noResults: (postcode: string) => `${postcode} returned no results, please try another postcode`,
  lineOneRequired: 'Address line 1 is a required field',
  cityRequired: 'Town/ City is a required field',
  countyRequired: 'County is a required field',
  tooLong: (field: string) => `${field} must be ${ADDRESS_LINE_MAX_LENGTH} characters or fewer`,
  /** The dialog's success toast (spec 000 section 4). */
  updated: 'Your emergency address was successfully updated',
} as const;

/** Whether a value, trimmed, is a UK postcode. */
export function isUkPostcode(value: string): boolean {
  return UK_POSTCODE_PATTERN.test(value.trim());
}

/**
 * A valid postcode written the usual way: trimmed, upper case, one space before the inward
 * code (the last three characters). Anything else comes back trimmed only.
 * @example normalisePostcode(' ls115pz ') // 'LS11 5PZ'
 */
export function normalisePostcode(value: string): string {
  const trimmed = value.trim();
  if (!UK_POSTCODE_PATTERN.test(trimmed)) return trimmed;
  const compact = trimmed.replace(' ', '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** A postcode: required, a UK postcode, answered normalised. */
export const UkPostcode = z
  .string({ error: addressMessages.postcodeRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: addressMessages.postcodeRequired, abort: true }),
    z.regex(UK_POSTCODE_PATTERN, { error: addressMessages.postcodeInvalid, abort: true }),
    z.overwrite(normalisePostcode),
  );

/** A required text field of the manual address: trimmed, with its own "is a required field" message. */
const requiredLine = (required: string, label: string) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required, abort: true }),
      z.maxLength(ADDRESS_LINE_MAX_LENGTH, addressMessages.tooLong(label)),
    );

/**
 * The installation address as the manual form (or a chosen lookup result) sends it (spec
 * 000 section 5): post_code, line_one, city and county required; line_two optional, '' when
 * blank. Answers the values trimmed, the postcode normalised.
 */
export const InstallationAddressInput = z.object({
  post_code: UkPostcode,
  line_one: requiredLine(addressMessages.lineOneRequired, 'Address line 1'),
  line_two: z._default(
    z.string().check(z.trim(), z.maxLength(ADDRESS_LINE_MAX_LENGTH, addressMessages.tooLong('Address line 2'))),
    '',
  ),
  city: requiredLine(addressMessages.cityRequired, 'Town/City'),
  county: requiredLine(addressMessages.countyRequired, 'County'),
});
export type InstallationAddressInput = z.input<typeof InstallationAddressInput>;

/** The installation address fields the spec requires (spec 000 section 5); a stored address without one of them is incomplete. */
export const REQUIRED_ADDRESS_FIELDS = ['post_code', 'line_one', 'city', 'county'] as const satisfies ReadonlyArray<
  keyof InstallationAddressInput
>;

/** A product's installation address (spec 000 section 3), as stored and answered. */
export const InstallationAddress = z.object({
  summary_line: z.string(),
  line_one: z.string(),
  line_two: z.string(),
  city: z.string(),
  county: z.string(),
  post_code: z.string(),
});
export type InstallationAddress = z.infer<typeof InstallationAddress>;

/**
 * The one line that names an address: its lines, town and postcode, comma separated.
 * @example addressSummaryLine({ line_one: 'Unit 4, Canal Wharf', line_two: '', city: 'Leeds', post_code: 'LS11 5PZ' }) // 'Unit 4, Canal Wharf, Leeds, LS11 5PZ'
 */
export function addressSummaryLine(
  address: Pick<InstallationAddress, 'line_one' | 'line_two' | 'city' | 'post_code'>,
): string {
  return [address.line_one, address.line_two, address.city, address.post_code]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}

/** The country every lookup result is in (spec 001 section 5). */
export const ADDRESS_LOOKUP_COUNTRY = 'United Kingdom';

/** One address the postcode lookup found: the installation address, an id to choose it by, and its country. */
export const AddressLookupResult = z.object({
  id: z.string(),
  ...InstallationAddress.shape,
  country: z.literal(ADDRESS_LOOKUP_COUNTRY),
});
export type AddressLookupResult = z.infer<typeof AddressLookupResult>;

export const AddressLookupQuery = z.object({ postcode: UkPostcode });
export const AddressLookup = z.object({ results: z.array(AddressLookupResult) });
export type AddressLookup = z.infer<typeof AddressLookup>;

/** The product in the path: digits only; the server answers 404 for one that is not the customer's cloud phone. */
const EmergencyParams = z.object({ product_id: idText('Unknown product') });

export const EmergencyContactDetailsRequest = z.object({ installation_address: InstallationAddressInput });
export type EmergencyContactDetailsRequest = z.input<typeof EmergencyContactDetailsRequest>;

export const EmergencyContactDetails = z.object({ installation_address: InstallationAddress });
export type EmergencyContactDetails = z.infer<typeof EmergencyContactDetails>;

export const addressEndpoints = {
  addressLookup: endpoint({
    method: 'GET',
    path: '/api/v1/address/',
    summary: 'Addresses at a UK postcode (the address lookup); an empty list when it knows none',
    auth: true,
    query: AddressLookupQuery,
    response: AddressLookup,
  }),
  patchEmergencyContactDetails: endpoint({
    method: 'PATCH',
    path: '/api/v1/voip/:product_id/emergency-contact-details/',
    summary: "Sets a cloud phone's installation (emergency) address; summary_line is built from the parts",
    auth: true,
    params: EmergencyParams,
    body: EmergencyContactDetailsRequest,
    response: EmergencyContactDetails,
  }),
};
