import type { DecodedAudio } from './convert.ts';
import { levelFromRms, rms } from './samples.ts';

/**
 * The browser's audio machinery, kept thin: decoding, the microphone level and reading a
 * file with progress. Everything that can be a plain function is in samples.ts,
 * resample.ts, wav.ts and convert.ts, where it is tested.
 */

/**
 * The rate takes are decoded at: twice the stored 8 kHz, so the browser's own resampler
 * (flat to 3.8 kHz at this rate in Chromium) leaves the telephone band alone and
 * resample.ts makes the last, band-limited step. It also keeps a long file's samples
 * small (a 10-minute stereo file is 77 MB of floats here, 230 MB at 48 kHz).
 */
export const DECODE_SAMPLE_RATE = 16_000;

type OfflineContextConstructor = new (channels: number, length: number, sampleRate: number) => OfflineAudioContext;

function offlineContext(): OfflineContextConstructor | undefined {
  const scope = globalThis as {
    OfflineAudioContext?: OfflineContextConstructor;
    webkitOfflineAudioContext?: OfflineContextConstructor;
  };
  return scope.OfflineAudioContext ?? scope.webkitOfflineAudioContext;
}

/**
 * Decodes any audio the browser can play (WAV, MP3, AAC, Ogg, ...) to float samples at
 * DECODE_SAMPLE_RATE. Rejects when the bytes are not audio the browser understands.
 */
export async function decodeAudio(bytes: ArrayBuffer): Promise<DecodedAudio> {
  const Context = offlineContext();
  if (!Context) throw new Error('This browser cannot decode audio');
  const context = new Context(1, 1, DECODE_SAMPLE_RATE);
  // decodeAudioData detaches the buffer it is given; the caller may still need its bytes.
  const buffer = await context.decodeAudioData(bytes.slice(0));
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, index) => buffer.getChannelData(index));
  return { sampleRate: buffer.sampleRate, channels, duration: buffer.length / buffer.sampleRate };
}

export interface LevelMeter {
  /** The microphone level now, 0-100 (see levelFromRms). */
  read(): number;
  close(): void;
}

/** Listens to a microphone stream (without playing it) and answers its level on demand. */
export function openLevelMeter(stream: MediaStream): LevelMeter {
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  source.connect(analyser);
  const block = new Float32Array(analyser.fftSize);
  // A context made after an await may start suspended; the level needs it running.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return {
    read() {
      analyser.getFloatTimeDomainData(block);
      return levelFromRms(rms(block));
    },
    close() {
      source.disconnect();
      void context.close().catch(() => undefined);
    },
  };
}

/** Reads a file into memory, telling how far it has got (0..1). */
export function readFile(
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    const abort = () => reader.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    reader.onload = () => {
      done();
      onProgress(1);
      resolve(reader.result as ArrayBuffer);
    };
    reader.onerror = () => {
      done();
      reject(reader.error ?? new Error('The file could not be read'));
    };
    reader.onabort = () => {
      done();
      reject(new DOMException('Reading the file was cancelled', 'AbortError'));
    };
    reader.readAsArrayBuffer(file);
  });
}
