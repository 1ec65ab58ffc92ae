import { describe, expect, it } from 'vitest';

import { resample } from './resample.ts';

function sine(hz: number, rate: number, seconds: number, amplitude = 10_000): Int16Array {
  const samples = new Int16Array(Math.round(rate * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate));
  return samples;
}

/** Level relative to a full-amplitude sine of 10,000, in dB, away from the edges. */
function levelDb(samples: Int16Array): number {
  let sum = 0;
  const from = 100;
  const to = samples.length - 100;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return 20 * Math.log10(Math.sqrt(sum / (to - from)) / (10_000 / Math.SQRT2));
}

describe('resample', () => {
  it("brings eSpeak's 22,050 Hz down to 8 kHz: the telephone band passes, nothing folds back into it", () => {
    for (const hz of [300, 1000, 2000, 3000, 3400]) {
      const out = resample(sine(hz, 22_050, 0.5), 22_050, 8000);
      expect(out.length).toBe(4000);
      expect(Math.abs(levelDb(out)), `${hz} Hz passes`).toBeLessThan(0.1);
    }
    // Above 4 kHz a plain decimation would fold these to 3.5, 3, 2 and 1 kHz.
    for (const hz of [4500, 5000, 6000, 7000]) {
      expect(levelDb(resample(sine(hz, 22_050, 0.5), 22_050, 8000)), `${hz} Hz is stopped`).toBeLessThan(-60);
    }
  });

  it('keeps the length in time for other rates, up and down, and copies same-rate input', () => {
    expect(resample(new Int16Array(44_100), 44_100, 8000).length).toBe(8000);
    expect(resample(new Int16Array(48_000), 48_000, 8000).length).toBe(8000);
    const up = resample(sine(1000, 8000, 0.5), 8000, 16_000);
    expect(up.length).toBe(8000);
    expect(Math.abs(levelDb(up))).toBeLessThan(0.1);
    const same = sine(440, 8000, 0.1);
    expect(resample(same, 8000, 8000)).toEqual(same);
    expect(resample(new Int16Array(0), 22_050, 8000)).toEqual(new Int16Array(0));
    expect(() => resample(same, 0, 8000)).toThrow();
  });

  it('clips overshoot at full scale instead of wrapping around', () => {
    // A full-scale square wave, 40 samples a period: the low-pass rings above full scale on each plateau.
    const period = 40;
    const square = new Int16Array(22_050).map((_, i) => (Math.floor(i / (period / 2)) % 2 ? -32768 : 32767));
    const out = resample(square, 22_050, 8000);
    expect(Math.max(...out)).toBe(32767);
    for (let n = 50; n < out.length - 50; n++) {
      const phase = ((n * 22_050) / 8000) % period;
      // Well inside a high plateau the output is high; a wrap-around would make it negative.
      if (phase > 5 && phase < period / 2 - 5) expect(out[n], `sample ${n}`).toBeGreaterThan(20_000);
    }
  });
});
