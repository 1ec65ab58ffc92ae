import type { SpeechEngine } from './engine.ts';
import { EspeakEngine } from './espeak.ts';

export const SPEECH_ENGINES = ['espeak'] as const;

/**
 * The engine the configuration names: SPEECH_ENGINE=espeak (the default) is eSpeak NG compiled
 * to WebAssembly, running in this process with nothing to install or pay for. A production
 * engine (a cloud text-to-speech service with natural voices) plugs in here: a class that
 * implements SpeechEngine, answers WAV in AUDIO_FORMAT (resample.ts converts other rates), and
 * reads its credentials from its own environment variables, chosen by SPEECH_ENGINE=<its name>.
 */
export function createSpeechEngine(env: Record<string, string | undefined> = process.env): SpeechEngine {
  const choice = env.SPEECH_ENGINE || 'espeak';
  switch (choice) {
    case 'espeak':
      return new EspeakEngine();
    default:
      throw new Error(`SPEECH_ENGINE must be one of ${SPEECH_ENGINES.join(', ')}, not "${choice}"`);
  }
}
