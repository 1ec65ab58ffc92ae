import { describe, expect, it, vi } from 'vitest';

import { AUDIO_FORMAT } from '@portal/contract';

import { toStoredWav, type DecodedAudio } from './convert.ts';
import { rms } from './samples.ts';
import { decodeWav, readWavHeader, storedWavProblem } from './wav.ts';
import { readFile } from './web-audio.ts';

const tone = (frequency: number, rate: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / rate),
  );

function decoded(channels: Float32Array[], sampleRate: number): DecodedAudio {
  return { sampleRate, channels, duration: channels[0]!.length / sampleRate };
}

// jsdom's Blob has no arrayBuffer(); FileReader is what it offers.
const bytesOf = (blob: Blob) => readFile(blob, () => undefined);

describe('toStoredWav', () => {
  it('saves exactly the kept range as 8 kHz 16-bit mono PCM', async () => {
    const audio = decoded([tone(440, 16000, 3)], 16000);
    const stored = await toStoredWav(audio, { start: 0.5, end: 2.25 });
    const bytes = await bytesOf(stored.wav);
    expect(stored.wav.type).toBe(AUDIO_FORMAT.contentType);
    expect(storedWavProblem(bytes)).toBeNull();
    const header = readWavHeader(bytes);
    expect(header).toMatchObject({ format: 1, channels: 1, sampleRate: 8000, bitsPerSample: 16, dataOffset: 44 });
    expect(header.dataBytes).toBe(1.75 * 8000 * 2);
    expect(stored.durationMs).toBe(1750);
  });

  it('mixes a stereo take to mono and converts from 44.1 kHz', async () => {
    const left = tone(1000, 44100, 1, 0.8);
    const right = new Float32Array(left.length); // silent: the mix is half the left
    const stored = await toStoredWav(decoded([left, right], 44100), { start: 0, end: 1 });
    const { channels, sampleRate } = decodeWav(await bytesOf(stored.wav));
    expect(sampleRate).toBe(8000);
    expect(channels).toHaveLength(1);
    expect(channels[0]).toHaveLength(8000);
    expect(rms(channels[0]!.subarray(1000, 7000))).toBeCloseTo(0.4 / Math.SQRT2, 2);
  });

  it('cuts where the range says: the silence before the kept part is gone', async () => {
    const rate = 16000;
    const samples = new Float32Array(rate * 2);
    samples.set(tone(500, rate, 1), rate); // silent first second, tone in the second
    const stored = await toStoredWav(decoded([samples], rate), { start: 1, end: 2 });
    const out = decodeWav(await bytesOf(stored.wav)).channels[0]!;
    expect(out).toHaveLength(8000);
    expect(rms(out.subarray(100, 1000))).toBeGreaterThan(0.3);
  });

  it('ramps the edges so a cut does not click', async () => {
    const loud = new Float32Array(16000).fill(0.5);
    const out = decodeWav(await bytesOf((await toStoredWav(decoded([loud], 16000), { start: 0, end: 1 })).wav))
      .channels[0]!;
    expect(out[0]).toBe(0);
    expect(out[out.length - 1]).toBe(0);
    expect(out[4000]).toBeCloseTo(0.5, 3);
  });

  it('takes audio already at 8 kHz as it is', async () => {
    const samples = tone(300, 8000, 1);
    const out = decodeWav(await bytesOf((await toStoredWav(decoded([samples], 8000), { start: 0, end: 1 })).wav))
      .channels[0]!;
    expect(out[4000]).toBeCloseTo(samples[4000]!, 3);
  });

  it('reports progress up to 1, yielding between slices of a long take', async () => {
    const progress: number[] = [];
    await toStoredWav(
      decoded([new Float32Array(16000 * 20)], 16000),
      { start: 0, end: 20 },
      { onProgress: (f) => progress.push(f) },
    );
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const onProgress = vi.fn(() => controller.abort());
    const converting = toStoredWav(
      decoded([new Float32Array(16000 * 20)], 16000),
      { start: 0, end: 20 },
      { onProgress, signal: controller.signal },
    );
    await expect(converting).rejects.toMatchObject({ name: 'AbortError' });
    expect(onProgress).toHaveBeenCalledTimes(1);
  });
});
