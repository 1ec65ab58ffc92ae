import type { Config } from '../config.ts';
import type { SpeechEngine } from './engine.ts';
import { EspeakEngine } from './espeak.ts';

/**
 * The engine the configuration names: SPEECH_ENGINE=espeak (the default) is eSpeak NG compiled
 * to WebAssembly, running in this process with nothing to install or pay for. A production
 * engine (a cloud text-to-speech service with natural voices) plugs in here: a class that
 * implements SpeechEngine, answers WAV in AUDIO_FORMAT (resample.ts converts other rates), and
 * takes its credentials from settings of its own in config.ts, chosen by SPEECH_ENGINE=<its name>.
 */
export function createSpeechEngine(choice: Config['speechEngine']): SpeechEngine {
  switch (choice) {
    case 'espeak':
      return new EspeakEngine();
  }
}
