export * from './endpoint.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './navigation.ts';
export * from './call-flows.ts';
export * from './trial.ts';
export * from './audio-format.ts';
export * from './audio.ts';

import { audioEndpoints, phoneSetupAudioEndpoints } from './audio.ts';
import { authEndpoints } from './auth.ts';
import { callFlowEndpoints } from './call-flows.ts';
import { navigationEndpoints } from './navigation.ts';
import { trialEndpoints } from './trial.ts';

/** Every endpoint of the portal API, by name. The server registers each one. */
export const endpoints = {
  ...authEndpoints,
  ...navigationEndpoints,
  ...callFlowEndpoints,
  ...trialEndpoints,
  ...audioEndpoints,
  ...phoneSetupAudioEndpoints,
};
export type EndpointName = keyof typeof endpoints;
