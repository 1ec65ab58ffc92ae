import type { Config } from '../config.ts';
import { SandboxAddressLookup } from '../sandbox/address-lookup.ts';
import type { AddressLookup } from './lookup.ts';

/**
 * The lookup the configuration names: ADDRESS_LOOKUP=sandbox (the default) answers from a
 * fixed data set on this machine (sandbox/address-lookup.ts). A production lookup (a postcode address file
 * provider over HTTPS) plugs in here: a class implementing AddressLookup that calls the
 * provider with its own credentials (settings of its own in config.ts), maps each answer to
 * Address (lines, town, county, normalised postcode, summary_line from addressSummaryLine, an
 * id the provider can resolve again, country United Kingdom), times out rather than hanging a
 * request, and is chosen by ADDRESS_LOOKUP=<its name>.
 */
export function createAddressLookup(choice: Config['addressLookup']): AddressLookup {
  switch (choice) {
    case 'sandbox':
      return new SandboxAddressLookup();
  }
}
