import type { Inserts } from '../../db/connect.ts';
import { audioFiles } from '../../db/schema/audio.ts';

/** The demo's audio files of a phone (db/demo-acme.ts); their bytes are put in the audio storage first. */
export async function seedAudioFile(tx: Inserts, row: Omit<typeof audioFiles.$inferInsert, 'id'>): Promise<void> {
  await tx.insert(audioFiles).values(row);
}
