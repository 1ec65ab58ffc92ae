import { SandboxBroadbandData } from '../sandbox/broadband/sandbox-broadband-data.ts';
import type { BroadbandData } from './broadband-data.ts';
import { HttpsBroadbandData } from './https-broadband-data.ts';

export const BROADBAND_DATA_SOURCES = ['sandbox', 'https'] as const;

/**
 * The broadband data the configuration names: BROADBAND_DATA=sandbox (the default) answers from
 * a fixed data set on this machine (sandbox/broadband/); BROADBAND_DATA=https asks the networks'
 * checker at BROADBAND_API_URL with the bearer token BROADBAND_API_TOKEN (https-broadband-data.ts).
 * A missing setting stops the start with a message naming it.
 */
export function createBroadbandData(env: Record<string, string | undefined> = process.env): BroadbandData {
  const choice = env.BROADBAND_DATA || 'sandbox';
  switch (choice) {
    case 'sandbox':
      return new SandboxBroadbandData();
    case 'https': {
      const url = env.BROADBAND_API_URL ?? '';
      const token = env.BROADBAND_API_TOKEN ?? '';
      if (!/^https?:\/\//.test(url)) throw new Error('BROADBAND_DATA=https needs BROADBAND_API_URL, the checker\'s address (https://...)');
      if (!token) throw new Error('BROADBAND_DATA=https needs BROADBAND_API_TOKEN, the checker\'s bearer token');
      return new HttpsBroadbandData({ url, token });
    }
    default:
      throw new Error(`BROADBAND_DATA must be one of ${BROADBAND_DATA_SOURCES.join(', ')}, not "${choice}"`);
  }
}
