import type { AudioKind, AudioSubKind, TtsVoice } from '@portal/contract';

import type { DecodedAudio } from './convert.ts';

/** What the dialog hands to `services.save`: the kept audio in the stored format and its details. */
export interface AudioSaveInput {
  /** 8 kHz, 16-bit, mono PCM WAV (AUDIO_FORMAT): exactly the part that was kept. */
  wav: Blob;
  /** The name the person gave it (trimmed, 1-100 characters). */
  name: string;
  kind: AudioKind;
  /** How it was made: 'recording', 'text_to_speech' or 'upload'. */
  sub_kind: AudioSubKind;
  /** The words, for text to speech. */
  text?: string;
  tts_voice?: TtsVoice;
  /** Length of `wav` in milliseconds. */
  durationMs: number;
}

export interface AudioSaveOptions {
  /** Call with 0..1 as the upload goes (uploadMultipart's onProgress fits). */
  onProgress: (fraction: number) => void;
  /** Aborted when the person cancels or the dialog closes. */
  signal: AbortSignal;
}

/**
 * How the audio dialog reaches the outside world; the page that opens it supplies these.
 * Both throw an Error with a readable message when they fail (an ApiError is shown with
 * userErrorText). `TSaved` is whatever `save` answers; it goes to the dialog's `onSaved`.
 */
export interface AudioServices<TSaved = unknown> {
  /** Speaks the words and answers the audio (any format the browser plays; WAV from our server). Leave out where there is no text to speech. */
  synthesize?: (text: string, voice: TtsVoice, options: { signal: AbortSignal }) => Promise<Blob>;
  save: (input: AudioSaveInput, options: AudioSaveOptions) => Promise<TSaved>;
}

/** The ways of making audio, in the order the dialog offers them. */
export type AudioMethod = 'record' | 'text_to_speech' | 'upload';

/** One piece of audio to listen to, trim and save: a recording, a text-to-speech preview or an uploaded file. */
export interface Take {
  /** Changes with every new take, so the waveform and trim start afresh. */
  id: number;
  /** The audio as it came (what the waveform plays). */
  blob: Blob;
  /** The same audio decoded, for the waveform outline and for saving. */
  audio: DecodedAudio;
  subKind: AudioSubKind;
  /** Shown above the waveform: "Your recording", "Text to speech (female voice)", the file's name. */
  label: string;
  text?: string;
  voice?: TtsVoice;
}

/** A take as a panel makes it; the dialog gives it its id. */
export type NewTake = Omit<Take, 'id'>;
