/**
 * Sample-rate conversion with a band-limiting filter (a Kaiser-windowed sinc, polyphase).
 *
 * Why not Web Audio: Chromium renders an AudioBuffer into an OfflineAudioContext of a lower
 * rate by interpolation with no low-pass at all (measured: a 6 kHz tone rendered at 8 kHz
 * comes out at full level, folded to 2 kHz), and decodeAudioData straight to 8 kHz droops
 * (-3.6 dB at 3 kHz) while still letting 5 kHz through at -16 dB. Decoding to 16 kHz is
 * flat to 3.8 kHz, so the app decodes there and this filter makes the last step.
 */

/** The filter keeps this fraction of the lower rate's Nyquist band untouched ... */
const PASS_FRACTION = 0.85;
/** ... and rejects everything from here on (the lower rate's Nyquist frequency). */
const STOP_FRACTION = 1;
/** Stopband attenuation the window is designed for, in dB. */
const ATTENUATION_DB = 70;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Zeroth-order modified Bessel function of the first kind (for the Kaiser window). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const half = x / 2;
  for (let k = 1; k < 50; k += 1) {
    term *= (half / k) * (half / k);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const pix = Math.PI * x;
  return Math.sin(pix) / pix;
}

export interface Resampler {
  /** Frames the output has. */
  readonly length: number;
  /** Writes output frames [from, to) into `out` at the same indices. */
  run(from: number, to: number, out: Float32Array): void;
}

/**
 * A converter from `fromRate` to `toRate` over `input`, computed in slices (so a long file
 * can be converted between frames of the page). The output has
 * round(input.length * toRate / fromRate) frames; frame n sits at input time n / toRate.
 * @example const r = createResampler(samples, 16000, 8000); const out = new Float32Array(r.length); r.run(0, r.length, out);
 */
export function createResampler(input: Float32Array, fromRate: number, toRate: number): Resampler {
  if (!(fromRate > 0 && toRate > 0) || !Number.isInteger(fromRate) || !Number.isInteger(toRate)) {
    throw new Error(`Sample rates must be positive integers (${fromRate} -> ${toRate})`);
  }
  const length = Math.round((input.length * toRate) / fromRate);
  const divisor = gcd(fromRate, toRate);
  const step = fromRate / divisor; // input frames per `phases` output frames
  const phases = toRate / divisor;

  // Cut-off and transition band, as fractions of the input rate.
  const nyquist = Math.min(fromRate, toRate) / 2;
  const cutoff = ((PASS_FRACTION + STOP_FRACTION) / 2) * (nyquist / fromRate);
  const transition = (STOP_FRACTION - PASS_FRACTION) * (nyquist / fromRate);
  const beta = 0.1102 * (ATTENUATION_DB - 8.7);
  const taps = Math.ceil((ATTENUATION_DB - 8) / (2.285 * 2 * Math.PI * transition)) + 1;
  const half = Math.ceil(taps / 2);
  const i0Beta = besselI0(beta);

  // One set of weights per phase (the fractional input position), made when first needed.
  const bank = new Map<number, Float32Array>();
  const weightsFor = (phase: number): Float32Array => {
    let weights = bank.get(phase);
    if (weights) return weights;
    weights = new Float32Array(2 * half);
    const fraction = phase / phases;
    let sum = 0;
    for (let k = 0; k < 2 * half; k += 1) {
      const t = k - half + 1 - fraction; // distance from the output position, in input frames
      const ratio = t / half;
      const window = Math.abs(ratio) >= 1 ? 0 : besselI0(beta * Math.sqrt(1 - ratio * ratio)) / i0Beta;
      const weight = 2 * cutoff * sinc(2 * cutoff * t) * window;
      weights[k] = weight;
      sum += weight;
    }
    // Unity gain at 0 Hz in every phase, so silence and steady levels stay put.
    if (sum !== 0) for (let k = 0; k < weights.length; k += 1) weights[k]! /= sum;
    bank.set(phase, weights);
    return weights;
  };

  const run = (from: number, to: number, out: Float32Array) => {
    const last = input.length - 1;
    for (let n = Math.max(0, from); n < Math.min(to, length); n += 1) {
      const position = n * step; // in units of 1 / phases input frames
      const base = Math.floor(position / phases);
      const weights = weightsFor(position % phases);
      const first = base - half + 1;
      let acc = 0;
      if (first >= 0 && first + weights.length - 1 <= last) {
        for (let k = 0; k < weights.length; k += 1) acc += weights[k]! * input[first + k]!;
      } else {
        // Near the ends: frames outside the input are silence.
        for (let k = 0; k < weights.length; k += 1) {
          const index = first + k;
          if (index >= 0 && index <= last) acc += weights[k]! * input[index]!;
        }
      }
      out[n] = acc;
    }
  };

  return { length, run };
}

/** Converts all of `input` at once (tests, short takes). */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  const resampler = createResampler(input, fromRate, toRate);
  const out = new Float32Array(resampler.length);
  resampler.run(0, resampler.length, out);
  return out;
}
