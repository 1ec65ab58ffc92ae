import { eq, getTableName, sql } from 'drizzle-orm';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

import type { Database } from '../db/connect.ts';
import { storedAudio } from '../db/schema/index.ts';
import { assertStorageKey, type AudioStorage } from './storage.ts';

/**
 * Audio bytes in the database's stored_audio table (AUDIO_STORAGE=database): every server process on
 * one PostgreSQL reads what any of them wrote. A put is one statement, so a reader sees the whole
 * file or none; a full disk fails it with PostgreSQL's disk_full (53100), answered 507.
 */
export class DatabaseAudioStorage implements AudioStorage {
  /** `pool`: the PostgreSQL pool under `db` (OpenedDatabase.pool), for reading as binary; none on PGlite. */
  constructor(
    private readonly db: Database,
    private readonly pool?: pg.Pool,
  ) {}

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
    const [row] = await this.db
      .select({ bytes: storedAudio.bytes })
      .from(storedAudio)
      .where(eq(storedAudio.key, key))
      .limit(1);
    return row ? row.bytes : null;
  }

  /**
   * One statement per buffer's length: the slice of the stored bytes from `offset`, read into `buffer`.
   * On PostgreSQL (with the pool) a binary COPY, whose bytes arrive as the socket's own buffers; on
   * PGlite the slice as hex text. node-postgres makes every ordinary value a string (about twice the
   * slice's size), garbage that a large zip left piling up for a while (bench:call-log's zip figures, bench/README.md).
   * The connection goes back to the pool before `use` runs, so a slow client holds none.
   */
  async readInto(key: string, buffer: Buffer, use: (part: Buffer) => Promise<void>): Promise<boolean> {
    assertStorageKey(key);
    for (let offset = 0; ; offset += buffer.length) {
      const length = this.pool
        ? await copySlice(this.pool, key, offset, buffer)
        : await this.hexSlice(key, offset, buffer);
      if (length === null) {
        if (offset === 0) return false;
        throw new Error(`Audio "${key}" was removed while it was read`);
      }
      if (length > 0) await use(buffer.subarray(0, length));
      if (length < buffer.length) return true;
    }
  }

  /** The slice as hex text, decoded into `buffer`: its length, or null when there is no such file. */
  private async hexSlice(key: string, offset: number, buffer: Buffer): Promise<number | null> {
    const [row] = await this.db
      .select({
        hex: sql<string>`encode(substring(${storedAudio.bytes} from ${offset + 1} for ${buffer.length}), 'hex')`,
      })
      .from(storedAudio)
      .where(eq(storedAudio.key, key));
    return row ? buffer.write(row.hex, 'hex') : null;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.db.delete(storedAudio).where(eq(storedAudio.key, key));
  }
}

// PostgreSQL's binary COPY: an 11-byte signature, 32-bit flags and header-extension length, then per row a 16-bit
// field count and per field a 32-bit length and the bytes; a field count of -1 ends it.
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
// After the signature and the flags: the header extension's length, 0 in every PostgreSQL so far.
const EXTENSION_LENGTH_AT = COPY_SIGNATURE.length + 4;
const COPY_HEADER = EXTENSION_LENGTH_AT + 4;
const ROW_START = COPY_HEADER + 2 + 4;

/**
 * Reads one slice of a stored file with `copy (select substring(...)) to stdout (format binary)`, straight into
 * `buffer`: its length, or null when there is no such file. COPY takes no parameters, so the key (checked by
 * assertStorageKey) goes in as an escaped literal.
 */
async function copySlice(pool: pg.Pool, key: string, offset: number, buffer: Buffer): Promise<number | null> {
  const client = await pool.connect();
  try {
    const table = getTableName(storedAudio);
    const text = `copy (select substring(bytes from ${offset + 1} for ${buffer.length}) from ${table} where key = ${client.escapeLiteral(key)}) to stdout (format binary)`;
    const reader = new CopySliceReader(buffer);
    for await (const chunk of client.query(copyTo(text))) reader.push(chunk as Buffer);
    const length = reader.end();
    client.release();
    return length;
  } catch (error) {
    // A connection left part way through a COPY is not given to anyone else.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

/** Takes a one-row, one-column binary COPY as it arrives, chunk by chunk, and copies the column's bytes into `buffer`. */
export class CopySliceReader {
  private readonly start = Buffer.alloc(ROW_START);
  private startLength = 0;
  private dataLength = -1;
  private written = 0;

  constructor(private readonly buffer: Buffer) {}

  push(chunk: Buffer): void {
    let at = 0;
    if (this.startLength < ROW_START) {
      at = chunk.copy(this.start, this.startLength, 0, ROW_START - this.startLength);
      this.startLength += at;
      if (this.startLength < ROW_START) return;
      if (
        !this.start.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE) ||
        this.start.readInt32BE(EXTENSION_LENGTH_AT) !== 0
      ) {
        throw new Error('Not a binary COPY this reader knows');
      }
      // A row: one field (-1 would be the end, but a row's start is longer than the end's).
      if (this.start.readInt16BE(COPY_HEADER) !== 1) throw new Error('A binary COPY row of one field was expected');
      this.dataLength = this.start.readInt32BE(COPY_HEADER + 2);
      if (this.dataLength > this.buffer.length)
        throw new Error(`A slice of ${this.dataLength} bytes does not fit in ${this.buffer.length}`);
    }
    const wanted = Math.max(0, this.dataLength - this.written);
    this.written += chunk.copy(this.buffer, this.written, at, at + wanted);
  }

  /** The slice's length once the COPY is over, or null when it held no row. */
  end(): number | null {
    // No row: the header and the end mark (-1) only, shorter than a row's start.
    const header = this.start.subarray(0, COPY_SIGNATURE.length);
    if (
      this.startLength === COPY_HEADER + 2 &&
      header.equals(COPY_SIGNATURE) &&
      this.start.readInt16BE(COPY_HEADER) === -1
    )
      return null;
    if (this.dataLength < 0 || this.written !== this.dataLength)
      throw new Error('The binary COPY ended part way through its row');
    return this.dataLength;
  }
}
