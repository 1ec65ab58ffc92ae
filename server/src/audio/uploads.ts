import { randomBytes } from 'node:crypto';

import { detailError } from '../plugins/errors.ts';
import { checkAudio } from './check.ts';

/** The audio to store, or the 400/413 answer of the first rule it breaks (checkAudio). */
export function checkedUpload(bytes: Uint8Array, kind: string): { wav: Buffer; durationMs: number } {
  const checked = checkAudio(bytes, kind);
  if (!checked.ok) throw detailError(checked.status, checked.message);
  return checked;
}

/**
 * A new stored filename, made here and never taken from the client: `{stem}-{random}.wav`,
 * safe as a storage key segment and in a content-disposition header.
 * @example newStoredFilename('voicemail_greeting') // 'voicemail-greeting-3f9a1c2b7d4e5f60.wav'
 */
export function newStoredFilename(stem: string): string {
  return `${stem.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${randomBytes(8).toString('hex')}.wav`;
}
