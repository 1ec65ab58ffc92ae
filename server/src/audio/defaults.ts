import { encodeWav, melodyMs, melodySamples, type Note } from './wav.ts';

// Arpeggios of C, A minor, F and G, up and down, an octave above middle C so that they sit in
// the telephone band (300-3,400 Hz): calm, and loops without a jump.
const chords: ReadonlyArray<readonly [number, number, number, number]> = [
  [523.25, 659.25, 783.99, 1046.5],
  [440, 523.25, 659.25, 880],
  [349.23, 440, 523.25, 698.46],
  [392, 493.88, 587.33, 783.99],
];
const NOTE_MS = 250;
const HOLD_MELODY: readonly Note[] = Array.from({ length: 2 }, () =>
  chords.flatMap(([a, b, c, d]) => [a, b, c, d, c, b, a, b].map((hz) => ({ hz, ms: NOTE_MS }))),
).flat();

/** Length of the built-in hold music, in milliseconds. */
export const DEFAULT_HOLD_MUSIC_MS = melodyMs(HOLD_MELODY);

let holdMusic: Buffer | undefined;

/**
 * The built-in hold music, an 8 kHz WAV made in code (once, then kept): what callers on hold
 * hear until the site uploads its own, and the call queue's default music.
 */
export function defaultHoldMusic(): Buffer {
  holdMusic ??= encodeWav(melodySamples(HOLD_MELODY));
  return holdMusic;
}
