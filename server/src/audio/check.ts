import {
  AUDIO_BYTES_PER_SECOND,
  AUDIO_FORMAT,
  audioMessages,
  MAX_GREETING_SECONDS,
  MAX_HOLD_MUSIC_SECONDS,
  MAX_STORED_AUDIO_BYTES,
  MIN_AUDIO_MS,
} from '@portal/contract';

import { wavHeader } from './wav.ts';

/** What the `fmt ` and `data` chunks of a RIFF/WAVE file say. */
export interface WavInfo {
  /** 1 for PCM. */
  formatTag: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
  /** Where the samples start, and how many bytes of them there are. */
  dataOffset: number;
  dataBytes: number;
}

export type WavProblem = 'notAudio' | 'empty' | 'truncated' | 'wrongFormat';
export type WavReading = { ok: true; wav: WavInfo } | { ok: false; problem: WavProblem };

const ascii = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);

/**
 * Reads a RIFF/WAVE header by walking its chunks (any order, any others skipped) to the
 * `fmt ` and `data` chunks. Says nothing about which format is acceptable: see checkAudio.
 * @example readWav(encodeWav(new Int16Array(8000))) // { ok: true, wav: { sampleRate: 8000, dataBytes: 16000, ... } }
 */
export function readWav(bytes: Uint8Array): WavReading {
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  if (bytes.length < 12)
    return { ok: false, problem: bytes.length >= 4 && ascii(bytes, 0) === 'RIFF' ? 'truncated' : 'notAudio' };
  const riff = ascii(bytes, 0);
  const wave = ascii(bytes, 8);
  // Big-endian (RIFX) and 64-bit (RF64) WAV files are WAV, just not one the phone platform plays.
  if ((riff === 'RIFX' || riff === 'RF64') && wave === 'WAVE') return { ok: false, problem: 'wrongFormat' };
  if (riff !== 'RIFF' || wave !== 'WAVE') return { ok: false, problem: 'notAudio' };

  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Omit<WavInfo, 'dataOffset' | 'dataBytes'> | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16) return { ok: false, problem: 'notAudio' };
      if (body + size > bytes.length) return { ok: false, problem: 'truncated' };
      format = {
        formatTag: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        byteRate: view.getUint32(body + 8, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      // The samples need the format, which must come first.
      if (!format) return { ok: false, problem: 'notAudio' };
      if (size === 0) return { ok: false, problem: 'empty' };
      if (body + size > bytes.length) return { ok: false, problem: 'truncated' };
      return { ok: true, wav: { ...format, dataOffset: body, dataBytes: size } };
    }
    // Chunks are padded to an even length.
    offset = body + size + (size % 2);
  }
  // The chunks ran out: half a chunk header, or a chunk that claims more bytes than there are, is a cut-off file.
  if (offset !== bytes.length) return { ok: false, problem: 'truncated' };
  return { ok: false, problem: format ? 'empty' : 'notAudio' };
}

/** The samples of a 16-bit PCM WAV read by readWav. */
export function pcm16Samples(bytes: Uint8Array, wav: WavInfo): Int16Array {
  const samples = new Int16Array(Math.floor(wav.dataBytes / 2));
  const view = new DataView(bytes.buffer, bytes.byteOffset + wav.dataOffset, samples.length * 2);
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true);
  return samples;
}

/** The longest audio of a kind, and what to say when it is longer. */
export function lengthLimitOf(kind: string): { seconds: number; message: string } {
  return kind === 'hold_music'
    ? { seconds: MAX_HOLD_MUSIC_SECONDS, message: audioMessages.holdMusicTooLong }
    : { seconds: MAX_GREETING_SECONDS, message: audioMessages.greetingTooLong };
}

export type CheckedAudio =
  { ok: true; wav: Buffer; durationMs: number } | { ok: false; status: 400 | 413; message: string };

const refuse = (message: string, status: 400 | 413 = 400): CheckedAudio => ({ ok: false, status, message });

/**
 * Checks audio a customer gives before anything is stored: a PCM WAV in AUDIO_FORMAT, complete,
 * at least MIN_AUDIO_MS and at most the limit of its kind, and no larger than
 * MAX_STORED_AUDIO_BYTES. Answers the file to store, rewritten with the plain 44-byte header
 * (other chunks dropped), or the message of the first rule it breaks. The length comes before
 * the size, as the more useful message: hold music over its limit is always over the size too.
 * (Over HTTP the upload parser stops a file at MAX_STORED_AUDIO_BYTES first: see UPLOAD_LIMITS.)
 */
export function checkAudio(bytes: Uint8Array, kind: string): CheckedAudio {
  const reading = readWav(bytes);
  if (!reading.ok) return refuse(audioMessages[reading.problem]);
  const { wav } = reading;
  const blockAlign = (AUDIO_FORMAT.channels * AUDIO_FORMAT.bitsPerSample) / 8;
  if (
    wav.formatTag !== 1 ||
    wav.channels !== AUDIO_FORMAT.channels ||
    wav.sampleRate !== AUDIO_FORMAT.sampleRate ||
    wav.bitsPerSample !== AUDIO_FORMAT.bitsPerSample ||
    wav.blockAlign !== blockAlign ||
    wav.byteRate !== AUDIO_BYTES_PER_SECOND
  ) {
    return refuse(audioMessages.wrongFormat);
  }
  // Half a sample at the end: the file was cut off mid-write.
  if (wav.dataBytes % blockAlign !== 0) return refuse(audioMessages.truncated);
  const durationMs = Math.round((wav.dataBytes * 1000) / AUDIO_BYTES_PER_SECOND);
  if (durationMs < MIN_AUDIO_MS) return refuse(audioMessages.tooShort);
  const limit = lengthLimitOf(kind);
  if (wav.dataBytes > limit.seconds * AUDIO_BYTES_PER_SECOND) return refuse(limit.message);
  if (bytes.length > MAX_STORED_AUDIO_BYTES) return refuse(audioMessages.storedTooLarge, 413);
  const data = bytes.subarray(wav.dataOffset, wav.dataOffset + wav.dataBytes);
  return { ok: true, wav: Buffer.concat([wavHeader(wav.dataBytes, AUDIO_FORMAT.sampleRate), data]), durationMs };
}
