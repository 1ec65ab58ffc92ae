import { AUDIO_FORMAT, audioMessages, MAX_STORED_AUDIO_BYTES } from '@portal/contract';

/**
 * WAV files as the phone platform stores them: a 44-byte RIFF header (RIFF, fmt, data)
 * and little-endian 16-bit PCM. encodeWav writes them; decodeWav reads them back (and
 * any 16-bit PCM WAV with extra chunks, which is what recorders and tests make).
 */

export const WAV_HEADER_BYTES = 44;
const PCM = 1;
const EXTENSIBLE = 0xfffe;

/** A float sample (-1..1) as a 16-bit integer, clipped. */
export function toInt16(sample: number): number {
  const clipped = Math.max(-1, Math.min(1, Number.isNaN(sample) ? 0 : sample));
  return clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff);
}

function writeAscii(view: DataView, offset: number, text: string): void {
  for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
}

/**
 * Encodes channels of float samples (all the same length) as a 16-bit PCM WAV.
 * @example encodeWav([samples], 8000) // 44 + samples.length * 2 bytes
 */
export function encodeWav(
  channels: readonly Float32Array[],
  sampleRate: number = AUDIO_FORMAT.sampleRate,
): ArrayBuffer {
  const channelCount = channels.length;
  if (channelCount === 0) throw new Error('encodeWav needs at least one channel');
  const frames = channels[0]!.length;
  const blockAlign = channelCount * 2;
  const dataBytes = frames * blockAlign;
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  writeAscii(view, 0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(view, 8, 'WAVE');
  writeAscii(view, 12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, PCM, true);
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, 16, true);
  writeAscii(view, 36, 'data');
  view.setUint32(40, dataBytes, true);
  let offset = WAV_HEADER_BYTES;
  for (let frame = 0; frame < frames; frame += 1) {
    for (let channel = 0; channel < channelCount; channel += 1) {
      view.setInt16(offset, toInt16(channels[channel]![frame] ?? 0), true);
      offset += 2;
    }
  }
  return buffer;
}

export interface WavInfo {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Where the samples start, and how many bytes the header says they take. */
  dataOffset: number;
  dataBytes: number;
}

export class WavError extends Error {
  override readonly name = 'WavError';
  constructor(
    readonly reason: 'not-wav' | 'unsupported' | 'truncated',
    message: string,
  ) {
    super(message);
  }
}

function readAscii(view: DataView, offset: number, length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += String.fromCharCode(view.getUint8(offset + i));
  return text;
}

/** Reads the RIFF header: the fmt chunk and where the data chunk is, skipping other chunks. */
export function readWavHeader(bytes: ArrayBuffer): WavInfo {
  const view = new DataView(bytes);
  if (bytes.byteLength < 12 || readAscii(view, 0, 4) !== 'RIFF' || readAscii(view, 8, 4) !== 'WAVE') {
    throw new WavError('not-wav', 'Not a RIFF WAVE file');
  }
  let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes'> | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.byteLength) {
    const id = readAscii(view, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.byteLength) throw new WavError('truncated', 'The fmt chunk is cut short');
      let format = view.getUint16(body, true);
      if (format === EXTENSIBLE && size >= 26 && body + 26 <= bytes.byteLength)
        format = view.getUint16(body + 24, true);
      fmt = {
        format,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!fmt) throw new WavError('not-wav', 'The data chunk comes before the fmt chunk');
      return { ...fmt, dataOffset: body, dataBytes: size };
    }
    offset = body + size + (size % 2); // chunks are padded to an even length
  }
  throw new WavError(fmt ? 'truncated' : 'not-wav', 'No data chunk');
}

export interface DecodedWav {
  sampleRate: number;
  /** One array of float samples (-1..1) per channel. */
  channels: Float32Array[];
}

/** Decodes a 16-bit PCM WAV into float channels. Throws a WavError for anything else. */
export function decodeWav(bytes: ArrayBuffer): DecodedWav {
  const info = readWavHeader(bytes);
  if (info.format !== PCM || info.bitsPerSample !== 16 || info.channels < 1) {
    throw new WavError(
      'unsupported',
      `Only 16-bit PCM is read here (format ${info.format}, ${info.bitsPerSample} bits)`,
    );
  }
  if (info.dataOffset + info.dataBytes > bytes.byteLength)
    throw new WavError('truncated', 'The file ends before its data does');
  const frames = Math.floor(info.dataBytes / (2 * info.channels));
  const view = new DataView(bytes, info.dataOffset, frames * 2 * info.channels);
  const channels = Array.from({ length: info.channels }, () => new Float32Array(frames));
  let offset = 0;
  for (let frame = 0; frame < frames; frame += 1) {
    for (const channel of channels) {
      channel[frame] = view.getInt16(offset, true) / 0x8000;
      offset += 2;
    }
  }
  return { sampleRate: info.sampleRate, channels };
}

/**
 * What the server would refuse in a WAV the browser made (the same checks, the same words):
 * not the stored format, cut short, or too large. Null when it is fine.
 */
export function storedWavProblem(bytes: ArrayBuffer): string | null {
  let info: WavInfo;
  try {
    info = readWavHeader(bytes);
  } catch (error) {
    return error instanceof WavError && error.reason === 'truncated'
      ? audioMessages.truncated
      : audioMessages.wrongFormat;
  }
  const rightFormat =
    info.format === PCM &&
    info.channels === AUDIO_FORMAT.channels &&
    info.sampleRate === AUDIO_FORMAT.sampleRate &&
    info.bitsPerSample === AUDIO_FORMAT.bitsPerSample;
  if (!rightFormat) return audioMessages.wrongFormat;
  if (info.dataOffset + info.dataBytes > bytes.byteLength) return audioMessages.truncated;
  if (bytes.byteLength > MAX_STORED_AUDIO_BYTES) return audioMessages.storedTooLarge;
  return null;
}
