import { useQueryClient } from '@tanstack/react-query';

import { AUDIO_UPLOAD_FIELDS, phoneSetupAudioEndpoints } from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import { apiUpload } from '../../../lib/upload.ts';
import type { AudioServices } from '../../audio/index.ts';
import { downloadHoldMusic, phoneSetupKeys, useHoldMusic } from '../api/phone-setup-api.ts';
import { useRestoreHoldMusic } from '../api/reset-audio.ts';
import { AudioSetting } from './audio-setting.tsx';

/** Phone setup, Hold music: play what callers on hold hear, upload or record your own, or go back to the standard music. */
export function HoldMusicTab({ productId }: { productId: number }) {
  const queryClient = useQueryClient();
  const holdMusic = useHoldMusic(productId);
  const reset = useRestoreHoldMusic(productId);

  if (holdMusic.isPending) return <Loading label="Loading your hold music" />;
  if (holdMusic.isError) {
    return (
      <LoadError
        title="Your hold music could not be loaded"
        error={holdMusic.error}
        onRetry={() => void holdMusic.refetch()}
        retrying={holdMusic.isFetching}
      />
    );
  }

  const services: AudioServices = {
    save: async ({ wav }, { onProgress, signal }) => {
      const result = await apiUpload(phoneSetupAudioEndpoints.uploadHoldMusic, {
        params: { id: productId },
        files: { [AUDIO_UPLOAD_FIELDS.plainFile]: { blob: wav, filename: 'hold-music.wav' } },
        onProgress,
        signal,
      });
      queryClient.setQueryData(phoneSetupKeys.holdMusic(productId), result);
      return result;
    },
  };

  return (
    <AudioSetting
      title="Hold music"
      description="What callers hear while they wait in a queue or are on hold."
      custom={holdMusic.data.custom_audio}
      labels={{
        custom: 'your own music',
        standard: 'the standard hold music',
        change: 'Change hold music',
        reset: 'Use the standard hold music',
        resetQuestion: 'Use the standard hold music?',
        resetDone: 'Callers on hold now hear the standard music',
        saved: 'Your hold music has been saved',
        dialogTitle: 'Hold music',
      }}
      kind="hold_music"
      initialMethod="upload"
      allowTextToSpeech={false}
      download={() => downloadHoldMusic(productId)}
      services={services}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: phoneSetupKeys.holdMusic(productId) })}
      reset={reset}
    />
  );
}
