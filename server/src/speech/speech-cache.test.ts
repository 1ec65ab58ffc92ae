import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TtsVoice } from '@portal/contract';

import { MemoryAudioStorage, type AudioStorage } from '../audio/storage.ts';
import { DatabaseAudioStorage } from '../audio/stored-audio-repository.ts';
import { encodeWav } from '../audio/wav.ts';
import type { OpenedDatabase } from '../db/connect.ts';
import { openTestDatabase, TestClock } from '../test/helper.ts';
import type { SpeechEngine } from './engine.ts';
import { createSpeechCacheRepository } from './speech-cache-repository.ts';
import { TextToSpeech } from './text-to-speech.ts';

/** Answers at once: 100 ms of silence per character (1,600 bytes each), counting its calls. */
class InstantEngine implements SpeechEngine {
  readonly name = 'instant';
  calls = 0;
  async synthesize(text: string, _voice: TtsVoice): Promise<Buffer> {
    this.calls++;
    return encodeWav(new Int16Array(800 * text.length));
  }
}

let database: OpenedDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe('the text-to-speech cache', () => {
  it('keeps its size by evicting the least recently used entries, shared through the database', async () => {
    const clock = new TestClock();
    const storage = new MemoryAudioStorage();
    const index = createSpeechCacheRepository(database.db);
    const engine = new InstantEngine();
    // Room for three 10-character entries (16,044 bytes each), not four.
    const maxBytes = 3 * 16_044 + 100;
    const make = () => new TextToSpeech(engine, storage, undefined, { index, maxBytes, now: clock.now });
    // Two "processes" sharing the storage and the index.
    const [one, two] = [make(), make()];
    const speak = async (speech: TextToSpeech, text: string) => {
      clock.advance(1000);
      return speech.speak(text, 'female');
    };

    await speak(one, 'aaaaaaaaaa');
    await speak(two, 'bbbbbbbbbb');
    await speak(one, 'cccccccccc');
    expect(await index.totalBytes()).toBe(3 * 16_044);
    // A read through the other process makes "a" the most recently used ...
    await speak(two, 'aaaaaaaaaa');
    expect(engine.calls).toBe(3);
    // ... so a fourth entry evicts "b", the least recently used, bytes and all.
    await speak(one, 'dddddddddd');
    expect(await index.totalBytes()).toBe(3 * 16_044);
    expect(await storage.get(one.cacheKey('bbbbbbbbbb', 'female'))).toBeNull();
    expect(await storage.get(one.cacheKey('aaaaaaaaaa', 'female'))).not.toBeNull();
    // "b" again is a new synthesis; "a" still is not.
    await speak(two, 'bbbbbbbbbb');
    await speak(two, 'aaaaaaaaaa');
    expect(engine.calls).toBe(5);
    // An entry larger than the whole cache is answered, and not kept.
    const huge = await speak(one, 'x'.repeat(40));
    expect(huge.length).toBeGreaterThan(maxBytes);
    expect(await storage.get(one.cacheKey('x'.repeat(40), 'female'))).toBeNull();
    expect(await index.totalBytes()).toBeLessThanOrEqual(maxBytes);
  });
});

describe('DatabaseAudioStorage', () => {
  it('stores, replaces, reads and deletes bytes by key, and refuses a key that could escape', async () => {
    const storage: AudioStorage = new DatabaseAudioStorage(database.db);
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256));
    await storage.put('7/greeting-1.wav', bytes);
    expect((await storage.get('7/greeting-1.wav'))?.equals(bytes)).toBe(true);
    await storage.put('7/greeting-1.wav', bytes.subarray(10, 20));
    expect((await storage.get('7/greeting-1.wav'))?.equals(bytes.subarray(10, 20))).toBe(true);
    expect(await storage.get('7/other.wav')).toBeNull();
    await storage.delete('7/greeting-1.wav');
    await storage.delete('7/greeting-1.wav');
    expect(await storage.get('7/greeting-1.wav')).toBeNull();
    await expect(storage.put('../etc/passwd', bytes)).rejects.toThrow(/Invalid audio storage key/);
  });
});
