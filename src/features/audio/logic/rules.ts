import {
  audioMessages,
  cleanTtsText,
  MAX_AUDIO_NAME_LENGTH,
  MAX_GREETING_SECONDS,
  MAX_HOLD_MUSIC_SECONDS,
  MAX_UPLOAD_FILE_BYTES,
  MIN_AUDIO_MS,
  TtsText,
  UPLOAD_ACCEPT,
  type AudioKind,
} from '@portal/contract';

/**
 * The rules a take must meet before it is saved, as functions that answer the contract's
 * message or null. The numbers and the wording live in contract/src/audio-format.ts.
 */

/** Longest name of an audio file: the contract's, which the server checks too. */
export const AUDIO_NAME_MAX_LENGTH = MAX_AUDIO_NAME_LENGTH;

export interface AudioLimits {
  maxSeconds: number;
  /** What is shown when the kept part is longer than maxSeconds. */
  tooLong: string;
}

/** The length limit of a kind: hold music may be longer than a greeting. */
export function audioLimits(kind: AudioKind): AudioLimits {
  return kind === 'hold_music'
    ? { maxSeconds: MAX_HOLD_MUSIC_SECONDS, tooLong: audioMessages.holdMusicTooLong }
    : { maxSeconds: MAX_GREETING_SECONDS, tooLong: audioMessages.greetingTooLong };
}

// Trim inputs hold hundredths of a second: a region of exactly the limit must pass.
const EPSILON_SECONDS = 0.0005;

/**
 * Whether the kept part may be saved: too short (a slip of the trim handles) or longer than
 * the kind allows.
 * @example keptLengthProblem(0.1, 'greeting') // audioMessages.tooShort
 */
export function keptLengthProblem(seconds: number, kind: AudioKind): string | null {
  if (!Number.isFinite(seconds) || seconds * 1000 < MIN_AUDIO_MS - EPSILON_SECONDS * 1000)
    return audioMessages.tooShort;
  const { maxSeconds, tooLong } = audioLimits(kind);
  return seconds > maxSeconds + EPSILON_SECONDS ? tooLong : null;
}

/** File name endings the upload picker offers, from UPLOAD_ACCEPT (".wav", ".mp3", ...). */
export const UPLOAD_EXTENSIONS: readonly string[] = UPLOAD_ACCEPT.split(',')
  .map((part) => part.trim().toLowerCase())
  .filter((part) => part.startsWith('.'));

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** What a file looks like before it is read: its name, type and size (a File has all three). */
export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

/**
 * Checks a chosen file before reading a byte of it: not audio by type or name, empty, or
 * larger than the upload limit. Whether it really is audio is found by decoding it.
 * @example fileProblem({ name: 'notes.txt', type: 'text/plain', size: 120 }) // audioMessages.notAudio
 */
export function fileProblem(file: FileFacts): string | null {
  const type = file.type.toLowerCase();
  const looksLikeAudio = type.startsWith('audio/') || UPLOAD_EXTENSIONS.includes(extensionOf(file.name));
  if (!looksLikeAudio) return audioMessages.notAudio;
  if (file.size === 0) return audioMessages.empty;
  if (file.size > MAX_UPLOAD_FILE_BYTES) return audioMessages.fileTooLarge;
  return null;
}

/** The words for text to speech: something to say, and not too much of it, counted as the server counts (cleaned: TtsText). */
export function ttsTextProblem(text: string): string | null {
  const result = TtsText.safeParse(text);
  return result.success ? null : (result.error.issues[0]?.message ?? audioMessages.ttsTooLong);
}

/** How many characters of the limit the words use, as the server counts them. */
export const ttsTextLength = (text: string): number => cleanTtsText(text).length;

/**
 * What to tell the person when the microphone could not be opened, from the error
 * getUserMedia rejected with.
 */
export function microphoneProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return audioMessages.microphoneBlocked;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return audioMessages.microphoneMissing;
  return audioMessages.microphoneFailed;
}

/**
 * A length in seconds with one decimal, for the kept part.
 * @example formatLength(3.25) // '3.3 seconds'
 */
export function formatLength(seconds: number): string {
  const rounded = Math.round(seconds * 10) / 10;
  return `${rounded.toFixed(1)} second${rounded === 1 ? '' : 's'}`;
}
