import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { storedAudio } from '../db/schema/index.ts';
import { assertStorageKey, type AudioStorage } from './storage.ts';

/**
 * Audio bytes in the database's stored_audio table (AUDIO_STORAGE=database): every server process on
 * one PostgreSQL reads what any of them wrote. A put is one statement, so a reader sees the whole
 * file or none; a full disk fails it with PostgreSQL's disk_full (53100), answered 507.
 */
export class DatabaseAudioStorage implements AudioStorage {
  constructor(private readonly db: Database) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    assertStorageKey(key);
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await this.db
      .insert(storedAudio)
      .values({ key, bytes: buffer, sizeBytes: buffer.length })
      .onConflictDoUpdate({ target: storedAudio.key, set: { bytes: buffer, sizeBytes: buffer.length } });
  }

  async get(key: string): Promise<Buffer | null> {
    assertStorageKey(key);
    const [row] = await this.db.select({ bytes: storedAudio.bytes }).from(storedAudio).where(eq(storedAudio.key, key)).limit(1);
    return row ? row.bytes : null;
  }

  /**
   * One statement per buffer's length, the slice sent as hex text and decoded into `buffer`. node-postgres
   * makes every value a string on the way (about twice the slice's size): garbage the collector takes back,
   * which it leaves to gather for a while on a large zip (the README's call-log figures).
   */
  async readInto(key: string, buffer: Buffer, use: (part: Buffer) => Promise<void>): Promise<boolean> {
    assertStorageKey(key);
    for (let offset = 0; ; offset += buffer.length) {
      const [row] = await this.db
        .select({ hex: sql<string>`encode(substring(${storedAudio.bytes} from ${offset + 1} for ${buffer.length}), 'hex')` })
        .from(storedAudio)
        .where(eq(storedAudio.key, key));
      if (!row) {
        if (offset === 0) return false;
        throw new Error(`Audio "${key}" was removed while it was read`);
      }
      const length = buffer.write(row.hex, 'hex');
      if (length > 0) await use(buffer.subarray(0, length));
      if (length < buffer.length) return true;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.db.delete(storedAudio).where(eq(storedAudio.key, key));
  }
}
