import type { AddressLookupResult } from '@portal/contract';

/** An address a lookup found (contract/src/address.ts): the installation address, its id and country. */
export type Address = AddressLookupResult;

/**
 * The postcode address lookup (GET /api/v1/address/), behind one interface: a postcode in,
 * the addresses at it out. The routes never know which provider answers.
 */
export interface AddressLookup {
  /**
   * The addresses at `postcode`, which is a valid UK postcode written the usual way
   * ("LS11 5PZ", contract normalisePostcode); an empty list when there are none.
   */
  find(postcode: string): Promise<Address[]>;
}
