import type { BroadbandAddress, BroadbandNetwork, BroadbandType } from '@portal/contract';

/** One broadband line a network can give an address: its type and its fastest speeds. */
export interface NetworkLine {
  broadband_type: BroadbandType;
  network: BroadbandNetwork;
  download_mbps: number;
  upload_mbps: number;
}

/**
 * The broadband address and availability data of the networks (spec 001 section 7,
 * "Broadband"), behind one interface. The routes never know which provider answers.
 */
export interface BroadbandData {
  /**
   * Every address the data holds at `postcode` (a valid UK postcode written the usual way,
   * "LS11 5PZ"), those without an address reference or css database code included; an empty
   * list when there are none.
   */
  searchAddresses(postcode: string): Promise<BroadbandAddress[]>;
  /**
   * The lines the networks can give the address with this reference in this css database at
   * this postcode (none when nothing is available), or null when no such address exists.
   */
  availability(address: {
    addressRef: string;
    cssDatabaseCode: string;
    postcode: string;
  }): Promise<{ address: BroadbandAddress; lines: NetworkLine[] } | null>;
}
