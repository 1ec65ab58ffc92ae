/** WAV files made in code: the demo greetings are short tone melodies a browser can play. */

export const WAV_SAMPLE_RATE = 8000;

/** A note of a melody: its frequency in Hz (0 for a rest) and length in milliseconds. */
export interface Note {
  hz: number;
  ms: number;
}

/** The 44-byte header of a 16-bit mono PCM WAV file with `dataBytes` bytes of samples. */
export function wavHeader(dataBytes: number, sampleRate = WAV_SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** 16-bit mono PCM samples as a WAV file (RIFF, 44-byte header). */
export function encodeWav(samples: Int16Array, sampleRate = WAV_SAMPLE_RATE): Buffer {
  const wav = Buffer.alloc(44 + samples.length * 2);
  wavHeader(samples.length * 2, sampleRate).copy(wav, 0);
  for (let i = 0; i < samples.length; i++) wav.writeInt16LE(samples[i] as number, 44 + i * 2);
  return wav;
}

/** Samples of a melody: sine tones with a short fade in and out, so notes do not click. */
export function melodySamples(notes: readonly Note[], sampleRate = WAV_SAMPLE_RATE): Int16Array {
  const total = notes.reduce((n, note) => n + Math.round((note.ms * sampleRate) / 1000), 0);
  const samples = new Int16Array(total);
  const fade = Math.round(sampleRate * 0.01);
  let offset = 0;
  for (const note of notes) {
    const length = Math.round((note.ms * sampleRate) / 1000);
    for (let i = 0; i < length && note.hz > 0; i++) {
      const envelope = Math.min(1, i / fade, (length - 1 - i) / fade);
      // Rounded to whole samples: the same bytes on every run and machine.
      samples[offset + i] = Math.round(0.3 * 32767 * envelope * Math.sin((2 * Math.PI * note.hz * i) / sampleRate));
    }
    offset += length;
  }
  return samples;
}

/** Length of a melody in milliseconds. */
export function melodyMs(notes: readonly Note[]): number {
  return notes.reduce((n, note) => n + note.ms, 0);
}
