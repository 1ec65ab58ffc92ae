import { AUDIO_FORMAT } from '@portal/contract';

import { createResampler } from './resample.ts';
import { fadeEdges, frameRange, mixToMono } from './samples.ts';
import { encodeWav } from './wav.ts';

/** Audio decoded to float samples: what a take holds between decoding and saving. */
export interface DecodedAudio {
  sampleRate: number;
  /** One array per channel, all the same length. */
  channels: Float32Array[];
  /** Seconds. */
  duration: number;
}

export interface KeptRange {
  /** Seconds from the start of the take. */
  start: number;
  end: number;
}

export interface StoredWav {
  /** 8 kHz, 16-bit, mono PCM WAV (AUDIO_FORMAT), ready to upload. */
  wav: Blob;
  durationMs: number;
}

export interface ConvertOptions {
  /** 0..1 as the conversion goes. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

// Frames converted between two yields to the page: about 20 ms of work.
const SLICE_FRAMES = 64_000;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The kept part of a take in the stored format: cut to the range, mixed to mono, converted
 * to 8 kHz (band-limited, see resample.ts), its edges ramped over 5 ms so a cut does not
 * click, and encoded as 16-bit PCM WAV. Long takes are converted in slices, yielding to the
 * page between them, so the progress bar moves and Cancel still works.
 */
export async function toStoredWav(
  audio: DecodedAudio,
  kept: KeptRange,
  options: ConvertOptions = {},
): Promise<StoredWav> {
  const { onProgress, signal } = options;
  const length = audio.channels[0]?.length ?? 0;
  const mono = mixToMono(audio.channels, frameRange(kept.start, kept.end, audio.sampleRate, length));
  const rate = AUDIO_FORMAT.sampleRate;
  let samples: Float32Array;
  if (audio.sampleRate === rate) {
    samples = mono;
  } else {
    const resampler = createResampler(mono, audio.sampleRate, rate);
    samples = new Float32Array(resampler.length);
    for (let from = 0; from < resampler.length; from += SLICE_FRAMES) {
      signal?.throwIfAborted();
      resampler.run(from, from + SLICE_FRAMES, samples);
      onProgress?.(Math.min(1, (from + SLICE_FRAMES) / resampler.length));
      if (from + SLICE_FRAMES < resampler.length) await nextTask();
    }
  }
  signal?.throwIfAborted();
  fadeEdges(samples, rate);
  const wav = new Blob([encodeWav([samples], rate)], { type: AUDIO_FORMAT.contentType });
  onProgress?.(1);
  return { wav, durationMs: Math.round((samples.length / rate) * 1000) };
}
