/** G.711 frames of stored audio (8 kHz mono 16-bit), encoded once per codec and cached. */
import alawmulaw from 'alawmulaw';

import { FRAME_SAMPLES } from './media-clock.ts';
import type { Codec } from './sdp.ts';

const { alaw, mulaw } = alawmulaw;

export function encode(codec: Codec, samples: Int16Array): Uint8Array {
  return codec === 'PCMU' ? mulaw.encode(samples) : alaw.encode(samples);
}

export function decode(codec: Codec, payload: Uint8Array): Int16Array {
  return codec === 'PCMU' ? mulaw.decode(payload) : alaw.decode(payload);
}

/** Splits samples into 20 ms frames of the codec, the last one padded with silence. */
export function frames(codec: Codec, samples: Int16Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let start = 0; start < samples.length; start += FRAME_SAMPLES) {
    const frame = new Int16Array(FRAME_SAMPLES);
    frame.set(samples.subarray(start, start + FRAME_SAMPLES));
    out.push(encode(codec, frame));
  }
  return out;
}

/** One frame of silence in the codec. */
export function silence(codec: Codec): Uint8Array {
  return encode(codec, new Int16Array(FRAME_SAMPLES));
}

/** A sine tone, for the beep before a voicemail message. */
export function tone(hz: number, ms: number, level = 8000): Int16Array {
  const samples = new Int16Array((8000 * ms) / 1000);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(level * Math.sin((2 * Math.PI * hz * i) / 8000));
  return samples;
}
