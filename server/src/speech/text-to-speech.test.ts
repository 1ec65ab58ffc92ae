import { afterAll, describe, expect, it } from 'vitest';

import { AUDIO_FORMAT, audioMessages, type TtsVoice } from '@portal/contract';

import { readWav } from '../audio/check.ts';
import { MemoryAudioStorage } from '../audio/storage.ts';
import { encodeWav } from '../audio/wav.ts';
import { readConfig } from '../config.ts';
import { createSpeechEngine } from './create-speech-engine.ts';
import type { SpeechEngine } from './engine.ts';
import { EspeakEngine } from './espeak.ts';
import { SpeechBusyError, TextToSpeech } from './text-to-speech.ts';

/** An engine that answers silence of one second per word, when told to. */
class ManualEngine implements SpeechEngine {
  readonly name = 'manual';
  readonly started: Array<{ text: string; finish: () => void }> = [];
  constructor(readonly maxConcurrent = 1) {}
  synthesize(text: string, _voice: TtsVoice): Promise<Buffer> {
    return new Promise((resolve) => {
      this.started.push({ text, finish: () => resolve(encodeWav(new Int16Array(8000 * text.split(' ').length))) });
    });
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('TextToSpeech', () => {
  it('caches by engine, voice and text, and shares one synthesis between identical requests in flight', async () => {
    const engine = new ManualEngine();
    const storage = new MemoryAudioStorage();
    const speech = new TextToSpeech(engine, storage);
    const first = speech.speak('Hello there', 'female');
    const same = speech.speak('  Hello \n there ', 'female');
    await tick();
    expect(engine.started.map((job) => job.text)).toEqual(['Hello there']);
    engine.started[0]!.finish();
    const [a, b] = await Promise.all([first, same]);
    expect(a.equals(b)).toBe(true);
    expect(await storage.get(speech.cacheKey('Hello there', 'female'))).toEqual(a);
    expect(speech.cacheKey('Hello there', 'female')).toMatch(/^tts-cache\/[0-9a-f]{64}\.wav$/);
    expect(speech.cacheKey('Hello there', 'male')).not.toBe(speech.cacheKey('Hello there', 'female'));

    // Cached: the engine is not asked again.
    expect((await speech.speak('Hello there', 'female')).equals(a)).toBe(true);
    expect(engine.started).toHaveLength(1);
    // Another voice is another synthesis.
    const male = speech.speak('Hello there', 'male');
    await tick();
    expect(engine.started).toHaveLength(2);
    engine.started[1]!.finish();
    await male;
  });

  it('runs one synthesis at a time, queues a few, and answers busy beyond that', async () => {
    const engine = new ManualEngine(1);
    const speech = new TextToSpeech(engine, new MemoryAudioStorage(), 2);
    const results = ['one', 'two', 'three'].map((text) => speech.speak(text, 'male'));
    await tick();
    expect(engine.started.map((job) => job.text)).toEqual(['one']);
    await expect(speech.speak('four', 'male')).rejects.toBeInstanceOf(SpeechBusyError);
    engine.started[0]!.finish();
    await tick();
    expect(engine.started.map((job) => job.text)).toEqual(['one', 'two']);
    engine.started[1]!.finish();
    await tick();
    engine.started[2]!.finish();
    expect((await Promise.all(results)).map((wav) => wav.length)).toEqual([16044, 16044, 16044]);
  });

  it('refuses empty and over-long text whoever calls it', async () => {
    const speech = new TextToSpeech(new ManualEngine(), new MemoryAudioStorage());
    await expect(speech.speak(' \u0000\n ', 'female')).rejects.toThrow(audioMessages.ttsEmpty);
    await expect(speech.speak('a'.repeat(1001), 'female')).rejects.toThrow(audioMessages.ttsTooLong);
  });
});

describe('the eSpeak NG engine', () => {
  const engine = new EspeakEngine();
  afterAll(() => engine.close());

  it('is the default engine, and an unknown SPEECH_ENGINE is a start-up error', async () => {
    const chosen = createSpeechEngine(readConfig({}).speechEngine);
    expect(chosen).toBeInstanceOf(EspeakEngine);
    await chosen.close?.();
    expect(() => readConfig({ SPEECH_ENGINE: 'nonsense' })).toThrow(/SPEECH_ENGINE must be one of espeak/);
  });

  it('speaks in AUDIO_FORMAT, for about as long as the words take, in two different voices', async () => {
    const text = 'Thank you for calling Acme Plumbing. Please hold.';
    const [female, male] = await Promise.all([engine.synthesize(text, 'female'), engine.synthesize(text, 'male')]);
    for (const wav of [female, male]) {
      const reading = readWav(wav);
      expect(reading.ok).toBe(true);
      if (!reading.ok) return;
      expect(reading.wav).toMatchObject({
        formatTag: 1,
        channels: AUDIO_FORMAT.channels,
        sampleRate: AUDIO_FORMAT.sampleRate,
        bitsPerSample: 16,
        dataOffset: 44,
      });
      const seconds = reading.wav.dataBytes / 16000;
      // Eight words at eSpeak's 175 words a minute, with pauses: two to five seconds.
      expect(seconds).toBeGreaterThan(2);
      expect(seconds).toBeLessThan(5);
      // Speech, not silence.
      let loud = 0;
      for (let i = 44; i < wav.length; i += 2) if (Math.abs(wav.readInt16LE(i)) > 1000) loud++;
      expect(loud).toBeGreaterThan(1000);
    }
    expect(female.equals(male)).toBe(false);
    // Repeatable (eSpeak's -D): the same words always give the same bytes, as the cache assumes.
    expect((await engine.synthesize(text, 'female')).equals(female)).toBe(true);
  });

  it('reads text that looks like an option as words', async () => {
    const wav = await engine.synthesize('--help -w /etc/passwd', 'male');
    expect(readWav(wav)).toMatchObject({ ok: true, wav: { sampleRate: 8000 } });
    expect(wav.length).toBeGreaterThan(44 + 16000);
  });
});
