import { z } from 'zod';

import { BroadbandAddress, BroadbandNetwork, BroadbandType } from '@portal/contract';

import type { BroadbandData, NetworkLine } from './broadband-data.ts';

export interface HttpsBroadbandSettings {
  /** The networks' checker, e.g. https://checker.example/v1 (no trailing slash needed). */
  url: string;
  /** Sent as "Authorization: Bearer {token}". */
  token: string;
  /** Give up on a checker that has not answered in this long. */
  timeoutMs?: number;
}

const NetworkLineAnswer = z.object({
  broadband_type: BroadbandType,
  network: BroadbandNetwork,
  download_mbps: z.int().min(0),
  upload_mbps: z.int().min(0),
});
const AddressesAnswer = z.object({ results: z.array(BroadbandAddress) });
const AvailabilityAnswer = z.object({ address: BroadbandAddress, lines: z.array(NetworkLineAnswer) });

/**
 * The production broadband data (BROADBAND_DATA=https): the networks' address matching and
 * availability checker over HTTPS with a bearer token.
 * - `GET {url}/addresses/?postcode=LS11%205PZ` answers `{results: BroadbandAddress[]}`;
 * - `GET {url}/availability/?address_ref=&css_database_code=&postcode=` answers
 *   `{address, lines: [{broadband_type, network, download_mbps, upload_mbps}]}`, or 404 when the
 *   checker has no such address.
 * Every answer is checked against those shapes: a checker that answers something else, answers
 * an error status, or does not answer within the timeout makes the call throw (the route answers
 * 502), never hands the page data it cannot trust.
 */
export class HttpsBroadbandData implements BroadbandData {
  constructor(private readonly settings: HttpsBroadbandSettings) {}

  async searchAddresses(postcode: string): Promise<BroadbandAddress[]> {
    const answer = await this.get('addresses/', { postcode });
    if (answer === null) return [];
    return AddressesAnswer.parse(answer).results;
  }

  async availability(address: {
    addressRef: string;
    cssDatabaseCode: string;
    postcode: string;
  }): Promise<{ address: BroadbandAddress; lines: NetworkLine[] } | null> {
    const answer = await this.get('availability/', {
      address_ref: address.addressRef,
      css_database_code: address.cssDatabaseCode,
      postcode: address.postcode,
    });
    return answer === null ? null : AvailabilityAnswer.parse(answer);
  }

  /** The JSON of a GET, or null on 404; throws on any other answer but 2xx, naming the status only. */
  private async get(path: string, query: Record<string, string>): Promise<unknown> {
    const { url, token, timeoutMs = 10_000 } = this.settings;
    const target = new URL(path, url.endsWith('/') ? url : `${url}/`);
    for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
    const response = await fetch(target, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) {
      await response.arrayBuffer().catch(() => undefined);
      return null;
    }
    if (!response.ok) {
      await response.arrayBuffer().catch(() => undefined);
      throw new Error(`broadband checker answered ${response.status}`);
    }
    return response.json();
  }
}
