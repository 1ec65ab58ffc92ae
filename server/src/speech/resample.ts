/**
 * Sample-rate conversion by a windowed-sinc (Kaiser) low-pass, evaluated per output sample
 * (polyphase: one set of taps per fractional position, cached). Used to bring eSpeak's
 * 22,050 Hz speech down to the 8 kHz telephone format without aliasing: the cut-off sits just
 * below the lower Nyquist frequency, so 22,050 -> 8,000 Hz passes up to about 3.4 kHz (the
 * telephone band) and stops everything from about 4.4 kHz at 70 dB or more.
 */

/** Zero crossings of the sinc on each side of the centre: the filter's length, and so its steepness. */
const ZERO_CROSSINGS = 16;
/** Kaiser window shape: about 70 dB of stop-band attenuation. */
const KAISER_BETA = 7;
/** Cut-off as a share of the lower Nyquist frequency. */
const CUTOFF = 0.975;

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** Modified Bessel function of the first kind, order 0 (its power series converges fast for the values here). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const quarter = (x * x) / 4;
  for (let k = 1; k < 50 && term > sum * 1e-12; k++) {
    term *= quarter / (k * k);
    sum += term;
  }
  return sum;
}

/**
 * Converts 16-bit samples from `fromRate` to `toRate` Hz, band-limited to the lower of the two.
 * @example resample(speechAt22050, 22050, 8000).length // speechAt22050.length * 8000 / 22050, rounded down
 */
export function resample(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (!Number.isInteger(fromRate) || !Number.isInteger(toRate) || fromRate <= 0 || toRate <= 0) {
    throw new Error(`Sample rates must be positive integers, not ${fromRate} and ${toRate}`);
  }
  if (fromRate === toRate) return input.slice();
  const divisor = gcd(fromRate, toRate);
  const up = toRate / divisor;
  const down = fromRate / divisor;
  // Cut-off in cycles per input sample; the kernel is as wide as ZERO_CROSSINGS of its sinc.
  const cutoff = (CUTOFF * Math.min(fromRate, toRate)) / (2 * fromRate);
  const halfWidth = Math.ceil(ZERO_CROSSINGS / (2 * cutoff));
  const taps = 2 * halfWidth;
  const windowNorm = besselI0(KAISER_BETA);
  const phases = new Map<number, Float64Array>();

  // Taps for an output sample `fraction` of an input sample after input sample i: they weigh
  // inputs i - halfWidth + 1 .. i + halfWidth, and sum to 1 so a steady level stays steady.
  const tapsFor = (phase: number): Float64Array => {
    let weights = phases.get(phase);
    if (weights) return weights;
    weights = new Float64Array(taps);
    const fraction = phase / up;
    let sum = 0;
    for (let j = 0; j < taps; j++) {
      const distance = fraction + halfWidth - 1 - j; // output time minus input time, in input samples
      const x = distance / halfWidth;
      if (Math.abs(x) >= 1) continue;
      const angle = 2 * Math.PI * cutoff * distance;
      const sinc = angle === 0 ? 1 : Math.sin(angle) / angle;
      const weight = sinc * (besselI0(KAISER_BETA * Math.sqrt(1 - x * x)) / windowNorm);
      weights[j] = weight;
      sum += weight;
    }
    for (let j = 0; j < taps; j++) weights[j] = weights[j]! / sum;
    phases.set(phase, weights);
    return weights;
  };

  const length = Math.floor((input.length * up) / down);
  const output = new Int16Array(length);
  for (let n = 0; n < length; n++) {
    const position = n * down;
    const i = Math.floor(position / up);
    const weights = tapsFor(position - i * up);
    const first = i - halfWidth + 1;
    let acc = 0;
    // Inputs before the start or past the end count as silence.
    const from = Math.max(0, -first);
    const to = Math.min(taps, input.length - first);
    for (let j = from; j < to; j++) acc += weights[j]! * input[first + j]!;
    output[n] = Math.max(-32768, Math.min(32767, Math.round(acc)));
  }
  return output;
}
