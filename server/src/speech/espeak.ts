import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import { AUDIO_FORMAT, type TtsVoice } from '@portal/contract';

import { pcm16Samples, readWav } from '../audio/check.ts';
import { encodeWav } from '../audio/wav.ts';
import { serverRoot } from '../paths.ts';
import type { SpeechEngine } from './engine.ts';
import { resample } from './resample.ts';

/**
 * eSpeak NG voices: British English ('en' is gmw/en, English (Great Britain)), the female one
 * its f3 variant. ('en-gb+f3' would silently drop the variant: the language lookup of en-gb
 * does not take one.)
 */
export const ESPEAK_VOICES: Record<TtsVoice, string> = { female: 'en+f3', male: 'en' };

/** A synthesis that takes longer than this has hung: the worker is replaced. */
const SYNTHESIS_TIMEOUT_MS = 30_000;

interface Job {
  resolve(wav: Uint8Array): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * eSpeak NG (the `espeak-ng` package, WebAssembly) in a worker thread, so a long text does not
 * stall the server. It answers 22,050 Hz mono WAV, resampled here to AUDIO_FORMAT.
 */
export class EspeakEngine implements SpeechEngine {
  readonly name = 'espeak-ng/en';
  readonly maxConcurrent = 1;
  private worker: Worker | null = null;
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;

  constructor(private readonly timeoutMs = SYNTHESIS_TIMEOUT_MS) {}

  async synthesize(text: string, voice: TtsVoice): Promise<Buffer> {
    return toTelephoneWav(await this.run(ESPEAK_VOICES[voice], text));
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.fail(new Error('The speech engine was closed.'));
    await worker?.terminate();
  }

  private run(voice: string, text: string): Promise<Uint8Array> {
    const worker = this.workerOf();
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(new Error(`eSpeak NG took longer than ${this.timeoutMs} ms`));
        void worker.terminate();
      }, this.timeoutMs);
      this.jobs.set(id, { resolve, reject, timer });
      worker.postMessage({ id, voice, text });
    });
  }

  private workerOf(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(join(serverRoot, 'src', 'speech', 'espeak-worker.mjs'));
    // An idle worker must not keep the process alive.
    worker.unref();
    worker.on('message', (message: { id: number; wav?: Uint8Array; error?: string }) => {
      const job = this.jobs.get(message.id);
      if (!job) return;
      this.jobs.delete(message.id);
      clearTimeout(job.timer);
      if (message.wav) job.resolve(message.wav);
      else job.reject(new Error(message.error ?? 'eSpeak NG failed'));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.fail(new Error('The eSpeak NG worker stopped.'));
    });
    this.worker = worker;
    return worker;
  }

  /** Rejects every job in hand and forgets the worker; the next synthesis starts a new one. */
  private fail(error: Error) {
    this.worker = null;
    for (const job of this.jobs.values()) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    this.jobs.clear();
  }
}

/** A 16-bit mono PCM WAV at any rate, as a WAV in AUDIO_FORMAT. */
export function toTelephoneWav(bytes: Uint8Array): Buffer {
  const reading = readWav(bytes);
  if (!reading.ok) throw new Error(`The speech engine answered no usable WAV (${reading.problem})`);
  const { wav } = reading;
  if (wav.formatTag !== 1 || wav.channels !== 1 || wav.bitsPerSample !== 16) {
    throw new Error(
      `The speech engine answered ${wav.channels}-channel ${wav.bitsPerSample}-bit audio (format ${wav.formatTag})`,
    );
  }
  return encodeWav(
    resample(pcm16Samples(bytes, wav), wav.sampleRate, AUDIO_FORMAT.sampleRate),
    AUDIO_FORMAT.sampleRate,
  );
}
