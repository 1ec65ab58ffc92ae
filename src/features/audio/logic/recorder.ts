import type RecordRTCType from 'recordrtc';

/**
 * Recording from a microphone stream with RecordRTC's StereoAudioRecorder: mono, 16-bit
 * PCM WAV at the audio hardware's rate. Loaded on first use, so RecordRTC is in no page's
 * bundle. The caller owns the stream and stops its tracks.
 */

export interface Recording {
  /** Stops and answers the WAV. */
  stop(): Promise<Blob>;
  /** Stops and throws the recording away. */
  cancel(): void;
}

type RecordRTCModule = typeof RecordRTCType & {
  // Undeclared in @types/recordrtc: the one AudioContext every StereoAudioRecorder shares.
  Storage?: { AudioContextConstructor?: AudioContext | null };
};

function sharedContext(RecordRTC: RecordRTCModule): AudioContext | null {
  return RecordRTC.Storage?.AudioContextConstructor ?? null;
}

export async function startRecording(stream: MediaStream): Promise<Recording> {
  const RecordRTC = (await import('recordrtc')).default as RecordRTCModule;
  const recorder = new RecordRTC.StereoAudioRecorder(stream, {
    numberOfAudioChannels: 1,
    bufferSize: 4096,
    disableLogs: true,
  });
  recorder.record();
  // Made after an await (the microphone prompt), the shared context may start suspended.
  const context = sharedContext(RecordRTC);
  if (context?.state === 'suspended') await context.resume().catch(() => undefined);

  let finished = false;
  const release = () => {
    finished = true;
    recorder.clearRecordedData();
    // Closing the shared context frees the audio device; the next recorder makes a new one.
    void sharedContext(RecordRTC)
      ?.close()
      .catch(() => undefined);
  };
  return {
    stop() {
      if (finished) return Promise.reject(new Error('The recording has already stopped'));
      return new Promise<Blob>((resolve) => {
        recorder.stop((blob) => {
          release();
          resolve(blob);
        });
      });
    },
    cancel() {
      if (finished) return;
      recorder.stop(() => undefined);
      release();
    },
  };
}
