import { queryOptions, useQuery } from '@tanstack/react-query';

import { phoneSetupAudioEndpoints as endpoints, type PutVoicemailConfiguration } from '@portal/contract';

import { apiBlob, apiCall } from '../../../lib/http.ts';

/**
 * Phone setup's voicemail and hold music calls (spec 001 section 7). Everything of one
 * product sits under `['phone-setup', productId]`.
 */
export const phoneSetupKeys = {
  product: (productId: number) => ['phone-setup', productId] as const,
  voicemail: (productId: number) => ['phone-setup', productId, 'voicemail'] as const,
  greetingText: (productId: number) => ['phone-setup', productId, 'voicemail', 'tts-text'] as const,
  holdMusic: (productId: number) => ['phone-setup', productId, 'hold-music'] as const,
};

/** GET .../phone-setup/voicemail/configuration/: custom_audio, voicemail_delay, voicemail_to_email. */
export function voicemailConfigurationQuery(productId: number) {
  return queryOptions({
    queryKey: phoneSetupKeys.voicemail(productId),
    queryFn: async ({ signal }) =>
      (await apiCall(endpoints.getVoicemailConfiguration, { params: { id: productId }, signal })).results,
  });
}
export const useVoicemailConfiguration = (productId: number) => useQuery(voicemailConfigurationQuery(productId));

/** GET .../voicemail/greeting/tts-text/: the words of a typed greeting, if it was typed. */
export const useVoicemailGreetingText = (productId: number) =>
  useQuery({
    queryKey: phoneSetupKeys.greetingText(productId),
    queryFn: ({ signal }) => apiCall(endpoints.getVoicemailGreetingText, { params: { id: productId }, signal }),
  });

/** PUT .../voicemail/configuration/: one setting; answers all of them. */
export async function putVoicemailConfiguration(productId: number, body: PutVoicemailConfiguration) {
  return (await apiCall(endpoints.putVoicemailConfiguration, { params: { id: productId }, body })).result;
}

/** POST /api/v1/voip/{id}/voicemail/greeting/?reset=true: back to the standard greeting. */
export async function resetVoicemailGreeting(productId: number) {
  return (
    await apiCall(endpoints.postVoicemailGreeting, { params: { id: productId }, query: { reset: 'true' }, body: {} })
  ).result;
}

/** GET .../voicemail/greeting/: the greeting callers hear (audio/wav). */
export const downloadVoicemailGreeting = (productId: number) =>
  apiBlob(endpoints.getVoicemailGreeting, { params: { id: productId } });

/** GET .../phone-setup/hold-music/: whether the site's own music plays. */
export function holdMusicQuery(productId: number) {
  return queryOptions({
    queryKey: phoneSetupKeys.holdMusic(productId),
    queryFn: ({ signal }) => apiCall(endpoints.getHoldMusic, { params: { id: productId }, signal }),
  });
}
export const useHoldMusic = (productId: number) => useQuery(holdMusicQuery(productId));

/** GET .../hold-music/download/: the music callers on hold hear (audio/wav). */
export const downloadHoldMusic = (productId: number) =>
  apiBlob(endpoints.downloadHoldMusic, { params: { id: productId } });

/** POST .../hold-music/restore/: back to the standard music. */
export const restoreHoldMusic = (productId: number) =>
  apiCall(endpoints.restoreHoldMusic, { params: { id: productId } });
