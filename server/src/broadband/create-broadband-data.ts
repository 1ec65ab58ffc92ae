import type { BroadbandConfig } from '../config.ts';
import { SandboxBroadbandData } from '../sandbox/broadband/sandbox-broadband-data.ts';
import type { BroadbandData } from './broadband-data.ts';
import { HttpsBroadbandData } from './https-broadband-data.ts';

/**
 * The broadband data the configuration names: BROADBAND_DATA=sandbox (the default) answers from
 * a fixed data set on this machine (sandbox/broadband/); BROADBAND_DATA=https asks the networks'
 * checker at BROADBAND_API_URL with the bearer token BROADBAND_API_TOKEN (https-broadband-data.ts).
 * A missing setting stops the start with a message naming it (config.ts).
 */
export function createBroadbandData(config: BroadbandConfig): BroadbandData {
  switch (config.source) {
    case 'sandbox':
      return new SandboxBroadbandData();
    case 'https':
      return new HttpsBroadbandData({ url: config.url, token: config.token });
  }
}
