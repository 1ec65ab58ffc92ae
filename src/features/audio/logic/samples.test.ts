import { describe, expect, it } from 'vitest';

import { fadeEdges, frameRange, levelFromRms, METER_FLOOR_DB, mixToMono, rms, waveformPeaks } from './samples.ts';

describe('frameRange', () => {
  it('turns seconds into frames, clamped to the audio', () => {
    expect(frameRange(0.5, 1.5, 16000, 32000)).toEqual({ start: 8000, end: 24000 });
    expect(frameRange(-1, 99, 16000, 32000)).toEqual({ start: 0, end: 32000 });
    expect(frameRange(1.5, 0.5, 16000, 32000)).toEqual({ start: 24000, end: 24000 });
  });

  it('rounds to the nearest frame', () => {
    expect(frameRange(0.00004, 0.00007, 16000, 100)).toEqual({ start: 1, end: 1 });
  });
});

describe('mixToMono', () => {
  it('averages the channels over the range', () => {
    const left = Float32Array.from([1, 1, 0.5, 0]);
    const right = Float32Array.from([0, -1, 0.5, 1]);
    expect(Array.from(mixToMono([left, right]))).toEqual([0.5, 0, 0.5, 0.5]);
    expect(Array.from(mixToMono([left, right], { start: 1, end: 3 }))).toEqual([0, 0.5]);
  });

  it('copies a single channel rather than sharing it', () => {
    const only = Float32Array.from([0.1, 0.2, 0.3]);
    const mono = mixToMono([only], { start: 1, end: 3 });
    expect(Array.from(mono)).toEqual([only[1], only[2]]);
    mono[0] = 9;
    expect(only[1]).toBeCloseTo(0.2);
  });

  it('answers nothing for no channels', () => {
    expect(mixToMono([])).toHaveLength(0);
  });
});

describe('fadeEdges', () => {
  it('ramps the first and last milliseconds and keeps the length', () => {
    const samples = new Float32Array(1000).fill(1);
    fadeEdges(samples, 8000, 5); // 40 frames each end
    expect(samples).toHaveLength(1000);
    expect(samples[0]).toBe(0);
    expect(samples[999]).toBe(0);
    expect(samples[20]).toBeCloseTo(0.5);
    expect(samples[40]).toBe(1);
    expect(samples[500]).toBe(1);
  });

  it('fades each half of a very short take once', () => {
    const samples = new Float32Array(10).fill(1);
    fadeEdges(samples, 8000, 5);
    expect(Array.from(samples, (value) => Math.round(value * 10) / 10)).toEqual([
      0, 0.2, 0.4, 0.6, 0.8, 0.8, 0.6, 0.4, 0.2, 0,
    ]);
  });
});

describe('rms and levelFromRms', () => {
  it('measures the RMS of a block', () => {
    expect(rms([])).toBe(0);
    expect(rms(new Float32Array(64))).toBe(0);
    expect(rms([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
    const sine = Float32Array.from({ length: 4800 }, (_, i) => Math.sin((2 * Math.PI * 1000 * i) / 48000));
    expect(rms(sine)).toBeCloseTo(Math.SQRT1_2, 3);
  });

  it('reads 0 at the floor and below, 100 at full scale, on a dB scale between', () => {
    expect(levelFromRms(0)).toBe(0);
    expect(levelFromRms(-1)).toBe(0);
    expect(levelFromRms(Number.NaN)).toBe(0);
    expect(levelFromRms(10 ** (METER_FLOOR_DB / 20))).toBe(0);
    expect(levelFromRms(1e-6)).toBe(0);
    expect(levelFromRms(1)).toBe(100);
    expect(levelFromRms(2)).toBe(100);
    expect(levelFromRms(0.1)).toBe(67); // -20 dBFS
    expect(levelFromRms(0.001 * Math.sqrt(10))).toBe(17); // -50 dBFS
  });
});

describe('waveformPeaks', () => {
  it('gives each bucket its highest and lowest sample', () => {
    const samples = Float32Array.from([0.1, -0.2, 0.3, -0.4, 0.9, 0, 0, -1]);
    expect(Array.from(waveformPeaks(samples, 2))).toEqual([
      0.30000001192092896, -0.4000000059604645, 0.8999999761581421, -1,
    ]);
  });

  it('never makes more buckets than samples', () => {
    expect(waveformPeaks(Float32Array.from([0.5, -0.5]), 100)).toHaveLength(4);
    expect(waveformPeaks(new Float32Array(0), 10)).toHaveLength(2);
  });
});
