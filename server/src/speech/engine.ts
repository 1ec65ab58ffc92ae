import type { TtsVoice } from '@portal/contract';

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
