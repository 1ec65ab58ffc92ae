import { createMp3Encoder } from 'wasm-media-encoders';

import { pcm16Samples, readWav } from './check.ts';

/**
 * Call recordings download as MP3 (spec 001 section 7 "Call recordings"), encoded by LAME compiled to
 * WebAssembly (docs/decisions/019). Telephone audio is 8 kHz mono: at 16 kbps an MP3 is an eighth of
 * the WAV kept for listening.
 */
export const MP3_BITRATE = 16;
export const MP3_CONTENT_TYPE = 'audio/mpeg';

/** Samples handed to the encoder at a time: about 10 s at 8 kHz, then other requests get a turn. */
const CHUNK_SAMPLES = 1152 * 70;

type Mp3Encoder = Awaited<ReturnType<typeof createMp3Encoder>>;
let encoder: Promise<Mp3Encoder> | undefined;
/** One encoder for the process, one recording at a time: each waits for the one before it. */
let queue: Promise<unknown> = Promise.resolve();

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function encodeSamples(samples: Int16Array, sampleRate: number): Promise<Buffer> {
  const lame = await (encoder ??= createMp3Encoder());
  lame.configure({ sampleRate, channels: 1, bitrate: MP3_BITRATE });
  const parts: Buffer[] = [];
  const floats = new Float32Array(CHUNK_SAMPLES);
  for (let at = 0; at < samples.length; at += CHUNK_SAMPLES) {
    const chunk = samples.subarray(at, at + CHUNK_SAMPLES);
    for (let i = 0; i < chunk.length; i++) floats[i] = (chunk[i] as number) / 32768;
    // The encoder's answer lives in its own memory until its next call: copied out at once.
    parts.push(Buffer.from(lame.encode([floats.subarray(0, chunk.length)])));
    await turn();
  }
  parts.push(Buffer.from(lame.finalize()));
  return Buffer.concat(parts);
}

/** A stored recording (16-bit mono PCM WAV) as an MP3 file, its length kept. Throws on bytes that are no such WAV. */
export function wavToMp3(wav: Buffer): Promise<Buffer> {
  const read = readWav(wav);
  if (!read.ok) return Promise.reject(new Error(`not a stored recording (${read.problem})`));
  if (read.wav.channels !== 1 || read.wav.bitsPerSample !== 16)
    return Promise.reject(new Error('not a stored recording (wrongFormat)'));
  const samples = pcm16Samples(wav, read.wav);
  const done = queue.then(() => encodeSamples(samples, read.wav.sampleRate));
  queue = done.catch(() => undefined);
  return done;
}
