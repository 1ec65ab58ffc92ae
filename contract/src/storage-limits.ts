import { formatBytes } from './audio-format.ts';

/**
 * How much one cloud phone (product) may store, and the speech cache's default size
 * (docs/operations.md, "Bounded storage"). The server refuses past a limit with 409 and one of these messages; the browser
 * shows it where the user acted. One rule, one place: both import it.
 */
export const STORAGE_LIMITS = {
  /** Custom call flows per product. */
  callFlowsPerProduct: 100,
  /** Audio files (greetings, announcements, uploads) per product; voicemail greeting and hold music are one each and replace. */
  audioFilesPerProduct: 200,
  /** Total bytes of a product's audio files. */
  audioBytesPerProduct: 200 * 1024 * 1024,
  /** Default size of the shared text-to-speech cache (SPEECH_CACHE_MB); least recently used entries go first. */
  speechCacheBytes: 100 * 1024 * 1024,
} as const;

/** The portal has no way to delete an audio file (spec 001 names none), so the audio messages point at reusing one. */
export const storageMessages = {
  tooManyCallFlows: `This phone system already has ${STORAGE_LIMITS.callFlowsPerProduct} call flows, the most it can have. Delete one to add another.`,
  tooManyAudioFiles: `This phone system already has ${STORAGE_LIMITS.audioFilesPerProduct} audio files, the most it can have. Choose one of them instead.`,
  audioBytesFull: (usedBytes: number, addBytes: number) =>
    `This phone system's audio files would take ${formatBytes(usedBytes + addBytes)}, over the ${formatBytes(STORAGE_LIMITS.audioBytesPerProduct)} it can store. Choose one of the existing audio files instead.`,
  serverFull: 'The server has run out of storage space; nothing was saved. Try again later.',
} as const;
