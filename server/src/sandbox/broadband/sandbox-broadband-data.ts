import type { BroadbandAddress } from '@portal/contract';

import type { BroadbandData, NetworkLine } from '../../broadband/broadband-data.ts';
import { sandboxAddresses } from '../address-lookup.ts';

/**
 * What the networks offer at a postcode in the sandbox. Every postcode the sandbox address
 * lookup knows (the demo data's among them) has one, so every case can be shown:
 * - full-fibre: Full Fibre and Standard on both networks (LS11 5PZ);
 * - full-fibre-network-1 / full-fibre-network-2: Full Fibre on one network, Standard too (BS1 3DH, BN1 1YE);
 * - standard / standard-network-2: Standard only (NR2 4PL, SO14 3JF);
 * - nothing: no broadband at all (YO1 7HH).
 */
export type SandboxProfile =
  'full-fibre' | 'full-fibre-network-1' | 'full-fibre-network-2' | 'standard' | 'standard-network-2' | 'nothing';

const FTTP_1: NetworkLine = { broadband_type: 'fttp', network: 'network_1', download_mbps: 1000, upload_mbps: 115 };
const FTTP_2: NetworkLine = { broadband_type: 'fttp', network: 'network_2', download_mbps: 900, upload_mbps: 100 };
const FTTC_1: NetworkLine = { broadband_type: 'fttc', network: 'network_1', download_mbps: 80, upload_mbps: 20 };
const FTTC_2: NetworkLine = { broadband_type: 'fttc', network: 'network_2', download_mbps: 67, upload_mbps: 18 };

const profileLines: Record<SandboxProfile, NetworkLine[]> = {
  'full-fibre': [FTTP_1, FTTP_2, FTTC_1, FTTC_2],
  'full-fibre-network-1': [FTTP_1, FTTC_1, FTTC_2],
  'full-fibre-network-2': [FTTP_2, FTTC_1],
  standard: [FTTC_1, FTTC_2],
  'standard-network-2': [FTTC_2],
  nothing: [],
};

/** The demo postcodes' profiles; any other postcode of the address sandbox takes one in turn. */
export const SANDBOX_BROADBAND_PROFILES: Readonly<Record<string, SandboxProfile>> = {
  'LS11 5PZ': 'full-fibre',
  'BS1 3DH': 'full-fibre-network-1',
  'BN1 1YE': 'full-fibre-network-2',
  'NR2 4PL': 'standard',
  'SO14 3JF': 'standard-network-2',
  'YO1 7HH': 'nothing',
  'CF10 1EP': 'standard',
};
const ROTATION: SandboxProfile[] = [
  'full-fibre',
  'standard',
  'full-fibre-network-1',
  'nothing',
  'full-fibre-network-2',
  'standard-network-2',
];

/**
 * The sandbox's addresses without an address reference (the search with ref_not_empty=true
 * leaves them out), by postcode and line: one at LS11 5PZ, and (without a css database code)
 * one at BS1 3DH. Every address at TR1 2HN lacks one or the other, so a search there finds
 * nothing to check.
 */
const UNREFERENCED: Readonly<Record<string, { noRef?: string[]; noCss?: string[] }>> = {
  'LS11 5PZ': { noRef: ["Lock Keeper's Cottage, Canal Wharf"] },
  'BS1 3DH': { noCss: ['20 Market Street'] },
};
const UNCHECKABLE_POSTCODE = 'TR1 2HN';

const compact = (postcode: string) => postcode.replace(' ', '');

function buildAddresses(): Map<string, BroadbandAddress[]> {
  const byPostcode = new Map<string, BroadbandAddress[]>();
  for (const [postcode, street] of Object.entries(sandboxAddresses)) {
    const odd = UNREFERENCED[postcode] ?? {};
    byPostcode.set(
      postcode,
      street.premises.map((premises, index) => ({
        addressReference: odd.noRef?.includes(premises.line_one) ? null : `A${compact(postcode)}-${index + 1}`,
        cssDatabaseCode: odd.noCss?.includes(premises.line_one) ? null : postcode.replace(/[^A-Z].*$/, ''),
        premisesName: premises.line_one,
        subPremises: '',
        thoroughfareNumber: '',
        thoroughfareName: premises.line_two ?? '',
        postTown: street.city,
        county: street.county,
        postcode,
      })),
    );
  }
  const truro = {
    postTown: 'Truro',
    county: 'Cornwall',
    postcode: UNCHECKABLE_POSTCODE,
    subPremises: '',
    thoroughfareNumber: '',
    thoroughfareName: 'Quay Street',
  };
  byPostcode.set(UNCHECKABLE_POSTCODE, [
    {
      ...truro,
      addressReference: null,
      cssDatabaseCode: 'TR',
      premisesName: 'The Old Sail Loft',
      thoroughfareNumber: '3',
    },
    {
      ...truro,
      addressReference: `A${compact(UNCHECKABLE_POSTCODE)}-2`,
      cssDatabaseCode: null,
      premisesName: 'Quay House',
      thoroughfareNumber: '5',
    },
  ]);
  return byPostcode;
}

/** The profile of a postcode of the sandbox. */
export function sandboxProfile(postcode: string): SandboxProfile {
  const fixed = SANDBOX_BROADBAND_PROFILES[postcode];
  if (fixed) return fixed;
  const index = Object.keys(sandboxAddresses).indexOf(postcode);
  return ROTATION[Math.max(0, index) % ROTATION.length] ?? 'nothing';
}

/** Broadband data from a fixed data set on this machine (BROADBAND_DATA=sandbox). */
export class SandboxBroadbandData implements BroadbandData {
  private readonly addresses = buildAddresses();

  async searchAddresses(postcode: string): Promise<BroadbandAddress[]> {
    return (this.addresses.get(postcode) ?? []).map((address) => ({ ...address }));
  }

  async availability({
    addressRef,
    cssDatabaseCode,
    postcode,
  }: {
    addressRef: string;
    cssDatabaseCode: string;
    postcode: string;
  }) {
    const address = (this.addresses.get(postcode) ?? []).find(
      (a) =>
        a.addressReference === addressRef &&
        a.cssDatabaseCode !== null &&
        a.cssDatabaseCode.toUpperCase() === cssDatabaseCode.toUpperCase(),
    );
    if (!address) return null;
    return { address: { ...address }, lines: profileLines[sandboxProfile(postcode)].map((line) => ({ ...line })) };
  }
}
