/** Work on arrays of float samples (-1..1): the kept range, mono mixdown, edges, levels, peaks. */

export interface FrameRange {
  /** First frame kept. */
  start: number;
  /** One past the last frame kept. */
  end: number;
}

/**
 * The frames from `startSeconds` up to `endSeconds`, clamped to the audio.
 * @example frameRange(0.5, 1.5, 16000, 32000) // { start: 8000, end: 24000 }
 */
export function frameRange(startSeconds: number, endSeconds: number, sampleRate: number, length: number): FrameRange {
  const clamp = (frame: number) => Math.max(0, Math.min(length, frame));
  const start = clamp(Math.round(startSeconds * sampleRate));
  const end = clamp(Math.round(endSeconds * sampleRate));
  return end > start ? { start, end } : { start, end: start };
}

/** The average of the channels over a range of frames: what a caller on one line hears. */
export function mixToMono(channels: readonly Float32Array[], range?: FrameRange): Float32Array {
  const first = channels[0];
  if (!first) return new Float32Array(0);
  const start = range?.start ?? 0;
  const end = range?.end ?? first.length;
  if (channels.length === 1) return first.slice(start, end);
  const mono = new Float32Array(end - start);
  for (const channel of channels) {
    for (let i = start; i < end; i += 1) mono[i - start]! += channel[i] ?? 0;
  }
  const scale = 1 / channels.length;
  for (let i = 0; i < mono.length; i += 1) mono[i]! *= scale;
  return mono;
}

/**
 * Ramps the first and last few milliseconds in place, so a cut in the middle of a sound
 * does not click. The length does not change.
 */
export function fadeEdges(samples: Float32Array, sampleRate: number, milliseconds = 5): Float32Array {
  const frames = Math.min(Math.floor(samples.length / 2), Math.round((sampleRate * milliseconds) / 1000));
  for (let i = 0; i < frames; i += 1) {
    const gain = i / frames;
    samples[i]! *= gain;
    samples[samples.length - 1 - i]! *= gain;
  }
  return samples;
}

/** Root mean square of a block of samples (0 for silence, about 0.707 for a full-scale sine). */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / samples.length);
}

/** The quietest level the meter shows, in dB below full scale; anything quieter reads 0. */
export const METER_FLOOR_DB = -60;

/**
 * A level meter's reading, 0-100, from an RMS value on a decibel scale: -60 dBFS and below
 * read 0, full scale reads 100, speech at a normal distance from the microphone reads
 * about half way.
 * @example levelFromRms(0.1) // 67 (-20 dBFS)
 */
export function levelFromRms(value: number): number {
  if (!(value > 0)) return 0;
  const db = 20 * Math.log10(value);
  const level = ((db - METER_FLOOR_DB) / -METER_FLOOR_DB) * 100;
  return Math.round(Math.max(0, Math.min(100, level)));
}

/**
 * A waveform outline: for each of `buckets` stretches of the samples, its highest and lowest
 * sample, interleaved (max, min, max, min, ...), which is what a waveform drawing needs.
 */
export function waveformPeaks(samples: Float32Array, buckets: number): Float32Array {
  const count = Math.max(1, Math.min(buckets, samples.length));
  const peaks = new Float32Array(count * 2);
  for (let bucket = 0; bucket < count; bucket += 1) {
    const from = Math.floor((bucket * samples.length) / count);
    const to = Math.max(from + 1, Math.floor(((bucket + 1) * samples.length) / count));
    let max = 0;
    let min = 0;
    for (let i = from; i < to && i < samples.length; i += 1) {
      const sample = samples[i]!;
      if (sample > max) max = sample;
      if (sample < min) min = sample;
    }
    peaks[bucket * 2] = max;
    peaks[bucket * 2 + 1] = min;
  }
  return peaks;
}
