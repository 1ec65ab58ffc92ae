import type { TtsVoice } from '@portal/contract';

import type { SpeechEngine } from '../speech/engine.ts';
import { EspeakEngine } from '../speech/espeak.ts';

/** The real eSpeak engine, counting the syntheses it runs (to prove the cache) and able to fail on demand. */
export class CountingSpeechEngine implements SpeechEngine {
  readonly calls: Array<{ text: string; voice: TtsVoice }> = [];
  /** While true, every synthesis fails, as a broken engine would. */
  failing = false;

  constructor(private readonly inner: SpeechEngine = new EspeakEngine()) {}

  get name() {
    return this.inner.name;
  }

  get maxConcurrent() {
    return this.inner.maxConcurrent;
  }

  async synthesize(text: string, voice: TtsVoice): Promise<Buffer> {
    this.calls.push({ text, voice });
    if (this.failing) throw new Error('the speech engine is down');
    return this.inner.synthesize(text, voice);
  }

  async close() {
    await this.inner.close?.();
  }
}
