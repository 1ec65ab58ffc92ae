import { Flex, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';

import { AUDIO_UPLOAD_FIELDS, audioMessages, phoneSetupAudioEndpoints } from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { apiUpload } from '../../../lib/upload.ts';
import type { AudioServices } from '../../audio/index.ts';
import {
  downloadVoicemailGreeting,
  phoneSetupKeys,
  useVoicemailConfiguration,
  useVoicemailGreetingText,
} from '../api/phone-setup-api.ts';
import { useResetVoicemailGreeting } from '../api/reset-audio.ts';
import { speak } from '../api/text-to-speech.ts';
import { AudioSetting } from './audio-setting.tsx';
import { VoicemailSettings } from './voicemail-settings.tsx';

/** Spec 001 section 9: a greeting fetch failing with 500 or 400 has its own words; other failures show the answer. */
export function greetingErrorText(error: unknown): string {
  if (isApiError(error) && (error.status === 500 || error.status === 400)) return audioMessages.noVoicemailGreeting;
  return userErrorText(error);
}

/** Phone setup, Voicemail: the greeting callers hear, how long calls ring first, and voicemail to e-mail. */
export function VoicemailTab({ productId }: { productId: number }) {
  const queryClient = useQueryClient();
  const configuration = useVoicemailConfiguration(productId);
  const greetingText = useVoicemailGreetingText(productId);
  const reset = useResetVoicemailGreeting(productId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: phoneSetupKeys.voicemail(productId) });

  if (configuration.isPending) return <Loading label="Loading your voicemail settings" />;
  if (configuration.isError) {
    return (
      <LoadError
        title="Your voicemail settings could not be loaded"
        error={configuration.error}
        onRetry={() => void configuration.refetch()}
        retrying={configuration.isFetching}
      />
    );
  }

  const services: AudioServices = {
    synthesize: (text, gender, { signal }) => speak(productId, text, gender, signal),
    save: ({ wav }, { onProgress, signal }) =>
      apiUpload(phoneSetupAudioEndpoints.postVoicemailGreeting, {
        params: { id: productId },
        query: { audio_type: 'greeting' },
        files: { [AUDIO_UPLOAD_FIELDS.plainFile]: { blob: wav, filename: 'voicemail-greeting.wav' } },
        onProgress,
        signal,
      }),
  };

  const words = greetingText.data?.text;
  return (
    <Flex direction="column" gap="8">
      <AudioSetting
        title="Voicemail greeting"
        description="What callers hear before they leave a message."
        custom={configuration.data.custom_audio}
        labels={{
          custom: 'your own greeting',
          standard: 'the standard greeting',
          change: 'Change greeting',
          reset: 'Use the standard greeting',
          resetQuestion: 'Use the standard greeting?',
          resetDone: 'Callers now hear the standard greeting',
          saved: 'Your voicemail greeting has been saved',
          dialogTitle: 'Voicemail greeting',
        }}
        kind="voicemail_greeting"
        allowTextToSpeech
        initialMethod="record"
        defaultText={words ?? undefined}
        defaultVoice={greetingText.data?.gender ?? undefined}
        download={() => downloadVoicemailGreeting(productId)}
        downloadErrorText={greetingErrorText}
        services={services}
        onSaved={() => {
          refresh();
        }}
        reset={reset}
      >
        {configuration.data.custom_audio && words && (
          <Text mb="3" color="fg.muted">
            Words: “{words}”
          </Text>
        )}
      </AudioSetting>
      <VoicemailSettings productId={productId} configuration={configuration.data} />
    </Flex>
  );
}
