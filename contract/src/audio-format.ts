/**
 * The audio the phone platform plays, and the limits on what customers give it. The browser converts
 * every recording, upload and text-to-speech take to this format before it is saved; the server
 * accepts only this format and checks it (header, length, size). One rule, one place: both import it.
 */

/** What is stored and played: 8 kHz, 16-bit, mono PCM WAV (narrowband telephone audio, as G.711 carries it). */
export const AUDIO_FORMAT = { sampleRate: 8000, channels: 1, bitsPerSample: 16, contentType: 'audio/wav' } as const;

/** Bytes per second of stored audio. */
export const AUDIO_BYTES_PER_SECOND =
  (AUDIO_FORMAT.sampleRate * AUDIO_FORMAT.channels * AUDIO_FORMAT.bitsPerSample) / 8;

/** Longest greeting or announcement, in seconds. */
export const MAX_GREETING_SECONDS = 5 * 60;
/** Longest hold music, in seconds. */
export const MAX_HOLD_MUSIC_SECONDS = 10 * 60;
/** Shortest audio worth saving, in milliseconds (anything shorter is a slip of the trim handles). */
export const MIN_AUDIO_MS = 250;

/** Largest file a customer may pick to upload (before the browser converts it). */
export const MAX_UPLOAD_FILE_BYTES = 20 * 1024 * 1024;
/** Largest stored file the server accepts: the longest hold music in the stored format, plus the header. */
export const MAX_STORED_AUDIO_BYTES = MAX_HOLD_MUSIC_SECONDS * AUDIO_BYTES_PER_SECOND + 44;

/** File types the upload picker offers; anything the browser can decode is tried. */
export const UPLOAD_ACCEPT = 'audio/*,.wav,.mp3,.m4a,.ogg,.oga,.opus,.webm,.flac,.aac';

/** Longest text for text to speech, in characters. */
export const MAX_TTS_TEXT_LENGTH = 1000;
/** The voices text to speech offers (spec 001: tts_voice is a gender). */
export const TTS_VOICES = ['female', 'male'] as const;
export type TtsVoice = (typeof TTS_VOICES)[number];

/** Binary sizes in words a customer reads: "20 MB", "512 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Durations in words: "5 minutes", "90 seconds". */
export function formatSeconds(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** Messages both sides show for audio that breaks a rule above. */
export const audioMessages = {
  notAudio: 'Choose an audio file, such as a WAV or MP3 recording.',
  fileTooLarge: `The file must be smaller than ${formatBytes(MAX_UPLOAD_FILE_BYTES)}.`,
  empty: 'The file is empty. Choose a file that has a recording in it.',
  undecodable:
    'This file could not be read as audio. It may be damaged, or in a format your browser does not play; try a WAV or MP3 file.',
  wrongFormat: `Audio must be a ${AUDIO_FORMAT.sampleRate / 1000} kHz, ${AUDIO_FORMAT.bitsPerSample}-bit mono WAV file.`,
  truncated: 'The audio file is incomplete: it ends before the length its header gives. Upload it again.',
  tooShort: 'The audio is too short to play. Keep at least a quarter of a second.',
  greetingTooLong: `A greeting can be up to ${formatSeconds(MAX_GREETING_SECONDS)} long.`,
  holdMusicTooLong: `Hold music can be up to ${formatSeconds(MAX_HOLD_MUSIC_SECONDS)} long.`,
  storedTooLarge: `Audio must be smaller than ${formatBytes(MAX_STORED_AUDIO_BYTES)}.`,
  ttsEmpty: 'Type the words the caller should hear.',
  ttsTooLong: `The text can be up to ${MAX_TTS_TEXT_LENGTH} characters long.`,
  microphoneBlocked:
    'Your browser has blocked the microphone. Allow microphone access for this site (usually from the icon in the address bar), then try again.',
  microphoneMissing: 'No microphone was found. Connect a microphone, then try again.',
  microphoneFailed: 'The microphone could not be started. Check that no other app is using it, then try again.',
  noVoicemailGreeting: 'No audio file for voicemail greeting. Please upload one',
} as const;

/** What an audio file is for (spec 001 "Audio file" kind; the values are the portal's own). */
export const AUDIO_KINDS = ['greeting', 'menu', 'announcement', 'voicemail_greeting', 'hold_music'] as const;
export type AudioKind = (typeof AUDIO_KINDS)[number];
/** How it was made (sub_kind). */
export const AUDIO_SUB_KINDS = ['recording', 'text_to_speech', 'upload'] as const;
export type AudioSubKind = (typeof AUDIO_SUB_KINDS)[number];
