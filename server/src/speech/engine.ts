import type { TtsVoice } from '@portal/contract';
import { EspeakEngine } from './espeak.ts';

/**
 * Text to speech, behind one interface: the portal asks for words in a voice and gets back a
 * WAV file in AUDIO_FORMAT (8 kHz, 16-bit, mono PCM). TextToSpeech (text-to-speech.ts) caches
 * what an engine answers and limits how many syntheses run at once.
 */
export interface SpeechEngine {
  /** Names the engine and its voices; part of the cache key, so another engine never answers with this one's audio. */
  readonly name: string;
  /** How many syntheses may run at once (default 1). */
  readonly maxConcurrent?: number;
  /** Speaks `text` (cleaned, 1 to MAX_TTS_TEXT_LENGTH characters) in `voice`: a WAV file in AUDIO_FORMAT. */
  synthesize(text: string, voice: TtsVoice): Promise<Buffer>;
  /** Frees what the engine holds (a worker thread, a connection); called when the server closes. */
  close?(): Promise<void>;
}

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
