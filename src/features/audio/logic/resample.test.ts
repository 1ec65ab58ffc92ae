import { describe, expect, it } from 'vitest';

import { createResampler, resample } from './resample.ts';
import { rms } from './samples.ts';

const tone = (frequency: number, rate: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / rate),
  );

/** The level of the middle of a signal (away from the edges), in dB relative to `reference`. */
const levelDb = (samples: Float32Array, reference: number) => {
  const margin = Math.floor(samples.length / 10);
  return 20 * Math.log10(rms(samples.subarray(margin, samples.length - margin)) / reference);
};

describe('resample', () => {
  it('makes round(length * to / from) frames', () => {
    expect(resample(new Float32Array(16000), 16000, 8000)).toHaveLength(8000);
    expect(resample(new Float32Array(44100), 44100, 8000)).toHaveLength(8000);
    expect(resample(new Float32Array(1001), 16000, 8000)).toHaveLength(501);
    expect(resample(new Float32Array(0), 16000, 8000)).toHaveLength(0);
  });

  it('keeps a steady level steady (unity gain at 0 Hz)', () => {
    const out = resample(new Float32Array(4410).fill(0.25), 44100, 8000);
    for (const sample of out.subarray(100, out.length - 100)) expect(sample).toBeCloseTo(0.25, 4);
  });

  it('passes the telephone band (300-3400 Hz) within 0.5 dB', () => {
    const reference = 0.5 / Math.SQRT2;
    for (const from of [16000, 44100, 48000]) {
      for (const frequency of [300, 1000, 2000, 3000, 3400]) {
        expect(Math.abs(levelDb(resample(tone(frequency, from, 0.5), from, 8000), reference))).toBeLessThan(0.5);
      }
    }
  });

  it('keeps a tone at its frequency (the samples line up with a sine at the new rate)', () => {
    const out = resample(tone(1000, 48000, 0.25), 48000, 8000);
    const expected = tone(1000, 8000, 0.25);
    for (let i = 200; i < out.length - 200; i += 1) expect(out[i]).toBeCloseTo(expected[i]!, 2);
  });

  it('removes what the lower rate cannot carry instead of folding it back (at least 60 dB)', () => {
    const reference = 0.5 / Math.SQRT2;
    for (const from of [16000, 44100, 48000]) {
      for (const frequency of [4200, 5000, 6000, 7000]) {
        expect(levelDb(resample(tone(frequency, from, 0.5), from, 8000), reference)).toBeLessThan(-60);
      }
    }
  });

  it('converts in slices exactly as in one go', () => {
    const input = tone(440, 44100, 0.3);
    const whole = resample(input, 44100, 8000);
    const resampler = createResampler(input, 44100, 8000);
    const sliced = new Float32Array(resampler.length);
    for (let from = 0; from < resampler.length; from += 333) resampler.run(from, from + 333, sliced);
    expect(sliced).toEqual(whole);
  });

  it('also converts up, band-limited to the lower rate', () => {
    const out = resample(tone(1000, 8000, 0.5), 8000, 16000);
    expect(out).toHaveLength(16000 * 0.5);
    expect(Math.abs(levelDb(out, 0.5 / Math.SQRT2))).toBeLessThan(0.5);
  });

  it('refuses rates that are not positive integers', () => {
    expect(() => resample(new Float32Array(10), 0, 8000)).toThrow();
    expect(() => resample(new Float32Array(10), 16000.5, 8000)).toThrow();
  });
});
