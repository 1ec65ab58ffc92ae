import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { OpenedDatabase } from '../db/connect.ts';
import { openTestDatabase } from '../test/helper.ts';
import { FilesystemAudioStorage, MemoryAudioStorage, type AudioStorage } from './storage.ts';
import { CopySliceReader, DatabaseAudioStorage } from './stored-audio-repository.ts';

let database: OpenedDatabase;
const folder = mkdtempSync(join(tmpdir(), 'read-into-'));
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  rmSync(folder, { recursive: true, force: true });
});

const storages: Array<[string, () => AudioStorage]> = [
  ['the filesystem', () => new FilesystemAudioStorage(folder)],
  ['memory', () => new MemoryAudioStorage()],
  // With the pool (PostgreSQL: the server-postgres project, which .ci/run runs) a binary COPY; without it the
  // slices as hex text, as on PGlite, which has no pool (there both cases read as hex).
  [
    'the database (binary COPY through the pool on PostgreSQL)',
    () => new DatabaseAudioStorage(database.db, database.pool),
  ],
  ['the database, read as hex text', () => new DatabaseAudioStorage(database.db)],
];

describe.each(storages)('reading stored audio part by part from %s', (_, make) => {
  it('hands over the bytes in order through the one buffer given, and false for a key with nothing stored', async () => {
    const storage = make();
    const buffer = Buffer.alloc(1000);
    // Two and a half buffers, an exact two, and an empty file.
    const files = { '9/a.wav': 2500, '9/b.wav': 2000, '9/c.wav': 0 };
    for (const [key, size] of Object.entries(files))
      await storage.put(key, Buffer.from(Array.from({ length: size }, (_, i) => (i * 7) % 256)));
    for (const [key, size] of Object.entries(files)) {
      const parts: Buffer[] = [];
      const found = await storage.readInto(key, buffer, async (part) => {
        expect(part.buffer).toBe(buffer.buffer);
        parts.push(Buffer.from(part));
      });
      expect(found).toBe(true);
      expect(parts.map((part) => part.length)).toEqual(
        size === 2500 ? [1000, 1000, 500] : size === 2000 ? [1000, 1000] : [],
      );
      expect(Buffer.concat(parts).equals((await storage.get(key))!)).toBe(true);
    }
    expect(await storage.readInto('9/none.wav', buffer, async () => expect.fail('no part of nothing'))).toBe(false);
    await expect(storage.readInto('../x', buffer, async () => {})).rejects.toThrow(/Invalid audio storage key/);
  });
});

describe('reading a binary COPY of one slice', () => {
  // What PostgreSQL sends for `copy (select ...) to stdout (format binary)`: the header, then the rows, then -1.
  const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
  const end = Buffer.from([0xff, 0xff]);
  const row = (bytes: Buffer) => {
    const start = Buffer.alloc(6);
    start.writeInt16BE(1, 0);
    start.writeInt32BE(bytes.length, 2);
    return Buffer.concat([start, bytes]);
  };
  const read = (copy: Buffer, chunkSize: number, buffer: Buffer) => {
    const reader = new CopySliceReader(buffer);
    for (let at = 0; at < copy.length; at += chunkSize) reader.push(copy.subarray(at, at + chunkSize));
    return reader.end();
  };

  it('copies the bytes of the row into the buffer however the socket cuts them, and says null for no row', () => {
    const bytes = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 13) % 256));
    const copy = Buffer.concat([header, row(bytes), end]);
    for (const chunkSize of [1, 2, 7, 25, 26, 64, copy.length]) {
      const buffer = Buffer.alloc(300);
      expect(read(copy, chunkSize, buffer)).toBe(300);
      expect(buffer.equals(bytes)).toBe(true);
    }
    expect(read(Buffer.concat([header, row(Buffer.alloc(0)), end]), 3, Buffer.alloc(10))).toBe(0);
    for (const chunkSize of [1, 5, 21])
      expect(read(Buffer.concat([header, end]), chunkSize, Buffer.alloc(10))).toBeNull();
  });

  it('refuses what it cannot have read whole: a slice too long for the buffer, a cut-off row, another format', () => {
    const copy = Buffer.concat([header, row(Buffer.alloc(20, 1)), end]);
    expect(() => read(copy, 8, Buffer.alloc(10))).toThrow(/does not fit/);
    expect(() => read(copy.subarray(0, 40), 8, Buffer.alloc(20))).toThrow(/part way/);
    expect(() => read(Buffer.concat([Buffer.from('COPY'), copy]), 8, Buffer.alloc(20))).toThrow(/Not a binary COPY/);
    // As short as an empty COPY and ending like one, but not one.
    expect(() => read(Buffer.concat([Buffer.alloc(19, 7), end]), 4, Buffer.alloc(20))).toThrow(/part way/);
  });
});
