import type { AddressLookupResult } from '@portal/contract';
import { SandboxAddressLookup } from './sandbox.ts';

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

export const ADDRESS_LOOKUPS = ['sandbox'] as const;

/**
 * The lookup the configuration names: ADDRESS_LOOKUP=sandbox (the default) answers from a
 * fixed data set on this machine (sandbox.ts). A production lookup (a postcode address file
 * provider over HTTPS) plugs in here: a class implementing AddressLookup that calls the
 * provider with its own credentials (its own environment variables), maps each answer to
 * Address (lines, town, county, normalised postcode, summary_line from addressSummaryLine, an
 * id the provider can resolve again, country United Kingdom), times out rather than hanging a
 * request, and is chosen by ADDRESS_LOOKUP=<its name>.
 */
export function createAddressLookup(env: Record<string, string | undefined> = process.env): AddressLookup {
  const choice = env.ADDRESS_LOOKUP || 'sandbox';
  switch (choice) {
    case 'sandbox':
      return new SandboxAddressLookup();
    default:
      throw new Error(`ADDRESS_LOOKUP must be one of ${ADDRESS_LOOKUPS.join(', ')}, not "${choice}"`);
  }
}
