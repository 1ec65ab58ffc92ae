import { ADDRESS_LOOKUP_COUNTRY, addressSummaryLine, normalisePostcode } from '@portal/contract';

import type { Address, AddressLookup } from '../address/lookup.ts';

/** One address of the sandbox data set, before its postcode, summary line, id and country are added. */
interface SandboxPremises {
  line_one: string;
  line_two?: string;
}

interface SandboxStreet {
  city: string;
  county: string;
  premises: SandboxPremises[];
}

/**
 * A valid postcode the sandbox knows no address at: the way to see "{postcode} returned no
 * results, please try another postcode". So is any other postcode not listed below.
 */
export const SANDBOX_EMPTY_POSTCODE = 'ZZ99 9ZZ';

/**
 * The sandbox's addresses by postcode. The first group covers every postcode of the demo
 * data (the modules' demo-*.ts, db/seed.ts), with the demo customers' own premises among them;
 * the rest are real postcode districts with made-up street names and numbers, so nothing here
 * is anyone's real address. Corner Cafe (the buy-now demo customer, no address yet) is at
 * CF10 1EP.
 */
export const sandboxAddresses: Readonly<Record<string, SandboxStreet>> = {
  // Demo data postcodes.
  'LS11 5PZ': {
    city: 'Leeds',
    county: 'West Yorkshire',
    premises: [
      { line_one: 'Unit 4, Canal Wharf', line_two: 'Water Lane' },
      { line_one: 'Unit 5, Canal Wharf', line_two: 'Water Lane' },
      { line_one: 'Unit 6, Canal Wharf', line_two: 'Water Lane' },
      { line_one: "Lock Keeper's Cottage, Canal Wharf" },
    ],
  },
  'BS1 3DH': {
    city: 'Bristol',
    county: 'City of Bristol',
    premises: [
      { line_one: 'Ground Floor, 18 Market Street' },
      { line_one: '1st Floor, 18 Market Street' },
      { line_one: '2nd Floor, 18 Market Street' },
      { line_one: '20 Market Street' },
    ],
  },
  'NR2 4PL': {
    city: 'Norwich',
    county: 'Norfolk',
    premises: [{ line_one: '7 Orchard Row' }, { line_one: '9 Orchard Row' }, { line_one: '11 Orchard Row' }],
  },
  'SO14 3JF': {
    city: 'Southampton',
    county: 'Hampshire',
    premises: [
      { line_one: 'Berth 6, Ocean Quay' },
      { line_one: 'Berth 7, Ocean Quay' },
      { line_one: 'Berth 8, Ocean Quay' },
      { line_one: 'Harbour Office, Ocean Quay' },
    ],
  },
  'BN1 1YE': {
    city: 'Brighton',
    county: 'East Sussex',
    premises: [
      { line_one: 'Suite 1, 40 North Road' },
      { line_one: 'Suite 2, 40 North Road' },
      { line_one: 'Suite 3, 40 North Road' },
    ],
  },
  'YO1 7HH': {
    city: 'York',
    county: 'North Yorkshire',
    premises: [{ line_one: '10 Mill Lane' }, { line_one: '12 Mill Lane' }, { line_one: '14 Mill Lane' }],
  },
  // Buy-now demo customers, before they give their emergency address.
  'CF10 1EP': {
    city: 'Cardiff',
    county: 'South Glamorgan',
    premises: [
      { line_one: 'Corner Cafe, 1 Tidewater Street' },
      { line_one: '3 Tidewater Street' },
      { line_one: 'Flat 1, 5 Tidewater Street' },
      { line_one: 'Flat 2, 5 Tidewater Street' },
    ],
  },
  // More of the country.
  'M1 1AE': {
    city: 'Manchester',
    county: 'Greater Manchester',
    premises: [
      { line_one: 'Unit 2, Tannery Mews' },
      { line_one: 'Unit 3, Tannery Mews' },
      { line_one: 'The Loft, 8 Tannery Mews' },
    ],
  },
  'B33 8TH': {
    city: 'Birmingham',
    county: 'West Midlands',
    premises: [
      { line_one: '21 Foxglove Parade' },
      { line_one: '23 Foxglove Parade' },
      { line_one: '25 Foxglove Parade', line_two: 'Kitts Green' },
    ],
  },
  'EC1A 1BB': {
    city: 'London',
    county: 'Greater London',
    premises: [
      { line_one: '4th Floor, 60 Lantern Yard' },
      { line_one: '5th Floor, 60 Lantern Yard' },
      { line_one: 'Studio 2, 62 Lantern Yard' },
    ],
  },
  'E1 6AN': {
    city: 'London',
    county: 'Greater London',
    premises: [
      { line_one: '14 Weavers Passage' },
      { line_one: '16 Weavers Passage' },
      { line_one: 'Unit B, 18 Weavers Passage' },
    ],
  },
  'G2 4JR': {
    city: 'Glasgow',
    county: 'Lanarkshire',
    premises: [
      { line_one: 'Suite 5, 101 Thistle Court' },
      { line_one: 'Suite 6, 101 Thistle Court' },
      { line_one: '103 Thistle Court' },
    ],
  },
  'EH1 1YZ': {
    city: 'Edinburgh',
    county: 'Midlothian',
    premises: [
      { line_one: '2F1, 9 Lamplighter Close' },
      { line_one: '3F2, 9 Lamplighter Close' },
      { line_one: '11 Lamplighter Close' },
    ],
  },
  'NE1 4XF': {
    city: 'Newcastle upon Tyne',
    county: 'Tyne and Wear',
    premises: [
      { line_one: '30 Coble Dene Walk' },
      { line_one: '32 Coble Dene Walk' },
      { line_one: 'Boathouse, Coble Dene Walk' },
    ],
  },
  'CB2 1TN': {
    city: 'Cambridge',
    county: 'Cambridgeshire',
    premises: [
      { line_one: '5 Punters Row' },
      { line_one: '6 Punters Row' },
      { line_one: 'Innovation Suite, 8 Punters Row', line_two: 'Newnham' },
    ],
  },
  'OX1 2JD': {
    city: 'Oxford',
    county: 'Oxfordshire',
    premises: [
      { line_one: '41 Quillfeather Lane' },
      { line_one: '43 Quillfeather Lane' },
      { line_one: '45 Quillfeather Lane' },
    ],
  },
  'BT1 5GS': {
    city: 'Belfast',
    county: 'County Antrim',
    premises: [
      { line_one: 'Unit 9, Linenhall Yard' },
      { line_one: 'Unit 10, Linenhall Yard' },
      { line_one: 'Unit 11, Linenhall Yard' },
    ],
  },
  'EX1 1HS': {
    city: 'Exeter',
    county: 'Devon',
    premises: [
      { line_one: '2 Cathedral Steps Mews' },
      { line_one: '4 Cathedral Steps Mews' },
      { line_one: '6 Cathedral Steps Mews' },
    ],
  },
  'L1 8JQ': {
    city: 'Liverpool',
    county: 'Merseyside',
    premises: [
      { line_one: 'Dock Studio 1, Ropewalk Court' },
      { line_one: 'Dock Studio 2, Ropewalk Court' },
      { line_one: '17 Ropewalk Court' },
    ],
  },
  'NG1 5FW': {
    city: 'Nottingham',
    county: 'Nottinghamshire',
    premises: [
      { line_one: '8 Lacemakers Yard' },
      { line_one: '10 Lacemakers Yard' },
      { line_one: '12 Lacemakers Yard', line_two: 'Lace Market' },
    ],
  },
  'CF24 3AA': {
    city: 'Cardiff',
    county: 'South Glamorgan',
    premises: [
      { line_one: '19 Coalexchange Terrace' },
      { line_one: '21 Coalexchange Terrace' },
      { line_one: '23 Coalexchange Terrace' },
    ],
  },
  'PL1 2AA': {
    city: 'Plymouth',
    county: 'Devon',
    premises: [
      { line_one: 'Chandlery, 2 Barbican Slip' },
      { line_one: '4 Barbican Slip' },
      { line_one: '6 Barbican Slip' },
    ],
  },
};

/** Every address of the data set, built once: postcode, summary line, a stable id, the country. */
function buildIndex(): Map<string, Address[]> {
  const index = new Map<string, Address[]>();
  for (const [postcode, street] of Object.entries(sandboxAddresses)) {
    const post_code = normalisePostcode(postcode);
    const compact = post_code.replace(' ', '');
    index.set(
      post_code,
      street.premises.map((premises, i) => {
        const parts = {
          line_one: premises.line_one,
          line_two: premises.line_two ?? '',
          city: street.city,
          county: street.county,
          post_code,
        };
        return {
          id: `sandbox-${compact}-${i + 1}`,
          summary_line: addressSummaryLine(parts),
          ...parts,
          country: ADDRESS_LOOKUP_COUNTRY,
        };
      }),
    );
  }
  return index;
}

/**
 * The sandbox address lookup: answers from the data set above, on this machine, with nothing
 * to configure. A postcode it does not know (SANDBOX_EMPTY_POSTCODE, or any other) has no addresses.
 */
export class SandboxAddressLookup implements AddressLookup {
  private readonly index = buildIndex();

  async find(postcode: string): Promise<Address[]> {
    return (this.index.get(normalisePostcode(postcode)) ?? []).map((address) => ({ ...address }));
  }
}
