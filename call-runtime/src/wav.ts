/** The portal's stored audio format (contract's AUDIO_FORMAT: 8 kHz mono 16-bit PCM WAV) in and out. */
import { AUDIO_FORMAT } from '@portal/contract';

/** The samples of a WAV file in AUDIO_FORMAT, or null for any other file. */
export function decodeWav(bytes: Buffer): Int16Array | null {
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE')
    return null;
  let offset = 12;
  let format: { channels: number; rate: number; bits: number; codec: number } | null = null;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= bytes.length) {
      format = {
        codec: bytes.readUInt16LE(body),
        channels: bytes.readUInt16LE(body + 2),
        rate: bytes.readUInt32LE(body + 4),
        bits: bytes.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (
        !format ||
        format.codec !== 1 ||
        format.channels !== AUDIO_FORMAT.channels ||
        format.rate !== AUDIO_FORMAT.sampleRate ||
        format.bits !== AUDIO_FORMAT.bitsPerSample
      )
        return null;
      const end = Math.min(bytes.length, body + size);
      const samples = new Int16Array(Math.floor((end - body) / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(body + i * 2);
      return samples;
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/** Samples as a WAV file in AUDIO_FORMAT. */
export function encodeWav(samples: Int16Array): Buffer {
  const wav = Buffer.alloc(44 + samples.length * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples.length * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(AUDIO_FORMAT.sampleRate, 24);
  wav.writeUInt32LE(AUDIO_FORMAT.sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) wav.writeInt16LE(samples[i] as number, 44 + i * 2);
  return wav;
}
