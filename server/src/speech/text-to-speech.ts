import { createHash } from 'node:crypto';

import { audioMessages, cleanTtsText, MAX_TTS_TEXT_LENGTH, type TtsVoice } from '@portal/contract';

import type { AudioStorage } from '../audio/storage.ts';
import type { SpeechEngine } from './engine.ts';
import type { SpeechCacheRepository } from './speech-cache-repository.ts';

/** The cache's index (shared by every process on the database), its size, and the clock. */
export interface SpeechCacheOptions {
  index: SpeechCacheRepository;
  maxBytes: number;
  now: () => Date;
  /** Told of a failed index update or eviction (the speech itself is still answered). */
  onError?: (error: unknown) => void;
}

/** Syntheses that may wait for the engine; more than this answers "busy". */
const MAX_WAITING = 16;

/** Too many syntheses are waiting already: the caller should try again shortly. */
export class SpeechBusyError extends Error {
  constructor() {
    super('Text to speech is busy. Try again in a moment.');
  }
}

/**
 * Text to speech for the routes: the engine's audio, cached in the audio storage by a SHA-256
 * of (engine, voice, text) so a repeated request never runs the engine again (and every server
 * process sharing the storage shares the cache), with identical requests in flight sharing one
 * synthesis, and at most `engine.maxConcurrent` syntheses running at once. With `cache`, the
 * cache's entries are indexed in the database and the least recently used go past `cache.maxBytes`.
 */
export class TextToSpeech {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(
    readonly engine: SpeechEngine,
    private readonly storage: AudioStorage,
    private readonly maxWaiting = MAX_WAITING,
    private readonly cache?: SpeechCacheOptions,
  ) {}

  /** Where the audio for these words in this voice is cached. */
  cacheKey(text: string, voice: TtsVoice): string {
    const digest = createHash('sha256').update(`${this.engine.name}\n${voice}\n${text}`).digest('hex');
    return `tts-cache/${digest}.wav`;
  }

  /** The words as a WAV file in AUDIO_FORMAT. Throws SpeechBusyError when too many wait, or the engine's error. */
  async speak(rawText: string, voice: TtsVoice): Promise<Buffer> {
    const text = cleanTtsText(rawText);
    // The routes' schemas check this first; here it guards every other caller.
    if (text.length === 0) throw new Error(audioMessages.ttsEmpty);
    if (text.length > MAX_TTS_TEXT_LENGTH) throw new Error(audioMessages.ttsTooLong);
    const key = this.cacheKey(text, voice);
    const cached = await this.storage.get(key);
    if (cached) {
      // Its last use, for eviction; a failure costs only the order of eviction.
      if (this.cache)
        await this.cache.index
          .touch(key, cached.length, this.cache.now())
          .catch((error: unknown) => this.cache?.onError?.(error));
      return cached;
    }
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.synthesize(key, text, voice).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async synthesize(key: string, text: string, voice: TtsVoice): Promise<Buffer> {
    await this.acquire();
    let wav: Buffer;
    try {
      wav = await this.engine.synthesize(text, voice);
    } finally {
      this.release();
    }
    // A full disk fails here (ENOSPC, or the database's disk_full): nothing is cached, the route answers 507.
    await this.storage.put(key, wav);
    if (this.cache) await this.indexAndEvict(key, wav.length, this.cache);
    return wav;
  }

  /** Records the new entry, then removes the least recently used ones the cache no longer has room for. */
  private async indexAndEvict(key: string, sizeBytes: number, cache: SpeechCacheOptions): Promise<void> {
    try {
      await cache.index.touch(key, sizeBytes, cache.now());
    } catch (error) {
      // Bytes the index does not know of would never be evicted: take them away again.
      await this.storage.delete(key).catch(() => {});
      throw error;
    }
    try {
      for (const evicted of await cache.index.evictBeyond(cache.maxBytes)) await this.storage.delete(evicted);
    } catch (error) {
      cache.onError?.(error);
    }
  }

  private async acquire() {
    if (this.running < (this.engine.maxConcurrent ?? 1)) {
      this.running++;
      return;
    }
    if (this.waiting.length >= this.maxWaiting) throw new SpeechBusyError();
    // release() hands its slot straight to the first waiter.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
