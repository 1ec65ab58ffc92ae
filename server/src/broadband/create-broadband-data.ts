import { SandboxBroadbandData } from '../sandbox/broadband/sandbox-broadband-data.ts';
import type { BroadbandData } from './broadband-data.ts';

export const BROADBAND_DATA_SOURCES = ['sandbox'] as const;

/**
 * The broadband data the configuration names: BROADBAND_DATA=sandbox (the default) answers from
 * a fixed data set on this machine (sandbox/broadband/). A production source (the networks'
 * address matching and availability checker over HTTPS) plugs in here: a class implementing
 * BroadbandData that calls the networks with its own credentials (its own environment
 * variables), maps their answers to BroadbandAddress and NetworkLine, times out rather than
 * hanging a request, and is chosen by BROADBAND_DATA=<its name>.
 */
export function createBroadbandData(env: Record<string, string | undefined> = process.env): BroadbandData {
  const choice = env.BROADBAND_DATA || 'sandbox';
  switch (choice) {
    case 'sandbox':
      return new SandboxBroadbandData();
    default:
      throw new Error(`BROADBAND_DATA must be one of ${BROADBAND_DATA_SOURCES.join(', ')}, not "${choice}"`);
  }
}
